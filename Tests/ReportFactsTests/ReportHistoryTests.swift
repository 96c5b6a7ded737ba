import XCTest

@testable import ReportFacts

/// A report's history: one entry per build that changed its figures, bounded, the same bytes for
/// the same builds.
final class ReportHistoryTests: XCTestCase {
    private func credit(_ score: Int, _ band: Int = 3, _ used: Int? = 44) -> HeadlineFigures {
        .creditScore(CreditFigures(score: score, band: band, utilisation: used))
    }

    func testABuildThatChangedNothingAddsNoEntry() {
        let first = ReportHistory().recording(credit(514), at: 1_000)
        XCTAssertEqual(first.entries, [.init(at: 1_000, figures: credit(514))])
        XCTAssertEqual(first.recording(credit(514), at: 2_000), first)
        let second = first.recording(credit(530), at: 3_000)
        XCTAssertEqual(second.entries.map(\.at), [1_000, 3_000])
        XCTAssertEqual(first.recording(credit(514, 2), at: 2_000).entries.count, 2, "the band counts too")
        XCTAssertEqual(first.recording(credit(514, 3, nil), at: 2_000).entries.count, 2, "and utilisation")
    }

    func testTheChangeIsMeasuredFromTheEntryBeforeTheCurrentFigures() {
        let empty = ReportHistory()
        XCTAssertEqual(empty.comparing(credit(514)), HistoryComparison(since: nil, changed: false, unchangedSince: nil))
        let one = empty.recording(credit(514), at: 1_000)
        // A second build with new figures: +16 since the first.
        XCTAssertEqual(
            one.comparing(credit(530)), HistoryComparison(since: one.entries[0], changed: true, unchangedSince: nil))
        // A third with the same figures: still +16 since the first, and no change since the second.
        let two = one.recording(credit(530), at: 2_000)
        XCTAssertEqual(
            two.comparing(credit(530)),
            HistoryComparison(since: two.entries[0], changed: false, unchangedSince: two.entries[1]))
        // The same figures as the only entry: nothing to compare with, nothing changed.
        XCTAssertEqual(
            one.comparing(credit(514)), HistoryComparison(since: nil, changed: false, unchangedSince: one.entries[0]))
    }

    func testAHistoryIsBoundedAndThinnedFromTheOldest() {
        var history = ReportHistory()
        for build in 0..<1_500 { history = history.recording(credit(300 + build), at: Int64(build) * 60) }
        XCTAssertEqual(history.entries.count, ReportHistory.capacity)
        XCTAssertEqual(history.entries.first?.at, 0, "the history still starts where it started")
        XCTAssertEqual(history.entries.last?.at, 1_499 * 60)
        // The newest half is whole: every build of it is there, one minute apart.
        let newest = history.entries.suffix(500).map(\.at)
        XCTAssertEqual(newest, (1_000..<1_500).map { Int64($0) * 60 })
        XCTAssertEqual(history.entries.map(\.at), history.entries.map(\.at).sorted())
    }

    func testTheSameBuildsGiveTheSameBytesAndTheBytesReadBack() throws {
        func build() -> ReportHistory {
            ReportHistory().recording(credit(514), at: 1_000).recording(
                .workouts([ExerciseFigures(name: "Back Squat", best: 260, latest: 250)]), at: 2_000)
        }
        XCTAssertEqual(build().encoded(), build().encoded())
        XCTAssertEqual(ReportHistory.decoded(build().encoded()), build())
        let text = String(decoding: build().encoded(), as: UTF8.self)
        XCTAssertTrue(text.contains("\"format\":\"gazette-history 1\""), text)
        for damaged in ["", "{", "[]", text.replacingOccurrences(of: "gazette-history 1", with: "gazette-history 0")] {
            XCTAssertNil(ReportHistory.decoded(Array(damaged.utf8)), damaged)
        }
    }
}
