import Foundation
import GazetteTestSupport
import XCTest

/// Issue 49: `--history-from https://…` continues every report's history from the published site
/// (served here by a local HTTP server) exactly as `--history-from DIR` does from its folder.
final class RemoteHistoryTests: XCTestCase {
    func testAURLContinuesTheHistoriesAsTheFolderDoesByteForByte() throws {
        let folder = TestSupport.temporaryFolder()
        let gazette = try TestSupport.gazette()
        try FileManager.default.copyItem(
            at: TestSupport.fixture("credit-report.json"), to: folder.appendingPathComponent("credit.json"))
        let log = folder.appendingPathComponent("log.txt")
        try FileManager.default.copyItem(at: TestSupport.fixture("workouts.txt"), to: log)
        try """
        title: Remembered
        reports:
          - {kind: credit-score, input: credit.json}
          - {kind: workouts, title: Lifts, input: log.txt}
          - {kind: workouts, title: Forgetful, input: log.txt, history: false}
        """.write(to: folder.appendingPathComponent("job.yml"), atomically: true, encoding: .utf8)
        func build(_ output: String, now: String, _ more: [String] = []) throws {
            let run = try TestSupport.run(
                gazette, ["build", "job.yml", "--output", output, "--now", now, "--quiet"] + more, in: folder)
            XCTAssertEqual(run.status, 0, run.output)
        }
        // The published site: two builds, the log heavier in the second.
        try build("published", now: "2023-11-12T20:00:00Z")
        try (TestSupport.read(log) + "Nov 13 2023,Deadlift,1,1,500\n").write(to: log, atomically: true, encoding: .utf8)
        try build("published", now: "2023-11-13T20:00:00Z")
        let published = folder.appendingPathComponent("published")
        let server = try LocalHTTPServer { request in
            let path = String(request.path.dropFirst().prefix { $0 != "?" })
            guard !path.contains(".."),
                let data = FileManager.default.contents(atPath: published.appendingPathComponent(path).path)
            else { return .json("{}", status: 404) }
            return LocalHTTPServer.Response(body: [UInt8](data))
        }
        defer { server.stop() }
        // A runner that kept nothing: a new output each, the histories from the site.
        try (TestSupport.read(log) + "Nov 14 2023,Deadlift,1,1,510\n").write(to: log, atomically: true, encoding: .utf8)
        try build("from-folder", now: "2023-11-14T20:00:00Z", ["--history-from", "published"])
        try build("from-url", now: "2023-11-14T20:00:00Z", ["--history-from", server.baseURL.absoluteString + "/"])
        TestSupport.assertSameTree(
            folder.appendingPathComponent("from-url"), folder.appendingPathComponent("from-folder"))
        let history = TestSupport.read(folder.appendingPathComponent("from-url/lifts/history.json"))
        XCTAssertEqual(history.components(separatedBy: "\"at\"").count - 1, 3, "two builds remembered, one more")
        let fetched = server.requests.map(\.path).sorted()
        XCTAssertEqual(
            fetched, ["/credit-score/history.json", "/lifts/history.json", "/manifest.json"],
            "the manifest, then the histories of the reports it lists (none for one that keeps none)")
    }

    func testAURLThatIsNotAGazetteSiteStopsTheBuild() throws {
        let server = try LocalHTTPServer { _ in .json("{\"hello\": 1}") }
        defer { server.stop() }
        let folder = TestSupport.temporaryFolder()
        let run = try TestSupport.run(
            TestSupport.gazette(),
            [
                "build", "--credit-score", TestSupport.fixture("credit-report.json").path, "--output", "out",
                "--history-from", server.baseURL.absoluteString
            ], in: folder)
        XCTAssertEqual(run.status, 64, run.output)
        XCTAssertTrue(
            run.output.contains("\(server.baseURL.absoluteString)/manifest.json: error: --history-from: this is not"),
            run.output)
    }
}
