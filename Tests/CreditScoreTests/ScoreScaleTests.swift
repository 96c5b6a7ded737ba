import CreditScore
import XCTest

/// A score carried to another scale at the same share of the range, in whole points.
final class ScoreScaleTests: XCTestCase {
    private let old = ScoreScale(minimum: 0, maximum: 700)
    private let new = ScoreScale(minimum: 0, maximum: 1000)

    func testScoresWorkedOutByHand() {
        // 560 / 700 = 0.8 of the range: 800 of 1000.
        XCTAssertEqual(old.rescaled(560, to: new), 800)
        // 520 / 700 × 1000 = 742.857…: 743.
        XCTAssertEqual(old.rescaled(520, to: new), 743)
        // 0.5 exactly rounds away from zero: 7 / 700 × 50 = 0.5.
        XCTAssertEqual(old.rescaled(7, to: ScoreScale(minimum: 0, maximum: 50)), 1)
        XCTAssertEqual(old.rescaled(0, to: new), 0)
        XCTAssertEqual(old.rescaled(700, to: new), 1000)
        // From 300–850 (an Experian-style range) to 0–1000: (575 − 300) / 550 = 0.5.
        XCTAssertEqual(ScoreScale(minimum: 300, maximum: 850).rescaled(575, to: new), 500)
        // And back, with a minimum: 800 of 0–1000 is 300 + 0.8 × 550 = 740.
        XCTAssertEqual(new.rescaled(800, to: ScoreScale(minimum: 300, maximum: 850)), 740)
    }

    func testTheSameScaleLeavesTheScoreAsItIs() {
        XCTAssertEqual(new.rescaled(812, to: new), 812)
        XCTAssertEqual(old.rescaled(900, to: old), 900, "even outside the range")
    }

    func testAReportsScaleIsItsRange() throws {
        let report = try CreditReport(
            score: 468, minScore: 0, maxScore: 700, band: .good, positiveFactors: 1, negativeFactors: 0)
        XCTAssertEqual(report.scale, old)
    }
}
