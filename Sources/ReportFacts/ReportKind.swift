/// The kinds of report Gazette builds; each is one unit (`ReportKindUnit`, in Reports) in its own
/// folder. Its raw value is the job's `kind:` and the record's `kind`.
public enum ReportKind: String, CaseIterable, Codable, Sendable {
    case creditScore = "credit-score"
    case workouts
    case raceCard = "race-card"
    case nextToGo = "next-to-go"
}
