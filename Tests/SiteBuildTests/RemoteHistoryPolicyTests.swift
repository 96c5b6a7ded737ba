import Foundation
import GazetteTestSupport
import XCTest
@testable import GazetteCore
@testable import Jobs
@testable import Loading
@testable import SiteBuild

/// Issue 63, 5: `--history-from https://…` fetches through the build's loader, so a history is
/// retried, timed out and size-limited as every input URL is, with errors that name its URL.
final class RemoteHistoryPolicyTests: XCTestCase {
    /// A published site of one credit report, and a server that answers its files through `history`
    /// for the report's `history.json` (the number of the request for it, from 1).
    private func publishedSite(history: @escaping @Sendable (Int, [UInt8]) -> LocalHTTPServer.Response) async throws
        -> LocalHTTPServer
    {
        let site = TestSupport.temporaryFolder().appendingPathComponent("published")
        var job = Job(title: "Published", output: site, reports: [])
        let bytes = Array(TestSupport.read(TestSupport.fixture("credit-report.json")).utf8)
        job.reports = [
            ReportSpec(kind: .creditScore, title: "Credit", sources: [.embedded(name: "c.json", bytes: bytes)])
        ]
        let result = await Pipeline(job: job, options: BuildOptions(now: TestSupport.fixedNow, jobs: 1)).run()
        XCTAssertEqual(result.exitCode, 0)
        let asked = RequestCount()
        return try LocalHTTPServer { request in
            let path = String(request.path.dropFirst())
            guard let data = FileManager.default.contents(atPath: site.appendingPathComponent(path).path) else {
                return .json("{}", status: 404)
            }
            if path == "credit/history.json" { return history(asked.next(), [UInt8](data)) }
            return LocalHTTPServer.Response(body: [UInt8](data))
        }
    }

    private func historyRequests(_ server: LocalHTTPServer) -> Int {
        server.requests.filter { $0.path == "/credit/history.json" }.count
    }

    func testAHistoryIsRetriedAfterATemporaryFault() async throws {
        let server = try await publishedSite { number, bytes in
            number == 1 ? .json("busy", status: 503) : LocalHTTPServer.Response(body: bytes)
        }
        defer { server.stop() }
        let notices = CollectedLines()
        var loader = SourceLoader(policy: FetchPolicy(timeout: 2, retries: 2, backoff: 0.05))
        loader.notice = notices.add
        let folder = try await RemoteHistory.fetch(site: server.baseURL, slugs: ["credit"], loader: loader)
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("credit/history.json").path))
        XCTAssertEqual(historyRequests(server), 2)
        XCTAssertEqual(
            notices.all,
            [
                "\(server.url("/credit/history.json")): HTTP 503 service unavailable; trying again in 0.05 s (attempt 2 of 3)"
            ])
    }

    func testAHistoryThatKeepsTheBuildWaitingTimesOutAfterTheLoadersRetries() async throws {
        let server = try await publishedSite { _, bytes in LocalHTTPServer.Response(body: bytes, delay: 3) }
        defer { server.stop() }
        let loader = SourceLoader(policy: FetchPolicy(timeout: 0.5, retries: 1, backoff: 0.05))
        do {
            _ = try await RemoteHistory.fetch(site: server.baseURL, slugs: ["credit"], loader: loader)
            XCTFail("a history that never comes was taken")
        } catch {
            XCTAssertEqual(error.location, .url(server.url("/credit/history.json").absoluteString, status: nil))
            XCTAssertTrue(error.message.contains("timed out after 0.5 s"), error.description)
        }
        XCTAssertEqual(historyRequests(server), 2, "tried once more, as the policy says")
    }

    func testAHistoryOverTheSizeLimitIsRefusedAndNothingIsLeftBehind() async throws {
        let server = try await publishedSite { _, bytes in
            LocalHTTPServer.Response(body: bytes + Array(repeating: UInt8(ascii: " "), count: 200_000))
        }
        defer { server.stop() }
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()))
        let loader = SourceLoader(policy: FetchPolicy(timeout: 2, retries: 0, maximumBytes: 100_000))
        do {
            _ = try await RemoteHistory.fetch(site: server.baseURL, slugs: ["credit"], loader: loader)
            XCTFail("a history over the limit was taken")
        } catch {
            XCTAssertEqual(error.location, .url(server.url("/credit/history.json").absoluteString, status: nil))
            XCTAssertTrue(error.message.hasPrefix("the response is over the input limit"), error.description)
        }
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()))
        XCTAssertTrue(after.subtracting(before).filter { $0.hasPrefix("gazette-history-") }.isEmpty)
    }
}

private final class RequestCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
}
