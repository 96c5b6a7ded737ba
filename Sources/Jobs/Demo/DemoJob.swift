import Deterministic
import Foundation
import Workouts
import GazetteCore

/// The site `gazette build` makes with no inputs: every report kind on sample data of our own,
/// carried inside the program so the demo works from any folder.
public enum DemoJob {
    /// `now` is the build's clock: the next-to-go sample's start times are made relative to it,
    /// so the page shows five live races whenever the demo is built (see `DemoNextToGo`). It
    /// becomes the job's `now`; without it the sample is dated from `DemoNextToGo.referenceNow`.
    public static func make(output: URL, now: Date? = nil) -> Job {
        // Every sample is dated from the build's day, so no page shows a day after it was built.
        let seconds = DemoNextToGo.seconds(now)
        let today = Int((Double(seconds) / 86_400).rounded(.down))
        return Job(
            title: "Gazette demo",
            output: output,
            now: now,
            reports: [
                ReportSpec(
                    kind: .creditScore, title: "Credit score",
                    sources: [.embedded(name: "demo-credit-report.json", bytes: Array(DemoData.creditReport.utf8))]),
                ReportSpec(
                    kind: .raceCard, title: "Kestrel Downs races",
                    sources: [
                        .embedded(name: "demo-race-card.json", bytes: Array(DemoRaceCard.json(now: seconds).utf8))
                    ]),
                ReportSpec(
                    kind: .nextToGo, title: "Next to go",
                    sources: [
                        .embedded(
                            name: "demo-next-to-go.json",
                            bytes: Array(DemoNextToGo.json(now: DemoNextToGo.seconds(now)).utf8))
                    ])
            ] + DemoWorkouts.reports(endingOn: today)
        )
    }
}
