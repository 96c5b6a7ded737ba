import CreditScore
import XCTest

/// A score outside its range is kept, the gauge clamps, and the report warns (SPEC §1.3).
final class ScoreRangeTests: XCTestCase {
    private func report(score: Int, min: Int = 0, max: Int = 700, band: Int = 2) throws -> CreditReport {
        try CreditReport(
            score: score, minScore: min, maxScore: max, band: ScoreBand(rawBand: band),
            positiveFactors: 0, negativeFactors: 0
        )
    }

    func testFillIsTheShareOfTheRange() throws {
        XCTAssertEqual(try report(score: 350).fill, 0.5)
        XCTAssertEqual(try report(score: 0).fill, 0)
        XCTAssertEqual(try report(score: 700).fill, 1)
        XCTAssertEqual(try report(score: 450, min: 300, max: 850).fill, 150.0 / 550.0)
    }

    func testScoresAtTheEndsOfTheRangeGiveNoWarning() throws {
        XCTAssertEqual(try report(score: 0).warnings, [])
        XCTAssertEqual(try report(score: 700).warnings, [])
    }

    func testScoreAboveMaximumIsKeptAndClampedWithWarning() throws {
        let report = try report(score: 900)
        XCTAssertEqual(report.score, 900)
        XCTAssertTrue(report.isScoreClamped)
        XCTAssertEqual(report.fill, 1)
        XCTAssertEqual(report.warnings, ["score 900 is outside 0…700; the gauge is clamped"])
    }

    func testScoreBelowMinimumIsKeptAndClampedWithWarning() throws {
        let report = try report(score: -5)
        XCTAssertEqual(report.score, -5)
        XCTAssertEqual(report.fill, 0)
        XCTAssertEqual(report.warnings, ["score -5 is outside 0…700; the gauge is clamped"])
    }

    func testDecodedOutOfRangeScoreWarns() throws {
        let report = try CreditReport.decode(from: Fixtures.document(["score": "701"]))
        XCTAssertEqual(report.score, 701)
        XCTAssertEqual(report.fill, 1)
        XCTAssertEqual(report.warnings, ["score 701 is outside 0…700; the gauge is clamped"])
    }

    func testExtremeRangeDoesNotOverflow() throws {
        let report = try report(score: 0, min: Int.min, max: Int.max)
        XCTAssertEqual(report.fill, 0.5, accuracy: 1e-12)
    }

    func testWarningsComeInAFixedOrder() throws {
        let report = try CreditReport(
            score: 900, minScore: 0, maxScore: 700, band: ScoreBand(rawBand: 7),
            positiveFactors: 0, negativeFactors: 0,
            shortTerm: CreditSection(utilisation: 120), longTerm: CreditSection(utilisation: -1)
        )
        XCTAssertEqual(
            report.warnings,
            [
                "score 900 is outside 0…700; the gauge is clamped",
                "score band 7 is not one of 0–4; shown as Unknown band",
                "short-term credit utilisation 120% is outside 0–100%; the gauge is clamped",
                "long-term credit utilisation -1% is outside 0–100%; the gauge is clamped"
            ])
    }

    func testUtilisationFillClampsToTheHalfRing() {
        XCTAssertEqual(CreditSection(utilisation: 44).utilisationFill, 0.44)
        XCTAssertEqual(CreditSection(utilisation: 0).utilisationFill, 0)
        XCTAssertEqual(CreditSection(utilisation: 100).utilisationFill, 1)
        XCTAssertEqual(CreditSection(utilisation: 130).utilisationFill, 1)
        XCTAssertEqual(CreditSection(utilisation: -3).utilisationFill, 0)
        XCTAssertNil(CreditSection().utilisationFill)
        XCTAssertFalse(CreditSection(utilisation: 100).isUtilisationClamped)
        XCTAssertTrue(CreditSection(utilisation: 101).isUtilisationClamped)
    }
}
