import GazetteCore

/// A report's own options, typed, as its kind parsed them from the job once.
public protocol ReportOptions: Sendable {
    /// Whether two reports were given the same options (jobs compare whole).
    func isEqual(to other: any ReportOptions) -> Bool
}

extension ReportOptions where Self: Equatable {
    public func isEqual(to other: any ReportOptions) -> Bool {
        (other as? Self) == self
    }
}

/// One kind of report as one unit: the job keys it takes, its typed options, and decode →
/// compute → present from loaded inputs to the typed `ReportContent`.
package protocol ReportKindUnit: Sendable {
    associatedtype Options: ReportOptions & Equatable

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

extension ReportKindUnit {
    /// Builds with options of any type; options of another kind are a usage error.
    package static func build(_ input: ReportInput, anyOptions: any ReportOptions) throws(BuildError) -> ReportContent {
        guard let options = anyOptions as? Options else {
            throw BuildError(.usage, input.origin, "the report's options do not belong to its kind")
        }
        return try build(input, options: options)
    }

    package static var anyDefaultOptions: any ReportOptions { defaultOptions }

    package static func anyOptions(_ fields: OptionFields) throws(BuildError) -> any ReportOptions {
        try options(fields)
    }
}

/// A kind with nothing to choose.
public struct NoOptions: ReportOptions, Equatable {
    public init() {}
}
