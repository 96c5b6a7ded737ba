import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import GazetteTestSupport
import XCTest

/// The built `gazette serve` as its user meets it: a small job on a free port, a few requests,
/// Ctrl-C. Standard output holds the banner, the build's line and the stop; FlyingFox's own lines
/// only with --verbose, on standard error; a clean stop says nothing more and exits 0.
final class ServeCommandTests: XCTestCase {
    private struct Run {
        var status: Int32
        var reason: Process.TerminationReason
        var standardOutput: String
        var standardError: String
        var answers: [String: Int]
    }

    private func waitFor(_ seconds: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return condition()
    }

    /// The status of a GET, or -1 when there was no answer.
    private func get(_ url: URL) -> Int {
        let done = DispatchSemaphore(value: 0)
        let status = LockedBox(-1)
        var request = URLRequest(url: url)
        request.timeoutInterval = 10
        URLSession.shared.dataTask(with: request) { _, response, _ in
            status.value = (response as? HTTPURLResponse)?.statusCode ?? -1
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + 15)
        return status.value
    }

    private func serve(_ extra: [String] = []) throws -> Run {
        let folder = TestSupport.temporaryFolder()
        try FileManager.default.copyItem(
            at: TestSupport.fixture("credit-report.json"), to: folder.appendingPathComponent("credit.json"))
        TestSupport.writeFile(
            "title: Preview\nreports:\n  - kind: credit-score\n    input: credit.json\n",
            to: folder.appendingPathComponent("job.yml"))
        let outFile = folder.appendingPathComponent("stdout.txt"), errFile = folder.appendingPathComponent("stderr.txt")
        FileManager.default.createFile(atPath: outFile.path, contents: nil)
        FileManager.default.createFile(atPath: errFile.path, contents: nil)
        let process = Process()
        process.executableURL = try TestSupport.gazette()
        // A port away from the usual 8080; if it is taken, serve moves on and the banner says where.
        process.arguments =
            [
                "serve", "job.yml", "--port", String(Int.random(in: 20_000...40_000)), "--now", "1700000000", "--jobs",
                "1"
            ] + extra
        process.currentDirectoryURL = folder
        process.standardOutput = try FileHandle(forWritingTo: outFile)
        process.standardError = try FileHandle(forWritingTo: errFile)
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let standardOutput = { TestSupport.read(outFile) }

        XCTAssertTrue(
            waitFor(60) { standardOutput().contains("Built 1 of 1 report") }, "the first build: \(standardOutput())")
        let banner = standardOutput().components(separatedBy: "\n")[0]
        let address = try XCTUnwrap(
            banner.range(of: #"http://127\.0\.0\.1:\d+/"#, options: .regularExpression).map { String(banner[$0]) },
            banner)
        var answers: [String: Int] = [:]
        for path in ["", "credit-score/index.html", "assets/style.css", "no-such-page.html", "credit-score/index.html"]
        {
            answers[path] = get(try XCTUnwrap(URL(string: address + path)))
        }
        kill(process.processIdentifier, SIGINT)
        XCTAssertTrue(waitFor(15) { !process.isRunning }, "serve ends on SIGINT")
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, reason: process.terminationReason,
            standardOutput: standardOutput(), standardError: TestSupport.read(errFile), answers: answers)
    }

    func testServePrintsTheBuildAndStopsQuietlyOnSIGINT() throws {
        let run = try serve()
        XCTAssertEqual(
            run.answers, ["": 200, "credit-score/index.html": 200, "assets/style.css": 200, "no-such-page.html": 404])
        XCTAssertEqual(run.reason, .exit, "it exits rather than dying of the signal")
        XCTAssertEqual(run.status, 0)
        let both = run.standardOutput + run.standardError
        XCTAssertFalse(both.contains("FlyingFox"), both)
        XCTAssertFalse(both.contains("critical") || both.contains("rror:") || both.contains("SocketError"), both)
        XCTAssertEqual(run.standardError, "", "nothing on standard error by default")
        let lines = run.standardOutput.components(separatedBy: "\n")
        XCTAssertEqual(lines.count, 4, run.standardOutput)
        XCTAssertTrue(lines[0].hasPrefix("Serving ") && lines[0].hasSuffix("Stop with Ctrl-C."), lines[0])
        // The first build is a build, not a rebuild.
        XCTAssertNotNil(
            lines[1].range(
                of: #"^2023-11-14T22:13:2\dZ Built 1 of 1 report into .*\(0 warnings, 0 errors\)\.$"#,
                options: .regularExpression), lines[1])
        XCTAssertFalse(run.standardOutput.contains("rebuilt"), run.standardOutput)
        XCTAssertEqual(lines[2], "Stopped watching.")
        XCTAssertEqual(lines[3], "")
    }

    func testVerboseServeWritesTheServersLinesOnStandardError() throws {
        let run = try serve(["--verbose"])
        XCTAssertEqual(run.answers["credit-score/index.html"], 200)
        XCTAssertEqual(run.reason, .exit)
        XCTAssertEqual(run.status, 0)
        XCTAssertFalse(run.standardOutput.contains("FlyingFox"), run.standardOutput)
        XCTAssertTrue(run.standardError.contains("[FlyingFox] info: "), run.standardError)
        XCTAssertTrue(run.standardError.contains("request: GET /credit-score/index.html"), run.standardError)
        XCTAssertTrue(run.standardError.contains("request: GET /no-such-page.html"), run.standardError)
        XCTAssertFalse((run.standardOutput + run.standardError).contains("critical"), run.standardError)
        XCTAssertTrue(run.standardOutput.hasSuffix("Stopped watching.\n"), run.standardOutput)
    }
}

private final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
