import GazetteCore
import XCTest
@testable import Sending

/// The send's `--summary` writes a server's reply by the same rules as the build's summary
/// (`SummaryText`): in Markdown it cannot break out of its cell, in JSON it is a string (issue 41).
final class SendSummaryTests: XCTestCase {
    private func result() -> SendResult {
        var result = SendResult()
        result.failed = [SendResult.Entry(path: "a|b/report.eml", detail: "550 <no-such@x.org>: | refused\r\nagain")]
        result.warnings = ["a <b> & c"]
        return result
    }

    func testMarkdownEscapesWhatTheBuildsSummaryEscapes() {
        let markdown = SendSummaryFormat.markdown.render(result())
        XCTAssertTrue(
            markdown.contains("| `a\\|b/report.eml` | failed | 550 &lt;no-such@x.org&gt;: \\| refused again |"),
            markdown)
        XCTAssertTrue(markdown.contains("- warning: a &lt;b&gt; &amp; c"), markdown)
    }

    func testJSONIsGazettesOwnSortedJSON() throws {
        let json = SendSummaryFormat.json.render(result())
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let failed = try XCTUnwrap(object["failed"] as? [[String: String]])
        XCTAssertEqual(failed.first?["detail"], "550 <no-such@x.org>: | refused\r\nagain")
        XCTAssertLessThan(json.range(of: "\"counts\"")!.lowerBound, json.range(of: "\"failed\"")!.lowerBound)
    }

    /// 2 of issue 39: `github` makes each failure an annotation at its message's file and the
    /// error that stopped the send one too; JSON gives them as fields, paths in the workspace.
    func testGitHubAndJSONGiveEveryErrorWithItsFile() throws {
        var result = result()
        let output = URL(fileURLWithPath: "/ws/site")
        let github = SendSummaryFormat.github.render(result, output: output, workspace: "/ws")
        XCTAssertTrue(
            github.hasPrefix(
                "::error file=site/a|b/report.eml,title=Gazette%3A send::550 <no-such@x.org>: | refused%0D%0Aagain\n"),
            github)
        XCTAssertTrue(github.hasSuffix("::warning title=Gazette%3A send::a <b> & c\n"), github)

        result.fatal = BuildError(.usage, .file("/ws/site"), "no built site here: build it first")
        let stopped = SendSummaryFormat.github.render(result, output: output, workspace: "/ws")
        XCTAssertTrue(
            stopped.hasPrefix("::error file=site,title=Gazette%3A send::no built site here: build it first\n"), stopped)
        let object = try XCTUnwrap(
            JSONSerialization.jsonObject(
                with: Data(SendSummaryFormat.json.render(result, output: output, workspace: "/ws").utf8))
                as? [String: Any])
        let errors = try XCTUnwrap(object["errors"] as? [[String: Any]])
        XCTAssertEqual(errors.map { $0["file"] as? String }, ["site", "site/a|b/report.eml"])
        XCTAssertEqual((object["fatal"] as? [String: Any])?["message"] as? String, "no built site here: build it first")
        for field in ["line", "column", "keyPath"] { XCTAssertTrue(errors[1].keys.contains(field), field) }
        XCTAssertTrue(
            SendSummaryFormat.markdown.render(result, output: output, workspace: "/ws").contains(
                "| — | stopped the send | ❌ site: error: no built site here: build it first |"))
    }
}
