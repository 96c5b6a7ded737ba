import GazetteCore
import ReportFacts

/// A report's own options, typed, as its kind's unit read them from the job once: one case per
/// kind, so a report's kind is its options' and the two cannot disagree.
public enum ReportOptions: Equatable, Sendable {
    case creditScore(CreditScoreOptions)
    case workouts(WorkoutsOptions)
    case raceCard(NoOptions)
    case nextToGo(NextToGoOptions)

    /// The options with their kind's unit: the one place a report's options meet their kind.
    private var opened: any OpenedOptions {
        switch self {
        case let .creditScore(options): return Opened<CreditScoreKind>(options: options)
        case let .workouts(options): return Opened<WorkoutsKind>(options: options)
        case let .raceCard(options): return Opened<RaceCardKind>(options: options)
        case let .nextToGo(options): return Opened<NextToGoKind>(options: options)
        }
    }

    public var kind: ReportKind { opened.kind }

    /// Decode → compute → present, by the kind's unit with its own options.
    package func build(_ input: ReportInput) throws(BuildError) -> ReportContent {
        try opened.build(input)
    }

    /// The options as text for a build's cache key: the kind's tag and its options' canonical
    /// encoding.
    package var keyText: String { opened.keyText }
}

/// A kind's options beside its unit, so what is asked of them needs no `switch`.
private protocol OpenedOptions {
    var kind: ReportKind { get }
    var keyText: String { get }
    func build(_ input: ReportInput) throws(BuildError) -> ReportContent
}

private struct Opened<Unit: ReportKindUnit>: OpenedOptions {
    let options: Unit.Options

    var kind: ReportKind { Unit.kind }
    var keyText: String { CanonicalKey.text("options " + Unit.kind.rawValue, options) }

    func build(_ input: ReportInput) throws(BuildError) -> ReportContent {
        try Unit.build(input, options: options)
    }
}

extension ReportKind {
    /// The options of a report of this kind given none.
    public var defaultOptions: ReportOptions { unit.defaultReportOptions }

    /// Reads this kind's keys of one report through its unit; an error names the key's place.
    package func options(_ fields: OptionFields) throws(BuildError) -> ReportOptions {
        try unit.reportOptions(fields)
    }
}
