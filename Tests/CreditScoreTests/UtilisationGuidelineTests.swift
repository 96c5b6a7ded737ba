import CreditScore
import XCTest

/// Utilisation against the 30 % guideline and the stricter 25 % and 10 % ones: a guideline is met
/// at or under its figure.
final class UtilisationGuidelineTests: XCTestCase {
    func testEachGuidelineIsMetAtItsOwnFigure() {
        let expected: [(Int, UtilisationGuideline)] = [
            (-5, .atMost10), (0, .atMost10), (9, .atMost10), (10, .atMost10), (11, .atMost25), (25, .atMost25),
            (26, .atMost30), (29, .atMost30), (30, .atMost30), (31, .over30), (100, .over30), (140, .over30)
        ]
        for (utilisation, guideline) in expected {
            XCTAssertEqual(UtilisationGuideline(utilisation: utilisation), guideline, "\(utilisation)%")
        }
        XCTAssertNil(UtilisationGuideline(utilisation: nil))
    }

    func testTheNamesAreTheOnesReportJSONGives() {
        XCTAssertEqual(UtilisationGuideline.allCases.map(\.rawValue), ["atMost10", "atMost25", "atMost30", "over30"])
    }

    func testCrossingTheUsualGuideline() {
        XCTAssertEqual(UtilisationGuideline.crossing(from: 28, to: 34), .above)
        XCTAssertEqual(UtilisationGuideline.crossing(from: 30, to: 31), .above)
        XCTAssertEqual(UtilisationGuideline.crossing(from: 31, to: 30), .backWithin)
        XCTAssertEqual(UtilisationGuideline.crossing(from: 45, to: 9), .backWithin)
        XCTAssertNil(UtilisationGuideline.crossing(from: 9, to: 30), "25% and 10% crossed, 30% not")
        XCTAssertNil(UtilisationGuideline.crossing(from: 31, to: 90))
        XCTAssertNil(UtilisationGuideline.crossing(from: nil, to: 34), "an older entry without the figure")
        XCTAssertNil(UtilisationGuideline.crossing(from: 28, to: nil))
    }
}
