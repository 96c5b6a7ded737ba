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
}
