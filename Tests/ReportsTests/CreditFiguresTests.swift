import CreditScore
import Foundation
import ReportFacts
import XCTest
@testable import Reports

/// The credit history's entries: the scale and the cards' utilisations kept, entries written
/// before them still read, and a figure an older entry lacks is no change.
final class CreditFiguresTests: XCTestCase {
    private func decoded(_ json: String) -> ReportHistory? {
        ReportHistory.decoded(Array(json.utf8), kinds: [CreditFigures.self])
    }

    func testAnEntryWithoutTheNewFiguresStillReads() throws {
        let history = try XCTUnwrap(
            decoded(
                #"{"entries":[{"at":1790000000,"figures":{"creditScore":{"band":3,"score":514,"utilisation":31}}}],"#
                    + #""format":"gazette-history 1"}"#))
        let figures = try XCTUnwrap(history.entries[0].figures.of(CreditFigures.self))
        XCTAssertEqual(figures.score, 514)
        XCTAssertNil(figures.scale)
        XCTAssertNil(figures.shortTerm)
        XCTAssertNil(figures.longTerm)
    }

    func testTheNewFiguresAreWrittenAndReadBack() throws {
        let figures = CreditFigures(
            score: 812, band: 3, utilisation: 31, scale: ScoreScale(minimum: 0, maximum: 1000), shortTerm: 34,
            longTerm: 9)
        let bytes = ReportHistory().recording(HeadlineFigures(figures), at: 1_790_000_000).encoded()
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(
            text.contains(
                #"{"creditScore":{"band":3,"longTerm":9,"maxScore":1000,"minScore":0,"score":812,"shortTerm":34,"#
                    + #""utilisation":31}}"#), text)
        XCTAssertEqual(decoded(text)?.entries[0].figures.of(CreditFigures.self), figures)
    }

    func testAFigureAnOlderEntryLacksIsNoChange() {
        let old = CreditFigures(score: 514, band: 3, utilisation: 31)
        let now = CreditFigures(
            score: 514, band: 3, utilisation: 31, scale: ScoreScale(minimum: 0, maximum: 700), shortTerm: 20,
            longTerm: 45)
        XCTAssertEqual(old, now)
        var moved = now
        moved.shortTerm = 21
        XCTAssertNotEqual(now, moved)
        moved = now
        moved.maxScore = 1000
        XCTAssertNotEqual(now, moved)
    }

    /// An entry without a scale takes the first later entry's, and this report's when none has one.
    func testScalesOfEntriesWrittenBeforeScalesWereKept() {
        let old = ScoreScale(minimum: 0, maximum: 700)
        let new = ScoreScale(minimum: 0, maximum: 1000)
        let entries = [
            CreditFigures(score: 500, band: 3, utilisation: nil),
            CreditFigures(score: 510, band: 3, utilisation: nil, scale: old),
            CreditFigures(score: 800, band: 3, utilisation: nil),
            CreditFigures(score: 812, band: 3, utilisation: nil, scale: new)
        ]
        XCTAssertEqual(entries.scales(current: new), [old, old, new, new])
        XCTAssertEqual(Array(entries.prefix(1)).scales(current: new), [new])
    }
}
