import GazetteCore

/// One kind of report as one unit: the job keys it takes, its typed options, and decode →
/// compute → present from loaded inputs to the typed `ReportContent`.
package protocol ReportKindUnit: Sendable {
    associatedtype Options: Equatable & Sendable

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
}

/// A kind with nothing to choose.
public struct NoOptions: Equatable, Sendable, Encodable {
    public init() {}
}
