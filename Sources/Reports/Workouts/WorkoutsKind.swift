import Foundation
import ReportFacts
import Workouts
import GazetteCore

/// Workout logs: the one-rep-max report (SPEC §1.4), from the line format or an app's export
/// (docs/guide/workouts.md). Reads the log, then hands the figures to
/// `WorkoutsPresenter` for the pages and charts and to `WorkoutsReportData` for report.json.
package enum WorkoutsKind: ReportKindUnit {
    package typealias Figures = WorkoutsFigures

    package static let keys = [
        OptionKey(
            "formula",
            OptionKey.oneOf(OneRepMaxFormula.allCases.map(\.rawValue), "the one-rep-max formula (default brzycki)")),
        OptionKey(
            "unit",
            OptionKey.oneOf(
                WeightUnit.allCases.map(\.rawValue),
                "the report's unit, every set converted into it (default: the unit of the first set's file; lb for the line format)"
            )),
        OptionKey(
            "invalid-lines",
            OptionKey.oneOf(["fail", "skip"], "fail on an invalid line or row (default) or skip it with a warning")),
        OptionKey(
            "format",
            OptionKey.oneOf(
                WorkoutFormatChoice.names,
                "the files' format: auto (default: found from each file's header), "
                    + WorkoutFormat.onCommandLine.map(\.rawValue).joined(separator: ", ") + ", or csv with columns"
            )),
        OptionKey(
            "weights-in",
            OptionKey.oneOf(
                WeightUnit.allCases.map(\.rawValue),
                "the unit of weights in files whose columns and header give none (default: unit, else kg; lb for the line format)"
            )),
        OptionKey(
            "max-reps",
            .object([
                "type": .string("integer"), "minimum": .int(1), "maximum": .int(36),
                "description": .string(
                    "the longest set, in reps, that gives a 1RM estimate (default 12 for apps' exports, 36 for the line format)"
                )
            ])),
        OptionKey("columns", WorkoutsJobKeys.columnsSchema),
        OptionKey(
            "date-format",
            OptionKey.text(
                "for StrongLifts' exports of one row per workout: how dates are written, DD/MM/YY or MM/DD/YY (DD/MM/YYYY, …); default: the order the file's own dates show (a number above 12 is a day)"
            )),
        OptionKey(
            "include-warmups",
            .object([
                "type": .string("boolean"), "description": .string("count warm-up sets toward the 1RM (default false)")
            ])),
        OptionKey(
            "rpe-estimates",
            .object([
                "type": .string("boolean"),
                "description": .string(
                    "count a set's RPE or reps in reserve (Strong, Hevy, Alpha Progression) toward its 1RM estimate (default true)"
                )
            ])),
        OptionKey(
            "stall-weeks",
            .object([
                "type": .string("integer"), "minimum": .int(1), "maximum": .int(520),
                "description": .string("weeks without a new best 1RM that make a stall (default 8)")
            ])),
        OptionKey(
            "stall-sessions",
            .object([
                "type": .string("integer"), "minimum": .int(1), "maximum": .int(10000),
                "description": .string("sessions in those weeks a stall needs at least (default 6)")
            ])),
        OptionKey(
            "featured-lifts",
            .object([
                "type": .string("array"), "items": .object(["type": .string("string"), "minLength": .int(1)]),
                "description": .string(
                    "the lifts the headline figures show first, in this order (default: the lifts trained in at "
                        + "least a quarter as many sessions as the most trained, the heavier best first; then the rest)"
                )
            ])),
        OptionKey(
            "exercise-names",
            .object([
                "type": .string("object"),
                "additionalProperties": .object(["type": .string("string"), "minLength": .int(1)]),
                "description": .string("exercise names as the files write them, mapped to the name the report uses")
            ]))
    ]
    package static let takesSeveralInputs = true
    package static let kind = ReportKind.workouts
    package static let defaultTitle = "Workouts"
    package static let nameKey = "kinds.workouts"
    package static func reportOptions(_ options: WorkoutsOptions) -> ReportOptions { .workouts(options) }
    package static func reportData(_ data: WorkoutsReportData) -> ReportData { .workouts(data) }
    package static let defaultOptions = WorkoutsOptions()

    package static func options(_ fields: OptionFields) throws(BuildError) -> WorkoutsOptions {
        var options = WorkoutsOptions()
        if let value = fields["formula"] {
            let name = try value.text().lowercased()
            guard let formula = OneRepMaxFormula(rawValue: name) else {
                throw value.error(
                    "unknown formula \"\(name)\" (expected one of: "
                        + OneRepMaxFormula.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            options.formula = formula
        }
        if let value = fields["unit"] { options.unit = try WorkoutsJobKeys.unit(value) }
        if let value = fields["invalid-lines"] {
            let text = try value.text()
            guard let policy = InvalidLinePolicy(rawValue: text) else {
                throw value.error("invalid-lines must be \"fail\" or \"skip\", found \"\(text)\"")
            }
            options.invalidLines = policy
        }
        try WorkoutsJobKeys.read(fields, into: &options)
        return options
    }

    package static func build(_ input: ReportInput, options: WorkoutsOptions) throws(BuildError) -> ReportContent {
        let summary = try aggregate(input, options: options)
        let unit = summary.unit.label
        let figures = WorkoutsHistory.figures(summary, options: options)
        let change = WorkoutsHistory.change(
            figures, input: input, summary: summary, options: options, WorkoutsText(input.conventions))
        var presenter = WorkoutsPresenter(
            summary: summary, title: input.title, unit: unit,
            sources: input.sources.map(\.source.displayName), conventions: input.conventions, options: options)
        presenter.change = change
        let presented = presenter.present()
        return ReportContent(
            pages: presented.pages,
            charts: presented.charts,
            data: .workouts(WorkoutsReportData(summary, unit: unit, options: options)),
            warnings: input.warnings { warnings(summary, WorkoutsText($0)) },
            card: presented.card,
            summary: WorkoutsSummary.lines(summary, unit: unit, presenter.text)
                + WorkoutsStalls.sentences(summary, options: options, presenter.text).map { "- " + $0 },
            digest: presented.digest,
            makeDocument: presented.document,
            figures: figures,
            change: change.note,
            freshness: FreshnessBasis(dataAsOf: lastSession(summary))
        )
    }

    /// The data's time: the start (UTC) of the last day a session was logged; a log has no cadence
    /// unless the job sets `fresh:`.
    static func lastSession(_ summary: WorkoutSummary) -> Int64? {
        summary.exercises.compactMap(\.latest?.date).max().map { Int64($0.dayNumber) * 86400 }
    }

    /// Reads every input into one log, in the order given; an invalid line fails the report
    /// (unless the job skips invalid lines) with its file, line and column.
    package static func aggregate(_ input: ReportInput, options: WorkoutsOptions) throws(BuildError) -> WorkoutSummary {
        var aggregator = OneRepMaxAggregator(
            formula: options.formula, invalidLines: options.invalidLines, log: options.log)
        for input in input.sources {
            let source = input.source
            // Read in pieces: a long log is never held whole.
            let pieces = input.pieces()
            do {
                // Warnings carry the file's name only: pages never show a machine's folders.
                try aggregator.ingest(chunks: pieces, file: source.displayName)
            } catch {
                var failure = BuildError(
                    .input,
                    .text(
                        path: source.description, line: error.line, column: error.column,
                        sourceLine: error.sourceLine, cut: error.cut), error.message)
                failure.hint = error.hint
                throw failure
            }
            if let error = pieces.error { throw error }
        }
        return aggregator.summary()
    }

    /// The log's warnings in the readers' language (a skipped line's reason, which reading the
    /// log found, stays as written).
    package static func warnings(_ summary: WorkoutSummary, _ text: WorkoutsText) -> [ReportWarning] {
        var warnings = summary.warnings.map { warning in
            ReportWarning(
                .leftOut, message(warning, text), at: ReportWarning.Place(file: warning.file, line: warning.line))
        }
        if let leftOut = leftOutWarning(summary.leftOut, text) { warnings.append(ReportWarning(.leftOut, leftOut)) }
        if summary.exercises.isEmpty { warnings.append(ReportWarning(.nothingToShow, text("workouts.warning.noSets"))) }
        return warnings
    }

    /// A warning of the log in the readers' language.
    private static func message(_ warning: WorkoutWarning, _ text: WorkoutsText) -> String {
        func lines(_ numbers: [Int], _ count: Int) -> String {
            let separator = text("workouts.warning.listSeparator")
            let list = numbers.map(String.init).joined(separator: separator)
            return text.count(
                "workouts.warning.lines", count, ["list": list + (count > numbers.count ? separator + "…" : "")])
        }
        switch warning.reason {
        case .skippedLine(let why)?: return text("workouts.warning.skippedLine", ["reason": why])
        case .skippedRow(let why)?: return text("workouts.warning.skippedRow", ["reason": why])
        case let .skippedMany(count, numbers, rows, why)?:
            return text.count(
                rows ? "workouts.warning.skippedRows" : "workouts.warning.skippedLines", count,
                ["lines": lines(numbers, count), "first": String(numbers[0]), "reason": why])
        case let .noEstimate(reps, maxReps)?:
            return text("workouts.warning.noEstimate", ["reps": String(reps), "limit": String(maxReps + 1)])
        case let .noEstimates(count, numbers, maxReps)?:
            return text.count(
                "workouts.warning.noEstimates", count, ["max": String(maxReps), "lines": lines(numbers, count)])
        case let .unitAssumed(unit)?:
            let other: WeightUnit = unit == .kg ? .lb : .kg
            return text(
                "workouts.warning.unitAssumed",
                ["file": warning.file, "unit": unit.rawValue, "other": other.rawValue])
        case let .mendedNames(count, example)?:
            return text.count("workouts.warning.mendedNames", count, ["example": example])
        case .carriageReturnLines?: return text("workouts.warning.carriageReturnLines")
        case let .repeatedRows(count, numbers)?:
            return text.count("workouts.warning.repeatedRows", count, ["lines": lines(numbers, count)])
        case .bothUnits?: return text("workouts.warning.bothUnits")
        case let .exercisesByID(example)?:
            return text("workouts.warning.exercisesByID", ["file": warning.file, "example": example])
        case let .morePages(read, count)?:
            return text(
                "workouts.warning.morePages", ["file": warning.file, "read": String(read), "count": String(count)])
        case nil: return warning.message
        }
    }

    /// `left out 38 warm-up sets and 12 rows without a weight: they give no 1RM`; nil when
    /// nothing was left out (the words of `LeftOutSets.warning`).
    package static func leftOutWarning(_ leftOut: LeftOutSets, _ text: WorkoutsText) -> String? {
        var parts: [String] = []
        if leftOut.warmups > 0 { parts.append(text.count("workouts.warning.warmups", leftOut.warmups)) }
        if leftOut.skipped > 0 { parts.append(text.count("workouts.warning.skipped", leftOut.skipped)) }
        if leftOut.withoutWeight > 0 {
            parts.append(text.count("workouts.warning.withoutWeight", leftOut.withoutWeight))
        }
        if leftOut.withoutReps > 0 { parts.append(text.count("workouts.warning.withoutReps", leftOut.withoutReps)) }
        guard let last = parts.popLast() else { return nil }
        let listed =
            parts.isEmpty
            ? last
            : text(
                "workouts.warning.and",
                ["list": parts.joined(separator: text("workouts.warning.listSeparator")), "last": last])
        return text("workouts.warning.leftOut", ["sets": listed])
    }
}
