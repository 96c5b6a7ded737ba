import Foundation
import Synchronization

/// How far the step that builds the reports has come: reports finished, and chart files drawn
/// or reused out of those known so far (a report's charts become known when it is presented).
public struct BuildProgress: Sendable, Equatable {
    /// The step's label, as the step line shows it: `[2/4] build reports`.
    public var step: String
    public var reportsDone: Int
    public var reports: Int
    public var chartFilesDone: Int
    public var chartFiles: Int

    /// `[2/4] build reports 12/100, chart files 840/900`.
    public var text: String {
        "\(step) \(reportsDone)/\(reports), chart files \(chartFilesDone)/\(chartFiles)"
    }
}

/// Counts the reports step's work from every report's thread and passes each change to the
/// reporter, which decides what to show and how often.
final class ProgressCounter: Sendable {
    private let progress: Mutex<BuildProgress>
    private let report: @Sendable (BuildProgress) -> Void

    init(step: String, reports: Int, report: @escaping @Sendable (BuildProgress) -> Void) {
        progress = Mutex(
            BuildProgress(step: step, reportsDone: 0, reports: reports, chartFilesDone: 0, chartFiles: 0))
        self.report = report
    }

    func chartFilesKnown(_ count: Int) { change { $0.chartFiles += count } }
    func chartFileDone() { change { $0.chartFilesDone += 1 } }
    func reportDone() { change { $0.reportsDone += 1 } }

    private func change(_ body: (inout BuildProgress) -> Void) {
        let snapshot = progress.withLock { progress in
            body(&progress)
            return progress
        }
        report(snapshot)
    }
}

/// When the long step's counts are worth showing. On a terminal: in place, at most ten times a
/// second. In a log (a pipe or a file): a plain line each time another tenth of the reports (or,
/// for a single report, of its chart files) is done. Nothing within the step's first second, so
/// quick builds print only their step lines.
public struct ProgressDisplay: Sendable {
    public let inPlace: Bool
    private var lastShown: Duration?
    private var lastTenth = 0

    public init(inPlace: Bool) {
        self.inPlace = inPlace
    }

    /// The text to show for `progress`, `elapsed` into the step; nil to show nothing now.
    public mutating func text(for progress: BuildProgress, elapsed: Duration) -> String? {
        guard elapsed >= .seconds(1) else { return nil }
        if inPlace {
            let finished = progress.reportsDone == progress.reports
            guard finished || lastShown.map({ elapsed - $0 >= .milliseconds(100) }) ?? true else { return nil }
            lastShown = elapsed
            return progress.text
        }
        // With several reports their count is the measure (the chart total grows as reports are
        // presented); a single report's chart files are all known before the first is drawn.
        let tenth =
            progress.reports > 1
            ? progress.reportsDone * 10 / progress.reports
            : progress.chartFilesDone * 10 / max(1, progress.chartFiles)
        guard tenth > lastTenth else { return nil }
        lastTenth = tenth
        return progress.text
    }
}
