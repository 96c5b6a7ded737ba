import GazetteCore
import ReportFacts
import XCTest

@testable import SiteOutput

/// A record's head is read from its file with the lists cut out first; what comes back must be
/// exactly what decoding the whole file gives, whatever the strings hold.
final class ReportRecordTests: XCTestCase {
    private func record(title: String, files: Int) -> ReportRecord {
        let outcome = ReportOutcome(
            title: title, slug: "amy", kind: .workouts,
            warnings: [
                ReportWarning(.recorded, "a \"quoted\" ] warning", at: .init(file: "amy.txt", line: 3)),
                ReportWarning(.recorded, "no line {here}")
            ],
            error: nil, headline: "Squat 140 kg {best}", summary: ["one", "two, [three]"])
        let report = BuiltReport(
            outcome: outcome,
            card: ReportCard(headline: "Squat 140 kg", detail: "over 20 days", thumbnail: ChartRef(drawn: "squat")),
            thumbnail: DrawnChart(
                stem: "amy/charts/squat", alt: "a chart \\ with a backslash", width: 640, height: 360),
            sources: ["logs/amy.txt"])
        return ReportRecord(
            key: "k1", report: report,
            charts: ["abc": "amy/charts/squat", "d\"e}": "amy/charts/bench"],
            files: (0..<files).map {
                ReportRecord.File(path: "amy/charts/c\($0)].png", sha256: String(repeating: "a", count: 64), size: $0)
            })
    }

    func testTheHeadReadFromAWholeFileIsTheRecordsHead() throws {
        for title in ["Amy", "Amy \"the\" {lifter} [2]", "Ämy \\ 日本", ""] {
            let full = record(title: title, files: 41)
            let bytes = try full.encoded()
            let head = try XCTUnwrap(ReportRecord.decodedHead(bytes), title)
            XCTAssertEqual(head, full.head, title)
            XCTAssertEqual(head.files, [])
            XCTAssertEqual(head.charts, [:])
            // Most of the bytes are the lists: what the decoder reads is far shorter.
            let cut = try XCTUnwrap(bytes.withUnsafeBytes { ReportRecord.withoutLists($0) })
            XCTAssertLessThan(cut.count, bytes.count / 3, title)
            XCTAssertNil(String(decoding: cut, as: UTF8.self).range(of: "\"files\""))
        }
    }

    /// The typed facts come back as they went in: the kind as a kind, each warning with its line.
    func testARecordReadsBackWholeAndTyped() throws {
        let full = record(title: "Amy", files: 3)
        let back = try XCTUnwrap(ReportRecord.decoded(try full.encoded()))
        XCTAssertEqual(back, full)
        XCTAssertEqual(back.report.outcome.kind, .workouts)
        XCTAssertEqual(
            back.report.outcome.warnings.map(\.text), ["amy.txt:3: a \"quoted\" ] warning", "no line {here}"])
        XCTAssertEqual(back.report.card?.thumbnail?.stem, "squat")
        let text = String(decoding: try full.encoded(), as: UTF8.self)
        XCTAssertTrue(text.contains("\"format\":\"gazette-record 2\""), text)
        XCTAssertTrue(text.contains("\"kind\":\"workouts\""), text)
    }

    /// A record of another format (an older Gazette's) or of an unknown kind is not a record: the
    /// build makes the report again rather than trust it.
    func testARecordOfAnotherFormatOrKindIsRefused() throws {
        let text = String(decoding: try record(title: "Amy", files: 1).encoded(), as: UTF8.self)
        for changed in [
            text.replacingOccurrences(of: "gazette-record 2", with: "gazette-record 1"),
            text.replacingOccurrences(of: "\"kind\":\"workouts\"", with: "\"kind\":\"knitting\"")
        ] {
            XCTAssertNotEqual(changed, text)
            XCTAssertNil(ReportRecord.decoded(Array(changed.utf8)), changed)
            XCTAssertNil(ReportRecord.decodedHead(Array(changed.utf8)), changed)
        }
    }

    func testBytesThatAreNotOneObjectAreNotCut() {
        for text in ["", "[]", "{", "{\"a\":1,}", "{\"a\" 1}", "{\"a\":\"open}", "{\"files\":[1,2}"] {
            let cut = Array(text.utf8).withUnsafeBytes { ReportRecord.withoutLists($0) }
            XCTAssertNil(cut, text)
            XCTAssertNil(ReportRecord.decodedHead(Array(text.utf8)), text)
        }
        let spaced = Array("{ \"a\" : [1, {\"b\": \"]\"}] , \"files\" : [ {} ] }".utf8)
        let cut = spaced.withUnsafeBytes { ReportRecord.withoutLists($0) }
        XCTAssertEqual(cut.map { String(decoding: $0, as: UTF8.self) }, "{\"a\" : [1, {\"b\": \"]\"}]}")
    }
}
