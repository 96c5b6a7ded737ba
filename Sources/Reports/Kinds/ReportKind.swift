import ReportFacts
import Localization

extension ReportKind {
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
