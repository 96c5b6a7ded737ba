/// The credit-score band reported by the agency: 0…4 from worst to best.
///
/// Any other number is kept as `.unknown(n)` rather than rejected, so a report from a
/// newer source still renders (as "Unknown band", with a warning; see `CreditReport.warnings`).
public enum ScoreBand: Hashable, Sendable {
    case veryPoor, poor, fair, good, excellent
    case unknown(Int)

    /// The five known bands, worst first: the order of the band bar's segments.
    public static let known: [ScoreBand] = [.veryPoor, .poor, .fair, .good, .excellent]

    public init(rawBand: Int) {
        self = ScoreBand.known.indices.contains(rawBand) ? ScoreBand.known[rawBand] : .unknown(rawBand)
    }

    /// The number the source used for this band.
    public var rawBand: Int {
        switch self {
        case .veryPoor: 0
        case .poor: 1
        case .fair: 2
        case .good: 3
        case .excellent: 4
        case .unknown(let raw): raw
        }
    }

    /// Position on the band bar (0…4), or nil for an unknown band.
    public var index: Int? {
        if case .unknown = self { return nil }
        return rawBand
    }

    /// The band's name in message keys (`creditScore.bandNames.veryPoor`).
    public var key: String {
        switch self {
        case .veryPoor: "veryPoor"
        case .poor: "poor"
        case .fair: "fair"
        case .good: "good"
        case .excellent: "excellent"
        case .unknown: "unknown"
        }
    }

    public var name: String {
        switch self {
        case .veryPoor: "Very poor"
        case .poor: "Poor"
        case .fair: "Fair"
        case .good: "Good"
        case .excellent: "Excellent"
        case .unknown: "Unknown band"
        }
    }
}
