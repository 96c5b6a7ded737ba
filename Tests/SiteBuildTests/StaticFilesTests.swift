import Foundation
import GazetteTestSupport
import XCTest
@testable import SiteBuild
@testable import GazetteCore
@testable import Jobs

/// The `static/` passthrough: files copied into the site as they are, listed in the manifest,
/// checked for names that would escape or replace the site's own, and never changed at the source.
final class StaticFilesTests: XCTestCase {
    /// A job folder with a credit report, a job file and a `static` folder beside it.
    private func jobFolder(jobExtra: String = "") -> URL {
        let dir = TestSupport.temporaryFolder()
        try! FileManager.default.copyItem(
            at: TestSupport.fixture("credit-report.json"), to: dir.appendingPathComponent("credit.json"))
        TestSupport.writeFile(
            "title: Static\n\(jobExtra)reports:\n  - kind: credit-score\n    input: credit.json\n",
            to: dir.appendingPathComponent("job.yml"))
        let files = [
            "CNAME": "scores.example.org\n", "robots.txt": "User-agent: *\nAllow: /\n",
            "img/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            ".well-known/security.txt": "Contact: a@b.c\n",
            ".gitkeep": "", "img/.DS_Store": "x"
        ]
        for (path, text) in files { TestSupport.writeFile(text, to: dir.appendingPathComponent("static/\(path)")) }
        return dir
    }

    private func build(_ dir: URL, now: TimeInterval = 1_700_000_000) async throws -> BuildResult {
        let job = try JobFileLoader().load(dir.appendingPathComponent("job.yml"))
        return await Pipeline(job: job, options: BuildOptions(now: Date(timeIntervalSince1970: now), jobs: 2)).run()
    }

    private func manifestPaths(_ output: URL) throws -> [String] {
        let manifest = try TestSupport.jsonObject(output.appendingPathComponent("manifest.json"))
        return (manifest["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    }

    func testStaticFilesArePublishedAsTheyAreAndListedInTheManifest() async throws {
        let dir = jobFolder()
        let before = TestSupport.snapshot(dir.appendingPathComponent("static"))
        let result = try await build(dir)
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        let output = dir.appendingPathComponent("Output")
        XCTAssertEqual(TestSupport.read(output.appendingPathComponent("CNAME")), "scores.example.org\n")
        XCTAssertEqual(TestSupport.read(output.appendingPathComponent("robots.txt")), "User-agent: *\nAllow: /\n")
        XCTAssertEqual(TestSupport.read(output.appendingPathComponent(".well-known/security.txt")), "Contact: a@b.c\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("img/logo.svg").path))
        // Version-control and desktop litter stays behind.
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent(".gitkeep").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("img/.DS_Store").path))
        let listed = try manifestPaths(output)
        for path in ["CNAME", "robots.txt", "img/logo.svg", ".well-known/security.txt", "favicon.svg"] {
            XCTAssertTrue(listed.contains(path), path)
        }
        XCTAssertEqual(
            TestSupport.snapshot(dir.appendingPathComponent("static")), before, "the static folder is never changed")

        // A file removed from static/ leaves the site at the next build; the folder is still untouched.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("static/robots.txt"))
        let again = try await build(dir)
        XCTAssertEqual(again.exitCode, 0, again.summaryLine)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("robots.txt").path))
        XCTAssertEqual(TestSupport.read(output.appendingPathComponent("CNAME")), "scores.example.org\n")
        XCTAssertFalse(try manifestPaths(output).contains("robots.txt"))
    }

    func testEveryPageLinksTheDefaultIconAndAStaticIconReplacesIt() async throws {
        let dir = jobFolder()
        _ = try await build(dir)
        let output = dir.appendingPathComponent("Output")
        let icon = TestSupport.read(output.appendingPathComponent("favicon.svg"))
        XCTAssertTrue(icon.hasPrefix("<svg"), icon)
        XCTAssertTrue(
            TestSupport.read(output.appendingPathComponent("index.html")).contains(
                #"<link rel="icon" href="favicon.svg" type="image/svg+xml">"#))
        XCTAssertTrue(
            TestSupport.read(output.appendingPathComponent("credit-score/index.html")).contains(
                #"<link rel="icon" href="../favicon.svg""#))

        let mine = "<svg xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"4\"/></svg>"
        TestSupport.writeFile(mine, to: dir.appendingPathComponent("static/favicon.svg"))
        let result = try await build(dir)
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        XCTAssertEqual(TestSupport.read(output.appendingPathComponent("favicon.svg")), mine)
    }

    func testTheStaticKeyNamesAnotherFolderAndAMissingOneIsAnErrorAtItsLine() async throws {
        let dir = jobFolder(jobExtra: "static: public\n")
        TestSupport.writeFile("hello\n", to: dir.appendingPathComponent("public/hello.txt"))
        let result = try await build(dir)
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        let output = dir.appendingPathComponent("Output")
        XCTAssertEqual(TestSupport.read(output.appendingPathComponent("hello.txt")), "hello\n")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: output.appendingPathComponent("CNAME").path), "only the named folder"
        )

        let missing = jobFolder(jobExtra: "static: nowhere\n")
        XCTAssertThrowsError(try JobFileLoader().load(missing.appendingPathComponent("job.yml"))) { error in
            guard let error = error as? BuildError, case let .text(_, line, column, _, _) = error.location else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual([line, column], [2, 9])
            XCTAssertTrue(error.message.hasPrefix("static must name a folder of files to publish"), error.message)
        }
    }

    /// A static file where Gazette writes, a link out of the folder, or the output inside the
    /// folder stops the build before anything is published: the previous output stays.
    func testUnsafeStaticFilesStopTheBuildAndKeepThePreviousOutput() async throws {
        let cases: [(String, (URL) throws -> Void, String)] = [
            (
                "index.html", { try Data("x".utf8).write(to: $0.appendingPathComponent("static/index.html")) },
                "Gazette writes index.html itself"
            ),
            (
                "report folder",
                { dir in TestSupport.writeFile("x", to: dir.appendingPathComponent("static/credit-score/extra.html")) },
                "Gazette writes the folder credit-score/ itself"
            ),
            (
                "assets",
                { dir in TestSupport.writeFile("x", to: dir.appendingPathComponent("static/assets/style.css")) },
                "Gazette writes the folder assets/ itself"
            ),
            (
                "pages",
                { dir in TestSupport.writeFile("x", to: dir.appendingPathComponent("static/pages/2.html")) },
                "Gazette writes the folder pages/ itself"
            ),
            (
                "search",
                { dir in TestSupport.writeFile("x", to: dir.appendingPathComponent("static/search/notes.txt")) },
                "Gazette writes the folder search/ itself"
            ),
            (
                "link out",
                { dir in
                    try FileManager.default.createSymbolicLink(
                        atPath: dir.appendingPathComponent("static/passwd").path,
                        withDestinationPath: "/etc/passwd")
                },
                "this symbolic link points outside the static folder"
            ),
            (
                "control character",
                { dir in TestSupport.writeFile("x", to: dir.appendingPathComponent("static/bad\u{1}name")) },
                "holds a control character"
            )
        ]
        for (name, spoil, message) in cases {
            let dir = jobFolder()
            let first = try await build(dir)
            XCTAssertEqual(first.exitCode, 0, name)
            let output = dir.appendingPathComponent("Output")
            let before = TestSupport.snapshot(output)
            try spoil(dir)
            let result = try await build(dir, now: 1_800_000_000)
            XCTAssertEqual(result.exitCode, 64, "\(name): \(result.summaryLine)")
            let fatal = try XCTUnwrap(result.fatal, name)
            XCTAssertTrue(fatal.message.contains(message), "\(name): \(fatal.message)")
            guard case let .file(path) = fatal.location else { return XCTFail("\(name): \(fatal)") }
            XCTAssertTrue(path.hasPrefix(dir.appendingPathComponent("static").path), "\(name): \(path)")
            XCTAssertEqual(TestSupport.snapshot(output), before, "\(name): the previous output stays")
        }
    }

    /// Issue 63, 5: the files a site writes at its top by its settings are refused in `static/`:
    /// `robots.txt` when the site asks not to be indexed, the sitemap and each of its parts when it
    /// has an address. Without those settings the same static files are the user's to publish.
    func testRobotsAndEverySitemapNameAreRefusedWhenTheSiteWritesThem() async throws {
        let cases: [(jobExtra: String, file: String, refused: Bool)] = [
            ("index: false\n", "robots.txt", true),
            ("", "robots.txt", false),
            ("base-url: https://scores.example.org/\n", "sitemap.xml", true),
            ("base-url: https://scores.example.org/\n", "sitemap-2.xml", true),
            ("", "sitemap.xml", false),
            ("", "sitemap-2.xml", false)
        ]
        for (jobExtra, file, refused) in cases {
            let name = "\(file) with \(jobExtra.isEmpty ? "no setting" : jobExtra.trimmingCharacters(in: .newlines))"
            let dir = jobFolder(jobExtra: jobExtra)
            if file != "robots.txt" {
                TestSupport.writeFile("<urlset/>\n", to: dir.appendingPathComponent("static/\(file)"))
            }
            let result = try await build(dir)
            if refused {
                XCTAssertEqual(result.exitCode, 64, "\(name): \(result.summaryLine)")
                XCTAssertEqual(result.fatal?.message.contains("Gazette writes \(file) itself"), true, "\(name)")
                XCTAssertEqual(result.fatal?.location, .file(dir.appendingPathComponent("static/\(file)").path), name)
            } else {
                XCTAssertEqual(result.exitCode, 0, "\(name): \(result.summaryLine)")
                XCTAssertTrue(try manifestPaths(dir.appendingPathComponent("Output")).contains(file), name)
            }
        }
    }

    func testALinkInsideTheFolderIsFollowed() async throws {
        let dir = jobFolder()
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("static/logo.svg").path,
            withDestinationPath: "img/logo.svg")
        let result = try await build(dir)
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        XCTAssertEqual(
            TestSupport.read(dir.appendingPathComponent("Output/logo.svg")),
            "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
    }

    func testTheOutputMayNotLieInsideTheStaticFolder() async throws {
        let dir = jobFolder(jobExtra: "output: static/site\n")
        let result = try await build(dir)
        XCTAssertEqual(result.exitCode, 64)
        XCTAssertTrue(
            result.fatal?.message.contains("is inside the static folder") == true, String(describing: result.fatal))
    }
}
