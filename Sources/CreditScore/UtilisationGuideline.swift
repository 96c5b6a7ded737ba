/// Where a credit utilisation stands against the guidelines lenders are said to use: 30 % is
/// the common one, 25 % and 10 % stricter ones.
///
/// A guideline is met at or under its figure: exactly 30 % meets the usual guideline, 31 % does
/// not (advice is written "30 % or less" as often as "under 30 %", and the figures are whole
/// percents, so the figure itself counts as meeting it). A negative figure counts as 10 % or less.
public enum UtilisationGuideline: String, CaseIterable, Sendable {
    /// 10 % or less: within even the strictest guideline.
    case atMost10
    /// 11–25 %: within the stricter 25 % guideline.
    case atMost25
    /// 26–30 %: within the usual guideline only.
    case atMost30
    /// Above 30 %.
    case over30

    /// The usual guideline and the two stricter ones, in percent.
    public static let usual = 30
    public static let stricter = 25
    public static let strictest = 10

    /// The guideline a whole-percent utilisation meets; nil when there is no figure.
    public init?(utilisation: Int?) {
        guard let utilisation else { return nil }
        switch utilisation {
        case ...Self.strictest: self = .atMost10
        case ...Self.stricter: self = .atMost25
        case ...Self.usual: self = .atMost30
        default: self = .over30
        }
    }

    /// Whether the usual 30 % guideline is met.
    public var meetsUsual: Bool { self != .over30 }

    /// How a utilisation moved across the usual 30 % line from `previous` to `current`; nil when
    /// it stayed on one side or either figure is missing.
    public static func crossing(from previous: Int?, to current: Int?) -> Crossing? {
        guard let before = UtilisationGuideline(utilisation: previous),
            let now = UtilisationGuideline(utilisation: current), before.meetsUsual != now.meetsUsual
        else { return nil }
        return now.meetsUsual ? .backWithin : .above
    }

    /// A move across the usual guideline.
    public enum Crossing: Equatable, Sendable {
        /// From 30 % or less to above it.
        case above
        /// From above 30 % to 30 % or less.
        case backWithin
    }
}
