import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GazetteCore

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

    /// Makes an input ready to read: fetches a URL, checks that a file is there and readable
    /// (its bytes are read when the report reads them).
    public func open(_ source: Source) async throws(BuildError) -> LoadedInput {
        switch source {
        case let .embedded(_, bytes):
            return LoadedInput(source: source, bytes: bytes)
        case let .file(url):
            return LoadedInput(source: source, file: url, size: try Self.checkFile(url))
        case let .url(url):
            return LoadedInput(source: source, bytes: try await fetch(url))
        }
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

    package static func readFile(_ url: URL) throws(BuildError) -> [UInt8] {
        _ = try checkFile(url)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw BuildError(.input, .file(url.path), "cannot read the file (permission denied?)")
        }
        return [UInt8](data)
    }

    /// The file's size, once it is known to be a readable file.
    package static func checkFile(_ url: URL) throws(BuildError) -> Int {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw BuildError(.input, .file(url.path), "no such file")
        }
        guard !isFolder.boolValue else { throw BuildError(.input, .file(url.path), "is a folder, not a file") }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw BuildError(.input, .file(url.path), "cannot read the file (permission denied?)")
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes?[.size] as? NSNumber)?.intValue ?? 0
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
        let download = LimitedDownload(limit: policy.maximumBytes)
        let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let outcome = await download.run(request, in: session)
        if download.overLimit {
            throw BuildError(.input, .url(url.absoluteString, status: download.status),
                             "response is over the limit of \(policy.maximumBytes) bytes")
        }
        let data: Data
        switch outcome {
        case let .success(received):
            data = received
        case let .failure(error):
            let nsError = error as NSError
            let reason = nsError.code == NSURLErrorTimedOut ? "timed out after \(Int(policy.timeout)) s" : nsError.localizedDescription
            throw BuildError(.input, .url(url.absoluteString, status: nil), reason)
        }
        guard let status = download.status else {
            throw BuildError(.input, .url(url.absoluteString, status: nil), "not an HTTP response")
        }
        guard (200..<300).contains(status) else {
            throw BuildError(.input, .url(url.absoluteString, status: status), HTTPURLResponse.localizedString(forStatusCode: status))
        }
        return [UInt8](data)
    }
}

/// One GET that stops as soon as the body is known to pass the size limit, by its
/// Content-Length or by the bytes received, so an oversized answer is never held whole.
private final class LimitedDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let limit: Int
    private let lock = NSLock()
    private var received = Data()
    private var continuation: CheckedContinuation<Result<Data, Error>, Never>?
    private(set) var status: Int?
    private(set) var overLimit = false

    package init(limit: Int) {
        self.limit = limit
    }

    package func run(_ request: URLRequest, in session: URLSession) async -> Result<Data, Error> {
        await withCheckedContinuation { continuation in
            lock.lock()
            self.continuation = continuation
            lock.unlock()
            session.dataTask(with: request).resume()
        }
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        lock.lock()
        status = (response as? HTTPURLResponse)?.statusCode
        let tooBig = response.expectedContentLength > Int64(limit)
        if tooBig { overLimit = true }
        lock.unlock()
        completionHandler(tooBig ? .cancel : .allow)
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        received.append(data)
        let tooBig = received.count > limit
        if tooBig {
            overLimit = true
            received = Data()
        }
        lock.unlock()
        if tooBig { dataTask.cancel() }
    }

    package func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        let continuation = self.continuation
        self.continuation = nil
        let result: Result<Data, Error> = error.map { .failure($0) } ?? .success(received)
        lock.unlock()
        continuation?.resume(returning: result)
    }
}
