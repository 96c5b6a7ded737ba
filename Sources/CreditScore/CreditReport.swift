/// The figures of one credit report, as read from ClearScore-style JSON (SPEC §1.3).
///
/// Invariant: `minScore < maxScore` (checked on creation), so `fill` is always defined.
/// The score itself is kept as given even outside the range; see `fill` and `warnings`.
public struct CreditReport: Equatable, Sendable {
    public let score: Int
    public let minScore: Int
    public let maxScore: Int
    public let band: ScoreBand
    public let positiveFactors: Int
    public let negativeFactors: Int
    public let shortTerm: CreditSection
    public let longTerm: CreditSection

    public let bandDescription: String?
    public let daysUntilNextReport: Int?
    public let percentageCreditUsed: Int?
    public let hasEverDefaulted: Bool?
    /// As given by the source, which uses -1 for "never".
    public let monthsSinceLastDefaulted: Int?
    public let hasEverBeenDelinquent: Bool?
    /// As given by the source, which uses -1 for "never".
    public let monthsSinceLastDelinquent: Int?
    /// Change of score since the previous report.
    public let changedScore: Int?

    public let accountIDVStatus: String?
    public let dashboardStatus: String?
    public let personaType: String?

    /// Creates a report; throws when `minScore >= maxScore`, as decoding does.
    public init(
        score: Int, minScore: Int, maxScore: Int, band: ScoreBand,
        positiveFactors: Int, negativeFactors: Int,
        shortTerm: CreditSection = CreditSection(), longTerm: CreditSection = CreditSection(),
        bandDescription: String? = nil, daysUntilNextReport: Int? = nil,
        percentageCreditUsed: Int? = nil,
        hasEverDefaulted: Bool? = nil, monthsSinceLastDefaulted: Int? = nil,
        hasEverBeenDelinquent: Bool? = nil, monthsSinceLastDelinquent: Int? = nil,
        changedScore: Int? = nil,
        accountIDVStatus: String? = nil, dashboardStatus: String? = nil, personaType: String? = nil
    ) throws(CreditReportError) {
        try Self.checkScoreRange(min: minScore, max: maxScore, keyPath: "creditReportInfo")
        self.score = score
        self.minScore = minScore
        self.maxScore = maxScore
        self.band = band
        self.positiveFactors = positiveFactors
        self.negativeFactors = negativeFactors
        self.shortTerm = shortTerm
        self.longTerm = longTerm
        self.bandDescription = bandDescription
        self.daysUntilNextReport = daysUntilNextReport
        self.percentageCreditUsed = percentageCreditUsed
        self.hasEverDefaulted = hasEverDefaulted
        self.monthsSinceLastDefaulted = monthsSinceLastDefaulted
        self.hasEverBeenDelinquent = hasEverBeenDelinquent
        self.monthsSinceLastDelinquent = monthsSinceLastDelinquent
        self.changedScore = changedScore
        self.accountIDVStatus = accountIDVStatus
        self.dashboardStatus = dashboardStatus
        self.personaType = personaType
    }

    /// The one cross-field rule: the score range must not be empty, or `fill` is undefined.
    static func checkScoreRange(min: Int, max: Int, keyPath: String) throws(CreditReportError) {
        guard min < max else {
            throw CreditReportError(
                keyPath: keyPath,
                message: "minScoreValue (\(min)) must be less than maxScoreValue (\(max))"
            )
        }
    }

    /// Whether the score lies outside `minScore…maxScore` and so the gauge clamps it.
    public var isScoreClamped: Bool {
        !(minScore...maxScore).contains(score)
    }

    /// How far the score gauge is filled: (clamped score − min) / (max − min), in 0…1.
    public var fill: Double {
        let clamped = min(max(score, minScore), maxScore)
        // In Double: `clamped - minScore` could overflow Int for extreme ranges.
        return (Double(clamped) - Double(minScore)) / (Double(maxScore) - Double(minScore))
    }
}
