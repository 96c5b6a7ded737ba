import XCTest

@testable import ReportFacts

/// A report's history: one entry per build that changed its figures, bounded, the same bytes for
/// the same builds.
/// Two kinds' figures of the tests' own: this target knows no report kind's.
struct ScoreFigures: KindFigures {
    static let historyKey = "score"
    var score: Int
    var band: Int
    var utilisation: Int?
}

struct RunnerFigures: KindFigures {
    static let historyKey = "runners"
    var runners: Int
    var lifts: [Double] = []
}

final class ReportHistoryTests: XCTestCase {
    private func credit(_ score: Int, _ band: Int = 3, _ used: Int? = 44) -> HeadlineFigures {
        HeadlineFigures(ScoreFigures(score: score, band: band, utilisation: used))
    }

    private let kinds: [any KindFigures.Type] = [ScoreFigures.self, RunnerFigures.self]

    func testABuildThatChangedNothingAddsNoEntry() {
        let first = ReportHistory().recording(credit(514), at: 1_000)
        XCTAssertEqual(first.entries, [.init(at: 1_000, figures: credit(514))])
        XCTAssertEqual(first.recording(credit(514), at: 2_000), first)
        let second = first.recording(credit(530), at: 3_000)
        XCTAssertEqual(second.entries.map(\.at), [1_000, 3_000])
        XCTAssertEqual(first.recording(credit(514, 2), at: 2_000).entries.count, 2, "the band counts too")
        XCTAssertEqual(first.recording(credit(514, 3, nil), at: 2_000).entries.count, 2, "and utilisation")
    }

    func testTheChangeIsSaidFromTheHistoryABuildLeavesAndItsClock() {
        let empty = ReportHistory()
        XCTAssertEqual(empty.change(at: 1_000), HistoryComparison(since: nil, changed: false, unchangedSince: nil))
        // A first build: its own entry, nothing before it.
        let one = empty.continued(with: credit(514), at: 1_000)
        XCTAssertEqual(one.change(at: 1_000), HistoryComparison(since: nil, changed: true, unchangedSince: nil))
        // A second build with new figures: +16 since the first.
        let two = one.continued(with: credit(530), at: 2_000)
        XCTAssertEqual(
            two.change(at: 2_000), HistoryComparison(since: one.entries[0], changed: true, unchangedSince: nil))
        // The same build again (its clock): the same words, so a report reused whole says what a rebuild would.
        XCTAssertEqual(two.continued(with: credit(530), at: 2_000), two)
        XCTAssertEqual(
            two.change(at: 2_000), HistoryComparison(since: one.entries[0], changed: true, unchangedSince: nil))
        // A third on a later clock with the same figures: nothing changed since the second.
        let three = two.continued(with: credit(530), at: 3_000)
        XCTAssertEqual(three, two, "figures that equal the last entry's add none")
        XCTAssertEqual(
            three.change(at: 3_000),
            HistoryComparison(since: one.entries[0], changed: false, unchangedSince: two.entries[1]))
    }

    func testAHistoryOfAnotherKindStartsAfresh() {
        let credit = ReportHistory().continued(with: credit(514), at: 1_000)
        let races = HeadlineFigures(RunnerFigures(runners: 8))
        XCTAssertEqual(credit.continued(with: races, at: 2_000).entries, [.init(at: 2_000, figures: races)])
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
                HeadlineFigures(RunnerFigures(runners: 3, lifts: [260, 250.5])), at: 2_000)
        }
        XCTAssertEqual(build().encoded(), build().encoded())
        XCTAssertEqual(ReportHistory.decoded(build().encoded(), kinds: kinds), build())
        XCTAssertNil(
            ReportHistory.decoded(build().encoded(), kinds: [ScoreFigures.self]),
            "figures of a kind not named are not a history this build reads")
        let text = String(decoding: build().encoded(), as: UTF8.self)
        XCTAssertTrue(text.contains("\"format\":\"gazette-history 1\""), text)
        XCTAssertTrue(text.contains("{\"score\":{\"band\":3,\"score\":514,\"utilisation\":44}}"), "one key, the kind's")
        for damaged in ["", "{", "[]", text.replacingOccurrences(of: "gazette-history 1", with: "gazette-history 0")] {
            XCTAssertNil(ReportHistory.decoded(Array(damaged.utf8), kinds: kinds), damaged)
        }
    }
}
