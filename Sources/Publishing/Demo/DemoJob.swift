import Foundation

/// The site `gazette build` makes with no inputs: every report kind on sample data of our own,
/// carried inside the program so the demo works from any folder.
public enum DemoJob {
    public static func make(output: URL) -> Job {
        Job(
            title: "Gazette demo",
            output: output,
            reports: [
                ReportSpec(kind: .creditScore, title: "Credit score",
                           sources: [.embedded(name: "demo-credit-report.json", bytes: Array(DemoData.creditReport.utf8))]),
            ]
        )
    }
}
