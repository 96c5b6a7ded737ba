import GazetteCore
import ReportFacts
import XCTest
@testable import SiteBuild
import Rendering
import Reports
import SiteOutput

/// What the build sets aside of each finished report, read back when the front page asks.
final class ReportLedgerTests: XCTestCase {
    func testTheLedgerGivesBackEachRecordAndOffersOnlyKeyedOnesForReuse() throws {
        let ledger = try ReportLedger()
        func built(_ title: String) -> BuiltReport {
            BuiltReport(
                outcome: ReportOutcome(
                    title: title, slug: Slug.make(title), kind: .workouts,
                    warnings: [ReportWarning(.recorded, "w \(title)")], error: nil,
                    headline: "360 lb", summary: ["line 1", "line 2"]),
                card: ReportCard(headline: "h", detail: "d", thumbnail: ChartRef(drawn: "squat")),
                thumbnail: DrawnChart(
                    stem: "\(Slug.make(title))/charts/squat", alt: "a chart", width: 640, height: 360),
                sources: ["\(title).txt"])
        }
        func record(_ title: String, key: String?) -> ReportRecord {
            ReportRecord(
                key: key ?? "", report: built(title), charts: ["k": "\(Slug.make(title))/charts/squat"], files: [])
        }
        let digest = FileDigest(of: Array("record".utf8))
        try ledger.put("zed", record("Zed", key: "k1"), file: (120, digest), reusable: true)
        try ledger.put("amy", record("Amy", key: nil), file: (121, digest), reusable: false)
        try ledger.put("bob", record("Bob", key: "k3"), file: (122, digest), reusable: true)
        // The ledger keeps a record's head: its files and charts are in the report's folder.
        XCTAssertEqual(ledger.record("amy"), record("Amy", key: nil).head)
        XCTAssertEqual(ledger.record("zed")?.report.outcome.summary, ["line 1", "line 2"])
        XCTAssertEqual(ledger.record("zed")?.charts, [:])
        XCTAssertNil(ledger.reusableRecord("amy"))
        XCTAssertEqual(ledger.reusableRecord("bob")?.key, "k3")
        XCTAssertNil(ledger.record("nobody"))
        XCTAssertEqual(
            ledger.listing("bob"),
            .sortedObject([
                ("folderBytes", .int(122)), ("folderFiles", .int(1)), ("path", .string("bob/record.json")),
                ("sha256", .string(digest.hex)), ("size", .int(122)), ("slug", .string("bob"))
            ]))
        // A folder's weight is its record and the files the record lists.
        XCTAssertEqual(ledger.weight("bob"), SiteWeight(files: 1, bytes: 122))
        let listed = ReportRecord(
            key: "k4", report: built("Cy"), charts: [:],
            files: [
                ReportRecord.File(path: "cy/index.html", sha256: digest.hex, size: 1000),
                ReportRecord.File(path: "cy/report.json", sha256: digest.hex, size: 500)
            ])
        try ledger.put("cy", listed, file: (123, digest), reusable: true)
        XCTAssertEqual(ledger.weight("cy"), SiteWeight(files: 3, bytes: 1623))
        XCTAssertNil(ledger.failure)
    }
}
