import Workouts
import GazetteCore

/// Workout logs: the one-rep-max report (SPEC §1.4). Reads the log, then hands the figures to
/// `WorkoutsPresenter` for the pages and charts and to `WorkoutsReportData` for report.json.
package struct WorkoutsReport: ReportBuilder {
    /// More warnings than this are summed up in one last line, so a log of thousands of skipped
    /// lines still gives a readable page.
    package func build(_ input: ReportInput) throws(BuildError) -> ReportContent {
        guard let formula = OneRepMaxFormula(rawValue: input.spec.formula) else {
            throw BuildError(.usage, input.spec.origin, "unknown formula \"\(input.spec.formula)\" (expected one of: "
                             + OneRepMaxFormula.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        let summary = try Self.aggregate(input, formula: formula)
        let presenter = WorkoutsPresenter(summary: summary, title: input.spec.resolvedTitle, unit: input.spec.unit,
                                          sources: input.sources.map(\.source.displayName))
        let presented = presenter.present()
        return ReportContent(
            pages: presented.pages,
            charts: presented.charts,
            data: WorkoutsReportData.fields(summary, unit: input.spec.unit),
            warnings: Self.warnings(summary),
            card: presented.card,
            summary: WorkoutsSummary.lines(summary, unit: input.spec.unit)
        )
    }

    /// Reads every input into one log, in the order given; an invalid line fails the report
    /// (unless the job skips invalid lines) with its file, line and column.
    package static func aggregate(_ input: ReportInput, formula: OneRepMaxFormula) throws(BuildError) -> WorkoutSummary {
        var aggregator = OneRepMaxAggregator(formula: formula, invalidLines: input.spec.invalidLines == .skip ? .skip : .fail)
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
