import GazetteCore
import XCTest
@testable import Publishing
import Rendering
import Reports

/// What the build sets aside of each finished report, read back when the front page asks.
final class ReportLedgerTests: XCTestCase {
    func testTheLedgerGivesBackEachRecordAndOffersOnlyKeyedOnesForReuse() throws {
        let ledger = try ReportLedger()
        func built(_ title: String) -> BuiltReport {
            BuiltReport(
                outcome: ReportOutcome(
                    title: title, slug: Slug.make(title), kind: .workouts,
                    warnings: [ReportWarning(.leftOut, "w \(title)")], error: nil,
                    headline: "360 lb", summary: ["line 1", "line 2"]),
                card: ReportCard(headline: "h", detail: "d", thumbnail: "squat"),
                thumbnail: ChartImage(
                    stem: "\(Slug.make(title))/charts/squat", alt: "a chart", width: 640, height: 360),
                sources: ["\(title).txt"])
        }
        try ledger.put("zed", ReportRecord(key: "k1", built: built("Zed")), reusable: true)
        try ledger.put("amy", ReportRecord(key: "", built: built("Amy")), reusable: false)
        try ledger.put("bob", ReportRecord(key: "k3", built: built("Bob")), reusable: true)
        XCTAssertEqual(ledger.record("amy"), ReportRecord(key: "", built: built("Amy")))
        XCTAssertEqual(ledger.record("zed")?.built(slug: "zed")?.outcome.summary, ["line 1", "line 2"])
        XCTAssertNil(ledger.reusableRecord("amy"))
        XCTAssertEqual(ledger.reusableRecord("bob")?.key, "k3")
        XCTAssertNil(ledger.record("nobody"))
        XCTAssertEqual(ledger.reusableSlugs, ["bob", "zed"])
        XCTAssertNil(ledger.failure)
    }
}
