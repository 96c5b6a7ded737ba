import CreditScore
import XCTest

/// The oracle of SPEC §6 for the recorded sample `creditreport.json`.
final class SampleReportTests: XCTestCase {
    private func sample() throws -> CreditReport {
        try CreditReport.decode(from: Fixtures.sampleData())
    }

    func testScoreRangeAndFill() throws {
        let report = try sample()
        XCTAssertEqual(report.score, 514)
        XCTAssertEqual(report.minScore, 0)
        XCTAssertEqual(report.maxScore, 700)
        XCTAssertEqual(report.fill, 0.7343, accuracy: 0.00005)
        XCTAssertEqual(report.fill, 514.0 / 700.0)
    }

    func testBandIsExcellent() throws {
        let report = try sample()
        XCTAssertEqual(report.band, .excellent)
        XCTAssertEqual(report.band.index, 4)
        XCTAssertEqual(report.band.name, "Excellent")
        XCTAssertEqual(report.bandDescription, "Excellent")
    }

    func testFactorCounts() throws {
        let report = try sample()
        XCTAssertEqual(report.positiveFactors, 9)
        XCTAssertEqual(report.negativeFactors, 0)
    }

    func testShortTermCredit() throws {
        let report = try sample()
        XCTAssertEqual(
            report.shortTerm,
            CreditSection(debt: 13758, limit: 30600, utilisation: 44, change: 549)
        )
    }

    func testLongTermCreditHasNoLimitOrUtilisation() throws {
        let longTerm = try sample().longTerm
        XCTAssertEqual(longTerm, CreditSection(debt: 24682, limit: nil, utilisation: nil, change: -327))
        XCTAssertNil(longTerm.utilisationFill)
    }

    func testOptionalDetails() throws {
        let report = try sample()
        XCTAssertEqual(report.daysUntilNextReport, 9)
        XCTAssertEqual(report.percentageCreditUsed, 44)
        XCTAssertEqual(report.changedScore, 0)
        XCTAssertEqual(report.hasEverDefaulted, false)
        XCTAssertEqual(report.monthsSinceLastDefaulted, -1)
        XCTAssertEqual(report.hasEverBeenDelinquent, true)
        XCTAssertEqual(report.monthsSinceLastDelinquent, 1)
        XCTAssertEqual(report.accountIDVStatus, "PASS")
        XCTAssertEqual(report.dashboardStatus, "PASS")
        XCTAssertEqual(report.personaType, "INEXPERIENCED")
    }

    func testSampleHasNoWarnings() throws {
        let report = try sample()
        XCTAssertEqual(report.warnings, [])
    }

    func testSampleFiguresAsDisplayed() throws {
        let report = try sample()
        XCTAssertEqual(Display(.standard).money(report.shortTerm.debt), "£13,758")
        XCTAssertEqual(Display(.standard).money(report.shortTerm.limit), "£30,600")
        XCTAssertEqual(Display(.standard).percentage(report.shortTerm.utilisation), "44%")
        XCTAssertEqual(Display(.standard).signedChange(report.shortTerm.change), "+£549")
        XCTAssertEqual(Display(.standard).money(report.longTerm.debt), "£24,682")
        XCTAssertEqual(Display(.standard).money(report.longTerm.limit), "—")
        XCTAssertEqual(Display(.standard).percentage(report.longTerm.utilisation), "—")
        XCTAssertEqual(Display(.standard).signedChange(report.longTerm.change), "−£327")
    }
}
