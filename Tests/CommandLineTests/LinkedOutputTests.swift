import Crypto
import Foundation
import GazetteTestSupport
import XCTest

/// An output folder named through a symbolic link (`Output -> www/site`, as a deploy set-up has it):
/// the build publishes into the folder the link points to and leaves the link as it is. Driven
/// through the binary, kills included, since a kill is the fault that matters.
final class LinkedOutputTests: XCTestCase {
    private var folder: URL!
    private var gazette: URL!
    private var environment: [String: String] = [:]

    override func setUpWithError() throws {
        folder = TestSupport.temporaryFolder().appendingPathComponent("deploy")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        gazette = try TestSupport.gazette()
        environment = ProcessInfo.processInfo.environment
        // The spare and stat file go to a cache of this test's own, outside the folder looked at.
        environment["XDG_CACHE_HOME"] = TestSupport.temporaryFolder().path
        environment.removeValue(forKey: "GAZETTE_TEST_KILL_AT")
    }

    private var site: URL { folder.appendingPathComponent("www/site") }
    private var link: URL { folder.appendingPathComponent("Output") }

    @discardableResult
    private func build(
        _ now: String = "2023-11-04T05:50:00Z", output: String = "Output", killAt: String? = nil
    ) throws -> (status: Int32, output: String) {
        var environment = environment
        if let killAt { environment["GAZETTE_TEST_KILL_AT"] = killAt }
        return try TestSupport.run(
            gazette, ["build", "--now", now, "--output", output, "--quiet", "--jobs", "2"],
            environment: environment, in: folder)
    }

    private func makeLink(_ destination: String, at name: String = "Output") throws {
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent(name).path, withDestinationPath: destination)
    }

    private func names(_ url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    /// The link is still a link to `destination`.
    private func assertLinkKept(_ destination: String = "www/site", file: StaticString = #filePath, line: UInt = #line)
    {
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: link.path), destination, file: file, line: line)
    }

    func testALinkToAnEmptyFolderIsBuiltThroughAndKept() throws {
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try makeLink("www/site")
        let result = try build()
        XCTAssertEqual(result.status, 0, result.output)
        assertLinkKept()
        try Self.assertCompleteSite(site)
        XCTAssertEqual(names(folder), ["Output", "www"])
        XCTAssertEqual(names(folder.appendingPathComponent("www")), ["site"], "nothing beside the target")
    }

    func testALinkToAGazetteSiteKeepsTheUsersFileAndTheLink() throws {
        try FileManager.default.createDirectory(at: site.deletingLastPathComponent(), withIntermediateDirectories: true)
        XCTAssertEqual(try build(output: "www/site").status, 0)
        TestSupport.writeFile("my notes", to: site.appendingPathComponent("notes.txt"))
        try makeLink("www/site")
        for now in ["2023-11-05T05:50:00Z", "2023-11-06T05:50:00Z"] {
            let result = try build(now)
            XCTAssertEqual(result.status, 0, result.output)
            assertLinkKept()
            try Self.assertCompleteSite(site)
            XCTAssertEqual(TestSupport.read(site.appendingPathComponent("notes.txt")), "my notes")
            XCTAssertTrue(
                TestSupport.read(site.appendingPathComponent("index.html")).contains("2023-11"),
                "the new build is in the target")
            XCTAssertEqual(names(folder), ["Output", "www"])
            XCTAssertEqual(names(folder.appendingPathComponent("www")), ["site"])
        }
        let manifest = try TestSupport.jsonObject(site.appendingPathComponent("manifest.json"))
        XCTAssertEqual(manifest["generatedAt"] as? Int, 1_699_249_800, "the last build's manifest")
    }

    func testALinkToAFolderThatIsNotASiteIsRefusedAndLeftAlone() throws {
        TestSupport.writeFile("my work", to: site.appendingPathComponent("thesis.tex"))
        try makeLink("www/site")
        let result = try build()
        XCTAssertEqual(result.status, 64, result.output)
        XCTAssertTrue(result.output.contains("refusing to replace a folder Gazette did not write"), result.output)
        assertLinkKept()
        XCTAssertEqual(TestSupport.snapshot(site), ["thesis.tex": Data("my work".utf8)])
        XCTAssertEqual(names(folder.appendingPathComponent("www")), ["site"])
    }

    func testADanglingLinkIsBuiltIntoTheFolderItNames() throws {
        try makeLink("www/site")
        let result = try build()
        XCTAssertEqual(result.status, 0, result.output)
        assertLinkKept()
        try Self.assertCompleteSite(site)
        XCTAssertEqual(names(folder.appendingPathComponent("www")), ["site"])
    }

    func testALoopOfLinksIsRefused() throws {
        try makeLink("Other")
        try makeLink("Output", at: "Other")
        let result = try build()
        XCTAssertEqual(result.status, 64, result.output)
        XCTAssertTrue(result.output.contains("Output: error: the output is a symbolic link"), result.output)
        XCTAssertTrue(result.output.contains("loop of links"), result.output)
        XCTAssertEqual(names(folder), ["Other", "Output"], "nothing made")
    }

    /// A build killed just before its swap, or just after it, leaves one complete site in the
    /// target (the old one, or the new one) and the link in place; the next build tidies up.
    func testABuildKilledDuringThePublishOfALinkedOutputLeavesOneCompleteSite() throws {
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try makeLink("www/site")
        XCTAssertEqual(try build().status, 0)
        let first = TestSupport.snapshot(site)
        for (point, now) in [
            ("publish:before-swap", "2023-11-05T05:50:00Z"), ("publish:after-swap", "2023-11-06T05:50:00Z")
        ] {
            let before = TestSupport.snapshot(site)
            let killed = try build(now, killAt: point)
            XCTAssertEqual(killed.status, SIGKILL, "\(point): \(killed.output)")
            assertLinkKept()
            try Self.assertCompleteSite(site)
            let after = TestSupport.snapshot(site)
            if point == "publish:before-swap" {
                XCTAssertEqual(after, before, "killed before the swap: the old site, as it was")
                XCTAssertEqual(after, first)
            } else {
                XCTAssertNotEqual(after, before, "killed after the swap: the new site, whole")
                XCTAssertEqual(
                    try TestSupport.jsonObject(site.appendingPathComponent("manifest.json"))["generatedAt"] as? Int,
                    1_699_249_800)
            }
            XCTAssertEqual(names(folder), ["Output", "www"], "nothing beside the link")
        }
        // The next build removes what the kills left beside the target.
        let result = try build("2023-11-07T05:50:00Z")
        XCTAssertEqual(result.status, 0, result.output)
        assertLinkKept()
        try Self.assertCompleteSite(site)
        XCTAssertEqual(names(folder.appendingPathComponent("www")), ["site"], "nothing left beside the target")
    }

    /// Every file the manifest lists (and every file each report's record lists) is there with
    /// its SHA-256: a whole site, not a half-swapped one.
    static func assertCompleteSite(_ site: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let manifest = try TestSupport.jsonObject(site.appendingPathComponent("manifest.json"))
        let files = try XCTUnwrap(manifest["files"] as? [[String: Any]], file: file, line: line)
        let reports = try XCTUnwrap(manifest["reports"] as? [[String: Any]], file: file, line: line)
        XCTAssertFalse(reports.isEmpty, file: file, line: line)
        var listed = files
        for report in reports {
            listed.append(report)
            let record = try TestSupport.jsonObject(site.appendingPathComponent(report["path"] as! String))
            listed += try XCTUnwrap(record["files"] as? [[String: Any]], file: file, line: line)
        }
        XCTAssertTrue(listed.contains { $0["path"] as? String == "index.html" }, file: file, line: line)
        for entry in listed {
            let path = entry["path"] as! String
            let data = try Data(contentsOf: site.appendingPathComponent(path))
            let hex = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
            XCTAssertEqual(
                hex, entry["sha256"] as? String, "\(path) is the file the manifest lists", file: file, line: line)
        }
    }
}
