import Foundation
import XCTest
import FlyingFox
@testable import Preview

/// What `gazette serve` answers for a request target, without a socket: files, folders,
/// traversal in every spelling, links out of the folder, and the script added to HTML only.
final class SiteFilesTests: XCTestCase {
    private var root: URL!
    private var outside: URL!

    override func setUpWithError() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString)")
        root = base.appendingPathComponent("Output")
        outside = base.appendingPathComponent("secret.txt")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("report"), withIntermediateDirectories: true)
        try Data("<html><body><p>hi</p></body></html>".utf8).write(to: root.appendingPathComponent("index.html"))
        try Data("<p>report</p>".utf8).write(to: root.appendingPathComponent("report/index.html"))
        try Data("secret".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("leak.txt"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("home.html"),
            withDestinationURL: root.appendingPathComponent("index.html"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
    }

    func testFilesFoldersAndMissingNames() {
        let files = SiteFiles(root: root)
        XCTAssertEqual(files.resolve("/"), .file(root.appendingPathComponent("index.html")))
        XCTAssertEqual(files.resolve("/index.html?x=1"), .file(root.appendingPathComponent("index.html")))
        XCTAssertEqual(files.resolve("/report/"), .file(root.appendingPathComponent("report/index.html")))
        XCTAssertEqual(files.resolve("/report"), .redirect("/report/"))
        XCTAssertEqual(
            files.resolve("/home.html"), .file(root.appendingPathComponent("home.html")),
            "a link inside the site is served")
        XCTAssertEqual(files.resolve("/nope.html"), .missing)
        XCTAssertEqual(files.resolve("/report/%69ndex.html"), .file(root.appendingPathComponent("report/index.html")))
    }

    func testEveryWayOutIsRefused() {
        let files = SiteFiles(root: root)
        for target in [
            "/../secret.txt", "/report/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
            "/..%2fsecret.txt", "/report/%2e%2e%2f%2e%2e%2fsecret.txt", "/./index.html", "/leak.txt",
            "/a%00b", "/..\\secret.txt", "relative.html"
        ] {
            XCTAssertEqual(files.resolve(target), .forbidden, target)
        }
    }

    func testTheReloadScriptGoesIntoHTMLOnlyAndBeforeTheBodyEnds() {
        let page = String(
            decoding: SiteFiles.withReloadScript(Data("<html><body><p>hi</p></body></html>".utf8)), as: UTF8.self)
        XCTAssertTrue(page.hasSuffix("</script>\n</body></html>"), page)
        XCTAssertTrue(page.contains("new WebSocket"))
        XCTAssertTrue(page.contains(LiveReload.path))
        let fragment = String(decoding: SiteFiles.withReloadScript(Data("<p>x</p>".utf8)), as: UTF8.self)
        XCTAssertTrue(fragment.hasPrefix("<p>x</p><script>"))
        XCTAssertEqual(MediaType.of("index.html"), "text/html; charset=utf-8")
        XCTAssertEqual(MediaType.of("assets/style.css"), "text/css; charset=utf-8")
        XCTAssertEqual(MediaType.of("assets/countdown.js"), "text/javascript; charset=utf-8")
        XCTAssertEqual(MediaType.of("charts/a-light@2x.png"), "image/png")
        XCTAssertEqual(MediaType.of("charts/a.svg"), "image/svg+xml")
        XCTAssertEqual(MediaType.of("report.json"), "application/json")
        XCTAssertEqual(MediaType.of("report.pdf"), "application/pdf")
        XCTAssertEqual(MediaType.of("CNAME"), "text/plain; charset=utf-8")
        XCTAssertEqual(MediaType.of("blob"), "application/octet-stream")
    }

    func testPublishingSendsANewGenerationToEveryPage() async {
        let hub = LiveReload()
        let (stream, continuation) = AsyncStream<WSMessage>.makeStream()
        await hub.connect(UUID(), continuation)
        await hub.published()
        await hub.published()
        continuation.finish()
        var seen: [String] = []
        for await message in stream {
            if case let .text(text) = message { seen.append(text) }
        }
        XCTAssertEqual(
            seen, ["generation 0", "generation 1", "generation 2"],
            "the current one on connecting, then one per publish")
    }
}
