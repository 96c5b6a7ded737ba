import CCurl
import Foundation
import GazetteCore

/// Limits for reading from the network.
public struct FetchPolicy: Sendable {
    public var timeout: TimeInterval
    public var retries: Int
    /// Back-off before the first retry; doubled for each further one.
    public var backoff: TimeInterval
    public var maximumBytes: Int

    public init(timeout: TimeInterval = 10, retries: Int = 2, backoff: TimeInterval = 0.5, maximumBytes: Int = 32 << 20)
    {
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.maximumBytes = maximumBytes
    }
}

/// Reads report inputs: files from disk and http(s) URLs from the network.
public struct SourceLoader: Sendable {
    public var policy: FetchPolicy
    /// Lines about a fetch that takes a while: a retry, or a server still silent after
    /// `waitNotice` seconds. The build prints them as notes.
    public var notice: @Sendable (String) -> Void = { _ in }
    public var waitNotice: TimeInterval = 3

    public init(policy: FetchPolicy = FetchPolicy()) {
        self.policy = policy
    }

    /// Makes an input ready to read: fetches a URL, reads standard input, checks that a file is
    /// a readable regular file within the size limit (its bytes are read when the report reads them).
    public func open(_ source: Source) async throws(BuildError) -> LoadedInput {
        switch source {
        case let .embedded(_, bytes):
            return LoadedInput(source: source, bytes: bytes)
        case let .file(path):
            return LoadedInput(
                source: source, file: path, size: try FileInput.check(path, limit: policy.maximumBytes),
                limit: policy.maximumBytes)
        case let .url(url):
            return LoadedInput(source: source, bytes: try await fetch(url))
        case .standardInput:
            return LoadedInput(source: source, bytes: try FileInput.standardInput(limit: policy.maximumBytes))
        }
    }

    public func load(_ source: Source) async throws(BuildError) -> [UInt8] {
        switch source {
        case let .embedded(_, bytes):
            return bytes
        case let .file(path):
            return try FileInput.read(path, limit: policy.maximumBytes)
        case let .url(url):
            return try await fetch(url)
        case .standardInput:
            return try FileInput.standardInput(limit: policy.maximumBytes)
        }
    }

    /// GET with `Accept: application/json`, a timeout, retries with back-off and a size limit.
    /// Client errors (4xx) are not retried: asking again will not change the answer.
    public func fetch(_ url: URL) async throws(BuildError) -> [UInt8] {
        guard ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            throw BuildError(
                .input, .url(url.absoluteString, status: nil),
                "only http and https URLs are fetched; give a file's path for a local file")
        }
        var lastError = BuildError(.input, .url(url.absoluteString, status: nil), "not fetched")
        var attempts = 0
        for attempt in 0...policy.retries {
            attempts += 1
            if attempt > 0 {
                let delay = policy.backoff * pow(2, Double(attempt - 1))
                var reason = lastError.message
                if case let .url(_, status?) = lastError.location { reason = "HTTP \(status) \(reason)" }
                notice(
                    "\(url.absoluteString): \(reason); trying again in \(Self.seconds(delay)) s "
                        + "(attempt \(attempt + 1) of \(policy.retries + 1))")
                try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
            }
            do {
                return try await fetchOnce(url)
            } catch {
                lastError = error
                if case let .url(_, status?) = error.location, (400..<500).contains(status), status != 429 { break }
                // The same answer would be as large again.
                if error.message.hasPrefix(Self.overLimitPrefix) { break }
            }
        }
        if attempts > 1 { lastError.message += " (after \(attempts) attempts)" }
        throw lastError
    }

    /// One GET through libcurl on a thread of its own, which waits in `poll` (no CPU) and gives
    /// up when the whole transfer passes the deadline, however slowly the server answers.
    private func fetchOnce(_ url: URL) async throws(BuildError) -> [UInt8] {
        let policy = self.policy
        let notice = self.notice
        // A line when the server keeps us waiting, so a long timeout is not mistaken for a hang.
        let finished = FetchFinished()
        if waitNotice < policy.timeout {
            let line =
                "\(url.absoluteString): still waiting after \(Self.seconds(waitNotice)) s (gives up after \(Self.seconds(policy.timeout)) s)"
            DispatchQueue.global().asyncAfter(deadline: .now() + waitNotice) {
                if !finished.isSet { notice(line) }
            }
        }
        let outcome: FetchOutcome = await withCheckedContinuation { continuation in
            Thread {
                var result = gazette_fetch_result()
                gazette_fetch(
                    url.absoluteString, Int(policy.timeout * 1000), policy.maximumBytes, "application/json", "Gazette",
                    &result)
                finished.set()
                let body = result.body.map { Array(UnsafeBufferPointer(start: $0, count: result.length)) } ?? []
                let error = withUnsafeBytes(of: result.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                let outcome = FetchOutcome(
                    completed: result.curl_code == 0, status: result.status, timedOut: result.timed_out != 0,
                    overLimit: result.over_limit != 0, body: body, error: error)
                gazette_fetch_free(&result)
                continuation.resume(returning: outcome)
            }.start()
        }
        let place = ErrorLocation.url(url.absoluteString, status: outcome.status > 0 ? outcome.status : nil)
        if outcome.overLimit {
            throw FileInput.overLimit(
                .url(url.absoluteString, status: nil), limit: policy.maximumBytes, what: Self.overLimitPrefix)
        }
        if outcome.timedOut {
            throw BuildError(
                .input, .url(url.absoluteString, status: nil), "timed out after \(Self.seconds(policy.timeout)) s")
        }
        guard outcome.completed else {
            throw BuildError(.input, .url(url.absoluteString, status: nil), outcome.error)
        }
        guard outcome.status > 0 else {
            throw BuildError(.input, .url(url.absoluteString, status: nil), "not an HTTP response")
        }
        guard (200..<300).contains(outcome.status) else {
            throw BuildError(.input, place, Self.statusText(outcome.status))
        }
        return outcome.body
    }

    static let overLimitPrefix = "the response is over the input limit"

    /// `10`, or `0.5` for a fraction of a second.
    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// The reason phrase of a status, in lower case as URLSession wrote them.
    static func statusText(_ status: Int) -> String {
        switch status {
        case 400: return "bad request"
        case 401: return "unauthorized"
        case 403: return "forbidden"
        case 404: return "not found"
        case 408: return "request timed out"
        case 410: return "no longer exists"
        case 429: return "too many requests"
        case 500: return "internal server error"
        case 502: return "bad gateway"
        case 503: return "service unavailable"
        case 504: return "gateway timed out"
        default:
            return (400..<500).contains(status)
                ? "client error" : (500..<600).contains(status) ? "server error" : "unexpected status"
        }
    }
}

private struct FetchOutcome: Sendable {
    var completed: Bool
    var status: Int
    var timedOut: Bool
    var overLimit: Bool
    var body: [UInt8]
    var error: String
}

/// Whether a fetch has ended, read by the timer that would say it is still waiting.
private final class FetchFinished: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }
}
