import Foundation
import GazetteTestSupport
import XCTest

/// Issue 54, credit side, through the binary: a provider that moves its scale (0–700 to 0–1000)
/// between two builds, and utilisations read against the 30 % guideline and the stricter 25 %
/// and 10 % ones. Reports of our own, written inline.
final class CreditScaleCommandTests: XCTestCase {
    private var folder: URL!
    private var gazette: URL!
    private var environment: [String: String] = [:]

    override func setUpWithError() throws {
        folder = TestSupport.temporaryFolder()
        gazette = try TestSupport.gazette()
        environment = TestSupport.environmentWithOwnCache()
        TestSupport.writeFile(
            """
            title: Monthly
            reports:
              - kind: credit-score
                title: Credit score
                input: credit.json
            """, to: folder.appendingPathComponent("job.yml"))
    }

    /// A report of our own: the score on `max` (from 0), its band, the two cards' utilisations
    /// and the credit used.
    private func writeReport(score: Int, max: Int, band: Int, short: Int?, long: Int?, used: Int?) {
        func figure(_ value: Int?) -> String { value.map(String.init) ?? "null" }
        TestSupport.writeFile(
            """
            {
              "creditReportInfo": {
                "score": \(score), "scoreBand": \(band), "minScoreValue": 0, "maxScoreValue": \(max),
                "numPositiveScoreFactors": 6, "numNegativeScoreFactors": 1,
                "percentageCreditUsed": \(figure(used)),
                "currentShortTermDebt": 1200, "currentShortTermCreditLimit": 5000,
                "currentShortTermCreditUtilisation": \(figure(short)), "changeInShortTermDebt": 40,
                "currentLongTermDebt": 9000, "currentLongTermCreditLimit": 20000,
                "currentLongTermCreditUtilisation": \(figure(long)), "changeInLongTermDebt": -100
              }
            }
            """, to: folder.appendingPathComponent("credit.json"))
    }

    private func build(_ now: String) throws {
        let result = try TestSupport.run(
            gazette, ["build", "job.yml", "--now", now, "--output", "site", "--email", "--jobs", "2"],
            environment: environment, in: folder)
        XCTAssertEqual(result.status, 0, result.output)
    }

    private func read(_ path: String) -> String {
        TestSupport.read(folder.appendingPathComponent("site").appendingPathComponent(path))
    }

    /// The message's subject, decoded.
    private func subject() -> String {
        let lines = read("credit-score/report.eml").components(separatedBy: "\r\n\r\n")[0]
            .components(separatedBy: "\r\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("Subject: ") }) else { return "" }
        let rest = lines[(start + 1)...].prefix { $0.hasPrefix(" ") }
        return MIMEReader.decodeWords(
            ([String(lines[start].dropFirst("Subject: ".count))] + rest).joined(separator: "\r\n"))
    }

    func testAScoreOnANewScaleIsComparedInWordsAndDrawnOnTheNewScale() throws {
        writeReport(score: 560, max: 700, band: 3, short: 20, long: 45, used: 40)
        try build("2026-10-01T08:00:00Z")
        writeReport(score: 812, max: 1000, band: 3, short: 20, long: 45, used: 40)
        try build("2026-11-01T08:00:00Z")
        let page = read("credit-score/index.html")
        let line =
            "Score 812 of 1000, was 560 of 700 on 1 October 2026 (scale changed from 0–700 to 0–1000)"
        XCTAssertTrue(page.contains(#"<p class="change">\#(line)</p>"#), page)
        XCTAssertFalse(page.contains("+252"), "no bare difference across scales")
        // 560 of 0–700 is 0.8 of the range: 800 of 0–1000.
        XCTAssertTrue(
            page.contains(
                "Credit score over time, on the 0–1000 scale: 800 (560 of 700) on 1 October 2026, 812 on 1 November 2026."
                    + " The scale changed from 0–700 to 0–1000 on 1 November 2026."), "the alt text")
        XCTAssertTrue(
            page.contains(
                "<p class=\"muted\">The scale changed from 0–700 to 0–1000 on 1 November 2026. Scores on an earlier"
                    + " scale are drawn on 0–1000 at the same share of their range: 560 of 700 shows as 800.</p>"),
            "the sentence on the page")
        XCTAssertTrue(page.contains("<th scope=\"col\">On the 0–1000 scale</th>"), page)
        XCTAssertTrue(page.contains("<th scope=\"row\">1 October 2026</th><td>560 of 700</td><td>800</td>"), page)
        XCTAssertTrue(page.contains("<th scope=\"row\">1 November 2026</th><td>812 of 1000</td><td>812</td>"), page)
        let chart = read("credit-score/charts/score-over-time.svg")
        XCTAssertTrue(chart.contains("Scale 0–1000 from 1 Nov 2026"), "the chart's own description names the marker")
        XCTAssertEqual(subject(), "Credit score 812 of 1000 (was 560 of 700, new scale) — Credit score")
        XCTAssertFalse(read("credit-score/report.eml").contains("+252"))
        let history = read("credit-score/history.json")
        XCTAssertTrue(history.contains(#""maxScore":700"#) && history.contains(#""maxScore":1000"#), history)
    }

    /// An entry written before scales were kept (no minScore or maxScore) counts as on the scale of
    /// the first later entry that has one, here this build's: the change is a plain difference.
    func testAnEntryWithoutAScaleCountsAsOnTheNextOnesScale() throws {
        writeReport(score: 514, max: 700, band: 3, short: 20, long: 45, used: 40)
        try build("2026-10-01T08:00:00Z")
        let path = folder.appendingPathComponent("site/credit-score/history.json")
        let old = TestSupport.read(path).replacingOccurrences(of: #""maxScore":700,"minScore":0,"#, with: "")
        XCTAssertFalse(old.contains("maxScore"), old)
        TestSupport.writeFile(old, to: path)
        writeReport(score: 530, max: 700, band: 3, short: 20, long: 45, used: 40)
        try build("2026-11-01T08:00:00Z")
        XCTAssertTrue(read("credit-score/index.html").contains("Score 530, +16 since 1 October 2026"))
        XCTAssertEqual(subject(), "Credit score 530 (+16) — Credit score")
    }

    func testCrossingTheUsualGuidelineIsNamedInTheLineAndTheSubject() throws {
        writeReport(score: 530, max: 700, band: 2, short: 28, long: 9, used: 25)
        try build("2026-10-01T08:00:00Z")
        var page = read("credit-score/index.html")
        XCTAssertTrue(
            page.contains(#"<dd>9% <span class="muted">10% or less: within even the strictest guideline</span>"#), page)
        XCTAssertTrue(
            page.contains(
                #"<dd>28% <span class="muted">30% or less: within the usual guideline (25% and 10% are stricter)</span>"#
            ))
        XCTAssertTrue(
            page.contains(
                #"<dd>25% <span class="muted">25% or less: within a stricter guideline than the usual 30%</span>"#),
            "the credit used, 25 exactly, meets the 25% guideline")
        writeReport(score: 541, max: 700, band: 3, short: 34, long: 9, used: 30)
        try build("2026-11-01T08:00:00Z")
        page = read("credit-score/index.html")
        XCTAssertTrue(
            page.contains(
                "<p class=\"change\">Score 541, +11 since 1 October 2026; band Fair → Good;"
                    + " short-term utilisation above 30% (28% → 34%)</p>"), page)
        XCTAssertTrue(page.contains(#"<dd>34% <span class="muted">Above 30%, the usual guideline</span>"#))
        XCTAssertFalse(page.contains("credit used above"), "30% exactly is not above the guideline")
        XCTAssertEqual(
            subject(), "Credit score 541 (+11), band Fair → Good, short-term utilisation above 30% — Credit score")
        let data = read("credit-score/report.json")
        XCTAssertTrue(data.contains(#""threshold": "over30""#), data)
        XCTAssertTrue(data.contains(#""threshold": "atMost10""#), data)
        XCTAssertTrue(data.contains(#""creditUsedThreshold": "atMost30""#), data)
        XCTAssertTrue(read("credit-score/history.json").contains(#""shortTerm":34"#))
    }

    func testASameScoreWithAUtilisationCrossingSaysSoWithoutAZero() throws {
        writeReport(score: 530, max: 700, band: 2, short: 34, long: 9, used: 25)
        try build("2026-10-01T08:00:00Z")
        writeReport(score: 530, max: 700, band: 2, short: 22, long: 9, used: 25)
        try build("2026-11-01T08:00:00Z")
        let page = read("credit-score/index.html")
        XCTAssertTrue(
            page.contains(
                "<p class=\"change\">Score 530, the same as on 1 October 2026;"
                    + " short-term utilisation back to 30% or less (34% → 22%)</p>"), page)
        XCTAssertTrue(subject().hasPrefix("Credit score 530 (same score), "), subject())
    }
}
