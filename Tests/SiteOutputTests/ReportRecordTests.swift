import XCTest

@testable import SiteOutput

/// A record's head is read from its file with the lists cut out first; what comes back must be
/// exactly what decoding the whole file gives, whatever the strings hold.
final class ReportRecordTests: XCTestCase {
    private func record(title: String, files: Int) -> ReportRecord {
        ReportRecord(
            slug: "amy", key: "k1", title: title, kind: "workouts", warnings: ["line 3: a \"quoted\" ] warning"],
            headline: "Squat 140 kg {best}", summary: ["one", "two, [three]"],
            card: .init(headline: "Squat 140 kg", detail: "over 20 days", thumbnail: "squat"),
            thumbnail: .init(stem: "amy/charts/squat", alt: "a chart \\ with a backslash", width: 640, height: 360),
            sources: ["logs/amy.txt"], error: nil,
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
