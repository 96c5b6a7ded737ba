import XCTest

@testable import ReportFacts

/// Issue 49: two runs that each added a build to one history merge into one holding both.
final class HistoryMergeTests: XCTestCase {
    private func history(_ times: [Int64]) -> ReportHistory {
        var history = ReportHistory()
        for (index, at) in times.enumerated() {
            history = history.recording(
                HeadlineFigures(ScoreFigures(score: 400 + index, band: 2)), at: at,
                summary: "build at \(at)")
        }
        return history
    }

    func testTheUnionHoldsEveryBuildOnceInTimeOrder() {
        let base = history([100, 200])
        var ours = base
        ours.entries.append(.init(at: 300, figures: HeadlineFigures(ScoreFigures(score: 1, band: 1))))
        var theirs = base
        theirs.entries.append(.init(at: 250, figures: HeadlineFigures(ScoreFigures(score: 2, band: 1))))
        let merged = ours.merged(with: theirs)
        XCTAssertEqual(merged.entries.map(\.at), [100, 200, 250, 300])
        XCTAssertEqual(merged, theirs.merged(with: ours), "the same whichever side merges")
        XCTAssertEqual(ours.merged(with: ours), ours)
        XCTAssertEqual(ReportHistory().merged(with: theirs), theirs)
    }
}
