import TextStyle

/// The kinds of report Gazette builds; each is one unit (`ReportKindUnit`) in its own folder.
public enum ReportKind: String, CaseIterable, Codable, Sendable {
    case creditScore = "credit-score"
    case workouts
    case raceCard = "race-card"
    case nextToGo = "next-to-go"

    /// The title a report gets when the job gives none.
    public var defaultTitle: String {
        switch self {
        case .creditScore: return "Credit score"
        case .workouts: return "Workouts"
        case .raceCard: return "Race card"
        case .nextToGo: return "Next to go"
        }
    }

    /// The kind's name as cards and e-mails show it, in the readers' words (`kinds.creditScore`);
    /// a report's default title stays `defaultTitle`, which its slug is made from.
    package func name(in words: Words) -> String {
        switch self {
        case .creditScore: return words["kinds.creditScore"]
        case .workouts: return words["kinds.workouts"]
        case .raceCard: return words["kinds.raceCard"]
        case .nextToGo: return words["kinds.nextToGo"]
        }
    }

    /// The unit that reads this kind's job keys and builds its reports. A new kind is added here,
    /// in its own folder, and as a case of `ReportOptions` and of `ReportData`.
    package var unit: any ReportKindUnit.Type {
        switch self {
        case .creditScore: return CreditScoreKind.self
        case .workouts: return WorkoutsKind.self
        case .raceCard: return RaceCardKind.self
        case .nextToGo: return NextToGoKind.self
        }
    }
}
