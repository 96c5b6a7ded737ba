import Foundation
import GazetteKindTestSupport
import GazetteTestSupport
import XCTest
@testable import Reports

/// The credit-score report builder on its own: the SPEC's figures (§6) on its report.json keys,
/// its page context and its card, without a build.
final class CreditScoreReportTests: XCTestCase {
    private func sample() throws -> ReportContent {
        try CreditScoreKind.build(KindBuild.sample(.creditScore, "creditreport.json"), options: CreditScoreOptions())
    }

    func testTheSampleReportGivesTheSpecFigures() throws {
        let data = try sample().data.creditScore()
        XCTAssertEqual(data.score, 514)
        XCTAssertEqual(data.min, 0)
        XCTAssertEqual(data.max, 700)
        XCTAssertEqual(data.fill, 0.7343, accuracy: 0.00005)
        XCTAssertEqual(data.band, 4)
        XCTAssertEqual(data.bandName, "Excellent")
        XCTAssertEqual(data.positiveFactors, 9)
        XCTAssertEqual(data.negativeFactors, 0)
        XCTAssertEqual(data.shortTerm.utilisation, 44)
        XCTAssertNil(data.longTerm.limit)
        XCTAssertNil(data.longTerm.utilisation)
        XCTAssertEqual(data.longTerm.debt, 24682)
        XCTAssertEqual(data.currency, "GBP")
    }

    /// Missing figures are explicit nulls in report.json, and the document reads back as written.
    func testReportJSONWritesMissingFiguresAsNull() throws {
        let content = try sample()
        let document = ReportDocument(
            title: "Credit score", slug: "credit-score", warnings: [], generatedAt: 1_700_000_000, data: content.data)
        let json = try document.json().rendered()
        XCTAssertTrue(json.contains("\"kind\": \"credit-score\""), json)
        XCTAssertTrue(json.contains("\"limit\": null"), json)
        XCTAssertEqual(try JSONDecoder().decode(ReportDocument.self, from: Data(json.utf8)), document)
    }

    func testThePageAndTheCardShowTheSampleFigures() throws {
        let content = try sample()
        let page = try content.context("index.html").creditScore()
        XCTAssertEqual([page.score, page.minimum, page.maximum], ["514", "0", "700"])
        XCTAssertEqual(page.percentOfRange, "73%")
        XCTAssertEqual(page.bandName, "Excellent")
        XCTAssertEqual([page.positiveFactors, page.negativeFactors], ["9", "0"])
        XCTAssertEqual(page.shortTerm.debt, "£13,758")
        XCTAssertEqual(page.shortTerm.utilisation, "44%")
        XCTAssertEqual(page.longTerm.debt, "£24,682")
        XCTAssertEqual(page.longTerm.limit, "—", "a missing long-term limit shows as a dash")
        XCTAssertEqual(
            page.gauge.table?.rows.last, TableRow(header: "Share of the range", cells: ["0.7343"]))
        XCTAssertEqual(content.card.headline, "514 out of 700")
        XCTAssertEqual(content.card.thumbnail?.stem, "score-gauge")
        XCTAssertEqual(
            content.charts.map(\.name),
            ["score-gauge", "score-bands", "short-term-utilisation", "long-term-utilisation"])
    }
}
