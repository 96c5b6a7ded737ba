import Foundation
import GazetteTestSupport
import XCTest
@testable import GazetteCore
@testable import Loading

/// The loader against a real HTTP server on 127.0.0.1.
final class FetcherTests: XCTestCase {
    private let quick = FetchPolicy(timeout: 1, retries: 2, backoff: 0.05, maximumBytes: 1000)

    func testFetchesWithTheJSONAcceptHeader() async throws {
        let server = try LocalHTTPServer { _ in .json("{\"ok\": true}") }
        defer { server.stop() }
        let bytes = try await SourceLoader(policy: quick).load(.url(server.url("/feed?count=10")))
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "{\"ok\": true}")
        XCTAssertEqual(server.requests.first?.path, "/feed?count=10")
        XCTAssertEqual(server.requests.first?.headers["accept"], "application/json")
    }

    func testServerErrorsAreRetriedThenReportedWithTheStatus() async throws {
        let server = try LocalHTTPServer { _ in .json("down", status: 503) }
        defer { server.stop() }
        let url = server.url("/feed")
        do {
            _ = try await SourceLoader(policy: quick).load(.url(url))
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.kind, .input)
            XCTAssertEqual(error.location, .url(url.absoluteString, status: 503))
            XCTAssertTrue(error.description.hasPrefix("\(url.absoluteString): error: HTTP 503"), error.description)
        }
        XCTAssertEqual(server.requests.count, 3, "one try and two retries")
    }

    func testARetryCanSucceed() async throws {
        let counter = Counter()
        let server = try LocalHTTPServer { _ in counter.next() == 1 ? .json("busy", status: 500) : .json("[1]") }
        defer { server.stop() }
        let bytes = try await SourceLoader(policy: quick).load(.url(server.url("/")))
        XCTAssertEqual(bytes, Array("[1]".utf8))
        XCTAssertEqual(server.requests.count, 2)
    }

    /// A retry and a server that keeps the loader waiting each get a line.
    func testRetriesAndLongWaitsAreAnnounced() async throws {
        let lines = CollectedLines()
        let counter = Counter()
        let server = try LocalHTTPServer { _ in
            counter.next() == 1
                ? .json("busy", status: 503) : LocalHTTPServer.Response(body: Array("[1]".utf8), delay: 1.2)
        }
        defer { server.stop() }
        var loader = SourceLoader(policy: FetchPolicy(timeout: 5, retries: 2, backoff: 0.05, maximumBytes: 1000))
        loader.notice = lines.add
        loader.waitNotice = 0.5
        let url = server.url("/feed").absoluteString
        _ = try await loader.load(.url(server.url("/feed")))
        XCTAssertEqual(
            lines.all,
            [
                "\(url): HTTP 503 service unavailable; trying again in 0.05 s (attempt 2 of 3)",
                "\(url): still waiting after 0.5 s (gives up after 5 s)"
            ])
    }

    func testClientErrorsAreNotRetried() async throws {
        let server = try LocalHTTPServer { _ in .json("no", status: 404) }
        defer { server.stop() }
        do {
            _ = try await SourceLoader(policy: quick).load(.url(server.url("/missing")))
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.location, .url(server.url("/missing").absoluteString, status: 404))
        }
        XCTAssertEqual(server.requests.count, 1)
    }

    func testResponsesOverTheSizeLimitAreRejected() async throws {
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(body: [UInt8](repeating: 65, count: 5000)) }
        defer { server.stop() }
        do {
            _ = try await SourceLoader(policy: FetchPolicy(timeout: 1, retries: 0, maximumBytes: 1000)).load(
                .url(server.url("/big")))
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.kind, .input)
            XCTAssertEqual(
                error.message, "the response is over the input limit of 1,000 bytes (raise it with --max-input-size)")
            XCTAssertFalse(error.message.contains("timed out"), error.description)
        }
    }

    /// A URL of another scheme is named as a URL and refused, not read as a file called "ftp:".
    func testOtherSchemesAreRefusedByName() async {
        let source = Source(parsing: "ftp://example.org/x.json", relativeTo: URL(fileURLWithPath: "/tmp"))
        XCTAssertEqual(source, .url(URL(string: "ftp://example.org/x.json")!))
        do {
            _ = try await SourceLoader().load(source)
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(
                error.description,
                "ftp://example.org/x.json: error: only http and https URLs are fetched; give a file's path for a local file"
            )
        }
    }

    /// An answer over the limit is not asked for again: it would be as large.
    func testAnAnswerOverTheLimitIsNotRetried() async throws {
        let requests = RequestCount()
        let server = try LocalHTTPServer { _ in
            requests.add()
            return LocalHTTPServer.Response(body: [UInt8](repeating: 65, count: 5000))
        }
        defer { server.stop() }
        do {
            _ = try await SourceLoader(policy: FetchPolicy(timeout: 1, retries: 2, backoff: 0.01, maximumBytes: 1000))
                .load(.url(server.url("/big")))
            XCTFail("expected an error")
        } catch {
            XCTAssertFalse(error.message.contains("attempts"), error.description)
        }
        XCTAssertEqual(requests.value, 1)
    }

    private final class RequestCount: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    func testASlowServerTimesOut() async throws {
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(body: Array("{}".utf8), delay: 3) }
        defer { server.stop() }
        let started = Date()
        do {
            _ = try await SourceLoader(policy: FetchPolicy(timeout: 0.5, retries: 0)).load(.url(server.url("/slow")))
            XCTFail("expected a timeout")
        } catch {
            XCTAssertEqual(error.kind, .input)
            XCTAssertEqual(error.location, .url(server.url("/slow").absoluteString, status: nil))
            XCTAssertTrue(error.message.contains("timed out after 0.5 s"), error.description)
            XCTAssertFalse(error.message.contains("over the limit"), error.description)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2.5)
    }

}

private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}

/// 3 and 15 of issue 10: every fetch ends within its deadline, whatever the server does, and
/// waiting costs next to no CPU.
final class FetchDeadlineTests: XCTestCase {
    private let policy = FetchPolicy(timeout: 1, retries: 0, backoff: 0.05, maximumBytes: 1 << 20)

    /// CPU seconds this process spent (user + system).
    private func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(
            usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// What ended a fetch: its deadline or the size limit. Each test names the one it expects, so a
    /// deadline test cannot pass on the limit, nor the limit test on the deadline.
    private enum Ending: String {
        case deadline = "timed out after 1 s"
        case sizeLimit = "over the input limit of 1,048,576 bytes"
    }

    private func expectTimeout(
        _ response: LocalHTTPServer.Response, ending: Ending = .deadline,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let server = try LocalHTTPServer { _ in response }
        defer { server.stop() }
        let started = Date()
        let cpu = cpuSeconds()
        do {
            _ = try await SourceLoader(policy: policy).load(.url(server.url("/feed")))
            XCTFail("expected the fetch to fail", file: file, line: line)
        } catch {
            XCTAssertEqual(error.kind, .input, file: file, line: line)
            XCTAssertTrue(
                error.message.contains(ending.rawValue), "expected \(ending): \(error.description)", file: file,
                line: line)
            let other: Ending = ending == .deadline ? .sizeLimit : .deadline
            XCTAssertFalse(error.message.contains(other.rawValue), error.description, file: file, line: line)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2.5, "the deadline holds", file: file, line: line)
        XCTAssertLessThan(cpuSeconds() - cpu, 1.0, "waiting costs next to no CPU", file: file, line: line)
    }

    func testASilentServerFailsAtTheDeadline() async throws {
        try await expectTimeout(LocalHTTPServer.Response(body: Array("{}".utf8), delay: 30))
    }

    func testAServerThatDripsABytePerIntervalFailsAtTheDeadline() async throws {
        try await expectTimeout(
            LocalHTTPServer.Response(body: Array(String(repeating: "[1]", count: 100).utf8), drip: 0.2))
    }

    func testAnEndlessSlowBodyFailsAtTheDeadline() async throws {
        try await expectTimeout(LocalHTTPServer.Response(body: Array("[1,".utf8), drip: 0.05, endless: true))
    }

    func testAnEndlessFastBodyStopsAtTheSizeLimit() async throws {
        try await expectTimeout(
            LocalHTTPServer.Response(body: [UInt8](repeating: 32, count: 65_536), endless: true), ending: .sizeLimit)
    }

    func testAClientErrorSaysNothingOfAttempts() async throws {
        let server = try LocalHTTPServer { _ in .json("no", status: 404) }
        defer { server.stop() }
        do {
            _ = try await SourceLoader(policy: FetchPolicy(timeout: 1, retries: 2, backoff: 0.05)).load(
                .url(server.url("/missing")))
            XCTFail("expected an error")
        } catch {
            XCTAssertFalse(error.message.contains("attempts"), error.description)
        }
    }
}
