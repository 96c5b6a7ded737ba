import Foundation
import Workouts
import GazetteCore

/// Workout logs: the one-rep-max report (SPEC §1.4). Reads the log, then hands the figures to
/// `WorkoutsPresenter` for the pages and charts and to `WorkoutsReportData` for report.json.
package enum WorkoutsKind: ReportKindUnit {
    package static let keys = [
        OptionKey("formula", OptionKey.oneOf(OneRepMaxFormula.allCases.map(\.rawValue), "the one-rep-max formula (default brzycki)")),
        OptionKey("unit", .object(["type": .string("string"), "minLength": .int(1), "description": .string("the weight unit shown (default lb)")])),
        OptionKey("invalid-lines", OptionKey.oneOf(["fail", "skip"], "fail on an invalid line (default) or skip it with a warning")),
    ]
    package static let takesSeveralInputs = true
    package static let defaultOptions = WorkoutsOptions()

    package static func options(_ fields: OptionFields) throws(BuildError) -> WorkoutsOptions {
        var options = WorkoutsOptions()
        if let value = fields["formula"] {
            let name = try value.text().lowercased()
            guard let formula = OneRepMaxFormula(rawValue: name) else {
                throw value.error("unknown formula \"\(name)\" (expected one of: "
                                  + OneRepMaxFormula.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            options.formula = formula
        }
        if let value = fields["unit"] {
            options.unit = try value.text().trimmingCharacters(in: .whitespaces)
            guard !options.unit.isEmpty else { throw value.error("unit must not be empty (such as lb or kg)") }
        }
        if let value = fields["invalid-lines"] {
            let text = try value.text()
            guard let policy = InvalidLinePolicy(rawValue: text) else {
                throw value.error("invalid-lines must be \"fail\" or \"skip\", found \"\(text)\"")
            }
            options.invalidLines = policy
        }
        return options
    }

    package static func build(_ input: ReportInput, options: WorkoutsOptions) throws(BuildError) -> ReportContent {
        let summary = try aggregate(input, options: options)
        let presenter = WorkoutsPresenter(summary: summary, title: input.title, unit: options.unit,
                                          sources: input.sources.map(\.source.displayName))
        let presented = presenter.present()
        return ReportContent(
            pages: presented.pages,
            charts: presented.charts,
            data: WorkoutsReportData.fields(summary, unit: options.unit),
            warnings: warnings(summary),
            card: presented.card,
            summary: WorkoutsSummary.lines(summary, unit: options.unit),
            digest: presented.digest,
            makeDocument: presented.document
        )
    }

    /// Reads every input into one log, in the order given; an invalid line fails the report
    /// (unless the job skips invalid lines) with its file, line and column.
    package static func aggregate(_ input: ReportInput, options: WorkoutsOptions) throws(BuildError) -> WorkoutSummary {
        var aggregator = OneRepMaxAggregator(formula: options.formula, invalidLines: options.invalidLines)
        for input in input.sources {
            let source = input.source
            // Read in pieces: a long log is never held whole.
            let pieces = input.pieces()
            do {
                // Warnings carry the file's name only: pages never show a machine's folders.
                try aggregator.ingest(chunks: pieces, file: source.displayName)
            } catch {
                throw BuildError(.input, .text(path: source.description, line: error.line, column: error.column,
                                               sourceLine: error.sourceLine), error.message)
            }
            if let error = pieces.error { throw error }
        }
        return aggregator.summary()
    }

    package static func warnings(_ summary: WorkoutSummary) -> [String] {
        var texts = summary.warnings.map(\.text)
        if summary.exercises.isEmpty { texts.append("the log holds no sets") }
        return texts
    }
}

/// A workouts report's options: the 1RM formula, the weight unit's label, and what an invalid
/// line does.
public struct WorkoutsOptions: ReportOptions, Equatable {
    public var formula: OneRepMaxFormula = .brzycki
    public var unit = "lb"
    public var invalidLines: InvalidLinePolicy = .fail

    public init(formula: OneRepMaxFormula = .brzycki, unit: String = "lb", invalidLines: InvalidLinePolicy = .fail) {
        self.formula = formula
        self.unit = unit
        self.invalidLines = invalidLines
    }
}
