import Deterministic
import Foundation
import Workouts
import GazetteCore
import Rendering
import Reports

/// A big table page as the workouts report makes it, for the benchmark that compares rendering a
/// page context by reflection with rendering it lowered: one exercise trained on `days` days, so
/// its page has a table of `days` daily records.
package enum TablePageSample {
    package static func exercisePage(days: Int) throws -> (templates: TemplateLibrary, context: ExercisePage) {
        // One set a day, every day, so the exercise page's table has exactly `days` rows.
        let start = CivilDate(year: 1900, month: 1, day: 1)
        var text = ""
        for day in 0..<days {
            text += "\(start.adding(days: day).logText),Back Squat,1,\(1 + day % 12),\(100 + day % 97)\n"
        }
        let bytes = Array(text.utf8)
        var aggregator = OneRepMaxAggregator()
        try aggregator.ingest(bytes, file: "sample.txt")
        let summary = aggregator.summary()
        let presenter = WorkoutsPresenter(
            summary: summary, title: "Sample", unit: "lb", sources: ["sample.txt"], conventions: .standard)
        let pages = presenter.present().pages
        for page in pages {
            if case .exercise(let context) = page.makeContext() { return (try TemplateLibrary(), context) }
        }
        throw BuildError(.input, .none, "the sample log has no exercise")
    }
}
