import GazetteCore
import ReportFacts

/// One kind of report as one unit: the job keys it takes, its typed options, decode → compute →
/// present from loaded inputs to the typed `ReportContent`, and the keys of `report.json` it owns.
/// Everything the build asks of a kind is asked here; `ReportOptions` and `ReportData` hold the
/// kind's own types and hand them back to its unit.
package protocol ReportKindUnit: Sendable {
    associatedtype Options: Equatable & Sendable & Encodable
    associatedtype Keys: Codable & Equatable & Sendable
    /// What the kind's history keeps of each build (`history.json`), and compares the next with.
    associatedtype Figures: KindFigures

    static var kind: ReportKind { get }
    /// The title a report gets when the job gives none (its slug is made from it).
    static var defaultTitle: String { get }
    /// The key of the kind's name in the catalogs (`kinds.creditScore`).
    static var nameKey: String { get }
    /// The job keys of this kind besides `kind`, `title`, `email`, `input` (and `inputs`/`each`
    /// for a kind that takes several inputs).
    static var keys: [OptionKey] { get }
    /// Whether a report merges several inputs (workout logs) rather than taking exactly one.
    static var takesSeveralInputs: Bool { get }
    /// The options of a report given none (ad-hoc reports from the command line, the demo).
    static var defaultOptions: Options { get }
    /// Reads the kind's keys of one report; an error names the key's line and column.
    static func options(_ fields: OptionFields) throws(BuildError) -> Options
    static func build(_ input: ReportInput, options: Options) throws(BuildError) -> ReportContent
    /// The case of `ReportOptions` that holds this kind's options.
    static func reportOptions(_ options: Options) -> ReportOptions
    /// The case of `ReportData` that holds this kind's keys of `report.json`.
    static func reportData(_ data: Keys) -> ReportData
    /// Whether the kind's pages change with the clock alone, so `gazette watch` reads its input.
    static var changesWithTime: Bool { get }
    /// How pages made from `bytes`, loaded at `loadedAt`, age: read with the same decoding the
    /// kind's build uses (nil for a kind whose pages do not change with the clock); `timeZone` is
    /// the readers' (a race card's times of day are read in it).
    static func freshness(
        _ bytes: [UInt8], from source: Source, options: Options, loadedAt: Int64, timeZone: String
    ) throws(BuildError) -> (any ReportFreshness)?
}

extension ReportKindUnit {
    package static var changesWithTime: Bool { false }

    /// The type of the kind's history figures, for reading a history back.
    package static var figuresType: any KindFigures.Type { Figures.self }

    package static func freshness(
        _ bytes: [UInt8], from source: Source, options: Options, loadedAt: Int64, timeZone: String
    ) throws(BuildError) -> (any ReportFreshness)? { nil }

    /// The options of a report given none, as a report's options.
    static var defaultReportOptions: ReportOptions { reportOptions(defaultOptions) }

    /// Reads the kind's keys of one report into a report's options.
    static func reportOptions(_ fields: OptionFields) throws(BuildError) -> ReportOptions {
        reportOptions(try options(fields))
    }

    /// The kind's keys of a `report.json` read back.
    static func reportData(from decoder: any Decoder) throws -> ReportData {
        reportData(try Keys(from: decoder))
    }
}

/// A kind with nothing to choose.
public struct NoOptions: Equatable, Sendable, Encodable {
    public init() {}
}
