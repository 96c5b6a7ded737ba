/// The unit a weight is written in. A report converts every set into its own unit before any
/// 1RM is worked out, with the international pound's exact definition.
public enum WeightUnit: String, CaseIterable, Sendable, Encodable {
    case kg, lb

    /// 1 lb = 0.45359237 kg, exactly (the international yard and pound agreement of 1959).
    public static let kilogramsPerPound = 0.45359237

    /// The label pages, charts, e-mails and report.json show: `kg` or `lb`.
    public var label: String { rawValue }

    /// `weight` (in this unit) in `target`: one multiplication or division by the exact factor,
    /// and no arithmetic at all when the units agree, so a log in the report's unit is read as written.
    public func convert(_ weight: Double, to target: WeightUnit) -> Double {
        switch (self, target) {
        case (.kg, .kg), (.lb, .lb): weight
        case (.lb, .kg): weight * Self.kilogramsPerPound
        case (.kg, .lb): weight / Self.kilogramsPerPound
        }
    }

    /// A unit as people and apps write it: `kg`, `kgs`, `kilograms`, `lb`, `lbs`, `pounds`, in any
    /// letter case; nil for anything else.
    public init?(spelling text: some StringProtocol) {
        switch text.lowercased() {
        case "kg", "kgs", "kilo", "kilos", "kilogram", "kilograms": self = .kg
        case "lb", "lbs", "pound", "pounds": self = .lb
        default: return nil
        }
    }
}
