import Foundation
import GazetteTestSupport
import XCTest
@testable import Jobs
import Rendering
@testable import SiteBuild

/// Issue 63, 1: a message's identity holds across upgrades and themes. The same reports built with
/// another drawing version (an upgrade that moves a pixel of every chart), with the built-in
/// templates handed back as a theme, and with a themed e-mail template keep every Message-ID; the
/// IDs are pinned, so a change to how an identity is made (which would mail every reader again
/// after an upgrade) fails here and not in a reader's inbox.
final class MessageIdentityAcrossVersionsTests: XCTestCase {
    /// The demo's Message-IDs as every release since identities were made from content gives them
    /// (en-GB, the default sender's domain). The next-to-go message has no chart.
    static let pinned = [
        "credit-score": "<credit-score.69e294655d777dd78f89dd46@localhost>",
        "kestrel-downs-races": "<kestrel-downs-races.f73e0ec521cbe484a047a34c@localhost>",
        "training-log-alex": "<training-log-alex.b864c0c08da32560111c160d@localhost>",
        "training-log-sam": "<training-log-sam.84f19fec03fd092f55f124f8@localhost>"
    ]

    private func build(
        _ name: String, in folder: URL, drawingVersion: String? = nil, templates: URL? = nil
    ) async throws -> URL {
        let output = folder.appendingPathComponent(name)
        let now = Date(timeIntervalSince1970: 1_699_077_000)  // 2023-11-04T05:50:00Z, as CI builds the demo
        var options = BuildOptions(now: now, jobs: 2)
        options.switches.insert("email")
        options.drawingVersion = drawingVersion
        options.templatesFolder = templates
        let result = await Pipeline(
            job: DemoJob.make(output: output, now: now), options: options,
            reporter: Reporter(progress: { _ in }, warning: { _ in }, error: { _ in })
        ).run()
        XCTAssertEqual(result.exitCode, 0, "\(name): \(result.reports.compactMap(\.error))")
        return output
    }

    private func messageIDs(_ output: URL) -> [String: String] {
        var ids: [String: String] = [:]
        for slug in Self.pinned.keys.sorted() + ["next-to-go"] {
            let text = TestSupport.read(output.appendingPathComponent("\(slug)/report.eml"))
            ids[slug] = text.components(separatedBy: "\r\n").first { $0.hasPrefix("Message-ID: ") }
                .map { String($0.dropFirst("Message-ID: ".count)) }
        }
        return ids
    }

    func testAnUpgradeAThemeGivenBackAndAThemedEmailKeepEveryMessageID() async throws {
        let folder = TestSupport.temporaryFolder()
        let plain = try await build("plain", in: folder)
        let ids = messageIDs(plain)
        for (slug, id) in Self.pinned { XCTAssertEqual(ids[slug], id, slug) }

        // An upgrade: every chart's key (and so its files' cache entries) is new.
        let upgraded = try await build("upgraded", in: folder, drawingVersion: "a later release")
        XCTAssertEqual(messageIDs(upgraded), ids, "another drawing version")
        XCTAssertNotEqual(
            TestSupport.read(plain.appendingPathComponent("manifest.json")),
            TestSupport.read(upgraded.appendingPathComponent("manifest.json")),
            "the drawing version given did reach the build (its reports' keys)")

        // `gazette templates theme`, then `--templates theme`: the built-in files, catalogs included.
        let theme = folder.appendingPathComponent("theme")
        for file in TemplateLibrary.builtInFiles {
            TestSupport.writeFile(file.text, to: theme.appendingPathComponent(file.name))
        }
        let givenBack = try await build("given-back", in: folder, templates: theme)
        XCTAssertEqual(messageIDs(givenBack), ids, "the built-in templates as a theme")

        // A themed e-mail: its markup changes, what the reader is told does not.
        let email = theme.appendingPathComponent("email.mustache")
        let themed = TestSupport.read(email).replacingOccurrences(of: "</body>", with: "<p>Our club</p></body>")
        XCTAssertNotEqual(themed, TestSupport.read(email), "the e-mail template has a </body>")
        TestSupport.writeFile(themed, to: email)
        let rethemed = try await build("themed", in: folder, templates: theme)
        XCTAssertEqual(messageIDs(rethemed), ids, "a themed e-mail template")
        XCTAssertTrue(
            TestSupport.read(rethemed.appendingPathComponent("credit-score/report.eml")).contains("Our club"),
            "the themed template was used")
    }
}
