import Foundation
import GazetteTestSupport
import ReportFacts
import XCTest
@testable import GazetteCore
@testable import Jobs
@testable import SiteBuild

/// 2 of issue 39: a warning that comes from an input file points at that file in CI's
/// annotations (`file=`, relative to the workspace), for every kind, not only workouts' lines.
final class WarningPlaceTests: XCTestCase {
    func testEveryKindsWarningsFromAFileCarryTheFile() async throws {
        let folder = TestSupport.temporaryFolder()
        let credit = try String(contentsOf: TestSupport.fixture("credit-report.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"score\": 468", with: "\"score\": 900")
        XCTAssertTrue(credit.contains("\"score\": 900"), "the fixture's score was replaced")
        TestSupport.writeFile(credit, to: folder.appendingPathComponent("data/credit.json"))
        TestSupport.writeFile("[]", to: folder.appendingPathComponent("data/card.json"))
        TestSupport.writeFile(
            #"{"data": {"next_to_go_ids": ["gone"], "race_summaries": {}}}"#,
            to: folder.appendingPathComponent("data/feed.json"))
        let reports = [
            (ReportKind.creditScore, "credit.json"), (.raceCard, "card.json"), (.nextToGo, "feed.json")
        ].map { kind, name in
            ReportSpec(
                kind: kind, title: kind.defaultTitle,
                sources: [.file(folder.appendingPathComponent("data/\(name)"))])
        }
        let job = Job(title: "Site", output: folder.appendingPathComponent("site"), reports: reports)
        let result = await Pipeline(job: job, options: BuildOptions(now: TestSupport.fixedNow)).run()
        XCTAssertNil(result.fatal)

        for (report, name) in zip(result.reports, ["credit.json", "card.json", "feed.json"]) {
            XCTAssertFalse(report.warnings.isEmpty, report.title)
            for warning in report.warnings {
                XCTAssertEqual(warning.place, ReportWarning.Place(file: name, line: nil), report.title)
                // A place without a line keeps the sentence as pages show it.
                XCTAssertEqual(warning.text, warning.message)
            }
        }
        let annotations = SummaryFormat.github.render(result, title: "Site", workspace: folder.path)
            .split(separator: "\n").filter { $0.hasPrefix("::warning ") }
        XCTAssertEqual(annotations.count, result.warningCount, annotations.joined(separator: "\n"))
        for (name, title) in [("credit.json", "Credit score"), ("card.json", "Race card"), ("feed.json", "Next to go")]
        {
            XCTAssertTrue(
                annotations.contains { $0.hasPrefix("::warning file=data/\(name),title=Gazette%3A \(title)::") },
                annotations.joined(separator: "\n"))
        }
    }

    /// A record keeps a file-only place, and reads it back.
    func testARecordKeepsAPlaceWithoutALine() throws {
        let warning = ReportWarning(.shownDifferently, "clamped", at: .init(file: "credit.json", line: nil))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(warning)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"file":"credit.json","message":"clamped"}"#)
        let back = try JSONDecoder().decode(ReportWarning.self, from: data)
        XCTAssertEqual(back.place, warning.place)
        let lined = ReportWarning(.leftOut, "skipped", at: .init(file: "w.txt", line: 3))
        XCTAssertEqual(lined.text, "w.txt:3: skipped")
        XCTAssertEqual(
            try JSONDecoder().decode(ReportWarning.self, from: JSONEncoder().encode(lined)).place, lined.place)
    }
}
