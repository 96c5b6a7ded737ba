import GazetteCore
import ReportFacts

/// A report's own options, typed, as its kind's unit read them from the job once: one case per
/// kind, so a report's kind is its options' and the two cannot disagree.
public enum ReportOptions: Equatable, Sendable {
    case creditScore(CreditScoreOptions)
    case workouts(WorkoutsOptions)
    case raceCard(NoOptions)
    case nextToGo(NextToGoOptions)

    public var kind: ReportKind {
        switch self {
        case .creditScore: return .creditScore
        case .workouts: return .workouts
        case .raceCard: return .raceCard
        case .nextToGo: return .nextToGo
        }
    }

    /// Decode → compute → present, by the kind's unit with its own options.
    package func build(_ input: ReportInput) throws(BuildError) -> ReportContent {
        switch self {
        case let .creditScore(options): return try CreditScoreKind.build(input, options: options)
        case let .workouts(options): return try WorkoutsKind.build(input, options: options)
        case let .raceCard(options): return try RaceCardKind.build(input, options: options)
        case let .nextToGo(options): return try NextToGoKind.build(input, options: options)
        }
    }

    /// The options as text for a build's cache key: the kind's tag and its options' canonical
    /// encoding.
    package var keyText: String {
        let tag = "options " + kind.rawValue
        switch self {
        case let .creditScore(options): return CanonicalKey.text(tag, options)
        case let .workouts(options): return CanonicalKey.text(tag, options)
        case let .raceCard(options): return CanonicalKey.text(tag, options)
        case let .nextToGo(options): return CanonicalKey.text(tag, options)
        }
    }
}

extension ReportKind {
    /// The options of a report of this kind given none.
    public var defaultOptions: ReportOptions {
        switch self {
        case .creditScore: return .creditScore(CreditScoreKind.defaultOptions)
        case .workouts: return .workouts(WorkoutsKind.defaultOptions)
        case .raceCard: return .raceCard(RaceCardKind.defaultOptions)
        case .nextToGo: return .nextToGo(NextToGoKind.defaultOptions)
        }
    }

    /// Reads this kind's keys of one report through its unit; an error names the key's place.
    package func options(_ fields: OptionFields) throws(BuildError) -> ReportOptions {
        switch self {
        case .creditScore: return .creditScore(try CreditScoreKind.options(fields))
        case .workouts: return .workouts(try WorkoutsKind.options(fields))
        case .raceCard: return .raceCard(try RaceCardKind.options(fields))
        case .nextToGo: return .nextToGo(try NextToGoKind.options(fields))
        }
    }
}
