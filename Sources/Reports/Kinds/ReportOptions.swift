import GazetteCore
import ReportFacts

/// A report's own options, typed, as its kind's unit read them from the job once: one case per
/// kind, so a report's kind is its options' and the two cannot disagree.
public enum ReportOptions: Equatable, Sendable {
    case creditScore(CreditScoreOptions)
    case workouts(WorkoutsOptions)
    case raceCard(RaceCardOptions)
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

    /// Whether the report's pages change with the clock alone (`gazette watch` reads its input).
    package var changesWithTime: Bool { opened.changesWithTime }

    /// How the report's pages age, read by its kind from its loaded input, for readers in `timeZone`.
    package func freshness(_ bytes: [UInt8], from source: Source, loadedAt: Int64, timeZone: String = "UTC")
        throws(BuildError) -> (any ReportFreshness)?
    {
        try opened.freshness(bytes, from: source, loadedAt: loadedAt, timeZone: timeZone)
    }
}

/// A kind's options beside its unit, so what is asked of them needs no `switch`.
private protocol OpenedOptions {
    var kind: ReportKind { get }
    var keyText: String { get }
    var changesWithTime: Bool { get }
    func build(_ input: ReportInput) throws(BuildError) -> ReportContent
    func freshness(_ bytes: [UInt8], from source: Source, loadedAt: Int64, timeZone: String) throws(BuildError)
        -> (any ReportFreshness)?
}

private struct Opened<Unit: ReportKindUnit>: OpenedOptions {
    let options: Unit.Options

    var kind: ReportKind { Unit.kind }
    var keyText: String { CanonicalKey.text("options " + Unit.kind.rawValue, options) }

    var changesWithTime: Bool { Unit.changesWithTime }

    func build(_ input: ReportInput) throws(BuildError) -> ReportContent {
        try Unit.build(input, options: options)
    }

    func freshness(_ bytes: [UInt8], from source: Source, loadedAt: Int64, timeZone: String) throws(BuildError)
        -> (any ReportFreshness)?
    {
        try Unit.freshness(bytes, from: source, options: options, loadedAt: loadedAt, timeZone: timeZone)
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
