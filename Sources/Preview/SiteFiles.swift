import FlyingFox
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Serves the output folder: a folder's `index.html` for the folder, the file's media type, no
/// caching (a preview changes under the reader), and the live-reload script added to HTML only.
/// A request that would leave the folder — `..` (plain or percent-encoded), a NUL, a symbolic
/// link pointing outside — gets 403; a file that is not there, 404.
struct SiteFiles: HTTPHandler {
    let root: URL

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else {
            return Self.plain(.methodNotAllowed, "only GET and HEAD")
        }
        switch resolve(request.target.path(percentEncoded: true)) {
        case let .file(url):
            guard let data = FileManager.default.contents(atPath: url.path) else {
                return Self.plain(.notFound, "not found")
            }
            let type = MediaType.of(url.lastPathComponent)
            let body = type.hasPrefix("text/html") ? Self.withReloadScript(data) : data
            return HTTPResponse(
                statusCode: .ok,
                headers: [.contentType: type, .cacheControl: "no-store"],
                body: request.method == .HEAD ? Data() : body)
        case let .redirect(location):
            return HTTPResponse(statusCode: .movedPermanently, headers: [.location: location])
        case .forbidden:
            return Self.plain(.forbidden, "outside the site")
        case .missing:
            return Self.plain(.notFound, "not found")
        }
    }

    enum Resolution: Equatable {
        case file(URL)
        case redirect(String)
        case forbidden
        case missing
    }

    /// Where the raw request target leads. Works on the target as the client sent it, so an
    /// encoded `%2e%2e` is refused rather than tidied away.
    func resolve(_ target: String) -> Resolution {
        let rawPath = String(target.prefix { $0 != "?" && $0 != "#" })
        guard rawPath.hasPrefix("/"), let decoded = rawPath.removingPercentEncoding else { return .forbidden }
        let parts = decoded.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if parts.contains(where: { $0 == ".." || $0 == "." || $0.contains("\0") || $0.contains("\\") }) {
            return .forbidden
        }
        let realRoot = root.resolvingSymlinksInPath().path
        var url = parts.reduce(root) { $0.appendingPathComponent($1) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            // A link pointing nowhere, or outside: say forbidden only for what leaves the site.
            return Self.isInside(url.resolvingSymlinksInPath().path, realRoot) ? .missing : .forbidden
        }
        if isFolder.boolValue {
            if !decoded.hasSuffix("/") { return .redirect(rawPath + "/") }
            url = url.appendingPathComponent("index.html")
        }
        guard Self.isInside(url.resolvingSymlinksInPath().path, realRoot) else { return .forbidden }
        return FileManager.default.fileExists(atPath: url.path) ? .file(url) : .missing
    }

    static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// The page with the live-reload script before `</body>` (or at the end without one).
    static func withReloadScript(_ data: Data) -> Data {
        var text = String(decoding: data, as: UTF8.self)
        if let end = text.range(of: "</body>", options: .backwards) {
            text.insert(contentsOf: LiveReload.script + "\n", at: end.lowerBound)
        } else {
            text += LiveReload.script
        }
        return Data(text.utf8)
    }

    static func plain(_ status: HTTPStatusCode, _ text: String) -> HTTPResponse {
        HTTPResponse(
            statusCode: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: Data((text + "\n").utf8))
    }
}
