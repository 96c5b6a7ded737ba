import Foundation
import GazetteTestSupport
import XCTest
@testable import SiteBuild
@testable import GazetteCore
@testable import Jobs
@testable import Reports

/// A site of every kind of report, from the project's own fixtures, with two failing inputs among
/// them: the same bytes whatever the number of workers, and pages that match their goldens.
final class WholeSiteTests: XCTestCase {
    private func sample(_ name: String) -> Source { .file(Fixture.url(name)) }

    private func build(jobs: Int) async -> (URL, BuildResult) {
        let output = Goldens.outputFolder()
        let workouts = ReportSpec(
            title: "Workouts", sources: [sample("workouts.txt")],
            options: .workouts(WorkoutsOptions(unit: .lb)))
        let horses = ReportSpec(
            title: "Next to go", sources: [sample("next-to-go.json")],
            options: .nextToGo(NextToGoOptions(categories: [.horse])))
        let reports = [
            ReportSpec(kind: .creditScore, title: "Credit score", sources: [sample("credit-report.json")]),
            workouts,
            ReportSpec(kind: .raceCard, title: "Race card", sources: [sample("race-card.json")]),
            horses,
            ReportSpec(kind: .workouts, title: "Broken log", sources: [sample("workouts-invalid-line7.txt")]),
            ReportSpec(kind: .nextToGo, title: "Broken feed", sources: [sample("next-to-go-invalid-body.json")])
        ]
        let job = Job(title: "Whole site", output: output, reports: reports)
        let options = BuildOptions(now: Date(timeIntervalSince1970: 1_700_000_000), seed: 7, jobs: jobs)
        return (output, await Pipeline(job: job, options: options).run())
    }

    private func files(_ folder: URL) -> [String: Data] {
        var found: [String: Data] = [:]
        let root = folder.standardizedFileURL.path
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                found[String(url.standardizedFileURL.path.dropFirst(root.count + 1))] = try? Data(contentsOf: url)
            }
        }
        return found
    }

    func testTheSameSiteWhateverTheNumberOfWorkers() async throws {
        let (one, first) = await build(jobs: 1)
        let (three, second) = await build(jobs: 3)
        XCTAssertEqual(first.exitCode, 1, "two reports fail on their input")
        XCTAssertEqual(first.builtCount, 4)
        XCTAssertEqual(second.exitCode, 1)
        let a = files(one)
        let b = files(three)
        // Charts shown on one page only are written into it, not files.
        XCTAssertGreaterThan(a.count, 50)
        XCTAssertEqual(a.keys.sorted(), b.keys.sorted())
        for path in a.keys.sorted() where a[path] != b[path] {
            XCTFail("\(path) differs between --jobs 1 and --jobs 3")
        }
    }

    func testPagesOfEveryKindMatchTheirGoldens() async throws {
        let (output, result) = await build(jobs: 2)
        XCTAssertEqual(
            result.reports.map(\.slug),
            ["credit-score", "workouts", "race-card", "next-to-go", "broken-log", "broken-feed"])
        for path in [
            "index.html", "workouts/index.html", "workouts/deadlift.html", "workouts/report.json",
            "next-to-go/index.html", "next-to-go/all.html", "next-to-go/report.json",
            "broken-log/index.html", "broken-feed/index.html"
        ] {
            let text = try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
            Goldens.harness.assertText(text, "whole-site/\(path)")
        }
        Goldens.harness.assertSVG(
            Array(try Data(contentsOf: output.appendingPathComponent("workouts/charts/deadlift.svg"))),
            "whole-site/workouts/charts/deadlift.svg")
    }
}
