import Deterministic
import XCTest

@testable import GazetteCore

/// An error keeps at most 200 characters of the line it quotes: the first ones, or those around
/// a column further in, shown with "…" where cut and the whole line's length.
final class LineCutTests: XCTestCase {
    func testAShortLineIsKeptWhole() {
        let (kept, cut) = LineCut.quoting("Oct 11 2017,Back Squat,1,10,45", column: 3)
        XCTAssertEqual(kept, "Oct 11 2017,Back Squat,1,10,45")
        XCTAssertNil(cut)
        let exactly = String(repeating: "é", count: 200)
        XCTAssertNil(LineCut.quoting(exactly, column: 1).cut, "200 characters, 400 bytes: whole")
    }

    func testALongLineKeepsItsFirst200CharactersForAnEarlyColumn() {
        let line = String(repeating: "abcdefghij", count: 1_000)
        let (kept, cut) = LineCut.quoting(line, column: 150)
        XCTAssertEqual(kept, String(line.prefix(200)))
        XCTAssertEqual(cut, LineCut(start: 0, length: 10_000))
        let error = BuildError(.input, .text(path: "log.txt", line: 4, column: 150, sourceLine: line), "bad")
        let lines = error.description.components(separatedBy: "\n")
        XCTAssertEqual(lines[0], "log.txt:4:150: error: bad")
        XCTAssertEqual(lines[1], String(line.prefix(200)) + "… (line of 10000 characters)")
        XCTAssertEqual(lines[2], String(repeating: " ", count: 149) + "^")
    }

    func testAColumnFurtherInKeeps200CharactersAroundIt() {
        let line = String(repeating: "-", count: 5_000) + "X" + String(repeating: "-", count: 5_000)
        let error = BuildError(.input, .text(path: "log.txt", line: 1, column: 5_001, sourceLine: line), "bad")
        guard case let .text(_, _, _, kept?, cut?) = error.location else { return XCTFail("\(error.location)") }
        XCTAssertEqual(kept.count, 200)
        XCTAssertEqual(cut, LineCut(start: 4_900, length: 10_001))
        let lines = error.description.components(separatedBy: "\n")
        XCTAssertTrue(lines[1].hasPrefix("…-"), lines[1])
        XCTAssertTrue(lines[1].hasSuffix("-… (line of 10001 characters)"), lines[1])
        // The caret stands under the X.
        let caret = lines[2].count - 1
        XCTAssertEqual(Array(lines[1])[caret], "X")
    }

    func testTheRecordOfAnErrorHoldsOnlyTheKeptPart() throws {
        let line = String(repeating: "z", count: 1_000_000)
        let error = BuildError(.input, .text(path: "f.csv", line: 2, column: 1, sourceLine: line), "bad")
        let encoded = try JSONEncoder().encode(error)
        XCTAssertLessThan(encoded.count, 1_000)
        XCTAssertEqual(try JSONDecoder().decode(BuildError.self, from: encoded), error)
    }
}
