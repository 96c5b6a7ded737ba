import Localization
import ReportFacts

extension ReportKind {
    /// The unit that reads this kind's job keys and builds its reports: the one `switch` from a
    /// kind to its unit. A new kind is a folder with its unit, a case here, and a case of
    /// `ReportOptions` and of `ReportData` (each with one arm of their one `switch`).
    package var unit: any ReportKindUnit.Type {
        switch self {
        case .creditScore: return CreditScoreKind.self
        case .workouts: return WorkoutsKind.self
        case .raceCard: return RaceCardKind.self
        case .nextToGo: return NextToGoKind.self
        }
    }

    /// Every kind's history figures, for reading any report's history back.
    package static var figuresTypes: [any KindFigures.Type] { allCases.map { $0.unit.figuresType } }

    /// The title a report gets when the job gives none.
    public var defaultTitle: String { unit.defaultTitle }

    /// The kind's name as cards and e-mails show it, in the readers' words (`kinds.creditScore`);
    /// a report's default title stays `defaultTitle`, which its slug is made from.
    package func name(in words: Words) -> String { words[unit.nameKey] }
}
