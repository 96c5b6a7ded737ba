import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Limits for reading from the network.
public struct FetchPolicy: Sendable {
    public var timeout: TimeInterval
    public var retries: Int
    /// Back-off before the first retry; doubled for each further one.
    public var backoff: TimeInterval
    public var maximumBytes: Int

    public init(timeout: TimeInterval = 10, retries: Int = 2, backoff: TimeInterval = 0.5, maximumBytes: Int = 32 << 20) {
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.maximumBytes = maximumBytes
    }
}

/// Reads report inputs: files from disk and http(s) URLs from the network.
public struct SourceLoader: Sendable {
    public var policy: FetchPolicy

    public init(policy: FetchPolicy = FetchPolicy()) {
        self.policy = policy
    }

    public func load(_ source: Source) async throws(BuildError) -> [UInt8] {
        switch source {
        case let .embedded(_, bytes):
            return bytes
        case let .file(url):
            return try Self.readFile(url)
        case let .url(url):
            return try await fetch(url)
        }
    }

    static func readFile(_ url: URL) throws(BuildError) -> [UInt8] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw BuildError(.input, .file(url.path), "no such file")
        }
        guard !isFolder.boolValue else { throw BuildError(.input, .file(url.path), "is a folder, not a file") }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw BuildError(.input, .file(url.path), "cannot read the file (permission denied?)")
        }
        return [UInt8](data)
    }

    /// GET with `Accept: application/json`, a timeout, retries with back-off and a size limit.
    /// Client errors (4xx) are not retried: asking again will not change the answer.
    public func fetch(_ url: URL) async throws(BuildError) -> [UInt8] {
        var lastError = BuildError(.input, .url(url.absoluteString, status: nil), "not fetched")
        for attempt in 0...policy.retries {
            if attempt > 0 {
                let delay = policy.backoff * pow(2, Double(attempt - 1))
                try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
            }
            do {
                return try await fetchOnce(url)
            } catch {
                lastError = error
                if case let .url(_, status?) = error.location, (400..<500).contains(status), status != 429 { break }
            }
        }
        if policy.retries > 0 { lastError.message += " (after \(policy.retries + 1) attempts)" }
        throw lastError
    }

    private func fetchOnce(_ url: URL) async throws(BuildError) -> [UInt8] {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: policy.timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("Gazette", forHTTPHeaderField: "User-Agent")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = policy.timeout
        configuration.timeoutIntervalForResource = policy.timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            let nsError = error as NSError
            let reason = nsError.code == NSURLErrorTimedOut ? "timed out after \(Int(policy.timeout)) s" : nsError.localizedDescription
            throw BuildError(.input, .url(url.absoluteString, status: nil), reason)
        }
        guard let http = response as? HTTPURLResponse else {
            throw BuildError(.input, .url(url.absoluteString, status: nil), "not an HTTP response")
        }
        guard (200..<300).contains(http.statusCode) else {
            throw BuildError(.input, .url(url.absoluteString, status: http.statusCode), HTTPURLResponse.localizedString(forStatusCode: http.statusCode))
        }
        guard data.count <= policy.maximumBytes else {
            throw BuildError(.input, .url(url.absoluteString, status: http.statusCode),
                             "response of \(data.count) bytes is over the limit of \(policy.maximumBytes) bytes")
        }
        return [UInt8](data)
    }
}
