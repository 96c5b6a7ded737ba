/// One credit card of the report (short-term or long-term credit). Every figure is optional:
/// the source leaves out what does not apply (e.g. no limit on a mortgage).
public struct CreditSection: Equatable, Sendable {
    /// Current debt, in whole currency units.
    public let debt: Int?
    /// Credit limit, in whole currency units.
    public let limit: Int?
    /// Share of the limit in use, in percent, as reported (not recomputed from debt/limit).
    public let utilisation: Int?
    /// Change of debt since the previous report, in whole currency units.
    public let change: Int?

    public init(debt: Int? = nil, limit: Int? = nil, utilisation: Int? = nil, change: Int? = nil) {
        self.debt = debt
        self.limit = limit
        self.utilisation = utilisation
        self.change = change
    }

    /// How far the half-ring utilisation gauge is filled, in 0…1; nil when utilisation is missing.
    /// Over-limit accounts (above 100 %) fill the gauge; `CreditReport.warnings` says so.
    public var utilisationFill: Double? {
        utilisation.map { min(max(Double($0) / 100, 0), 1) }
    }

    /// Whether the utilisation lies outside 0…100 % and so the gauge clamps it.
    public var isUtilisationClamped: Bool {
        utilisation.map { !(0...100).contains($0) } ?? false
    }
}
