import Racing
import XCTest

final class OddsTests: XCTestCase {
    func testFractionalOddsGiveDOverNPlusD() {
        let odds = Odds(parsing: "13/8")
        XCTAssertEqual(odds, .fractional(numerator: 13, denominator: 8, text: "13/8"))
        XCTAssertEqual(odds.impliedProbability!, 8.0 / 21.0, accuracy: 1e-15)
    }

    func testFractionalOddsKeepTheirTextUnreduced() {
        let odds = Odds(parsing: "14/2")
        XCTAssertEqual(odds.text, "14/2")
        XCTAssertEqual(odds.impliedProbability, 0.125)
    }

    func testSpacesAroundTheSlashAndTheWholeAreAllowedAndKept() {
        let odds = Odds(parsing: " 7 / 2 ")
        XCTAssertEqual(odds, .fractional(numerator: 7, denominator: 2, text: " 7 / 2 "))
        XCTAssertEqual(odds.text, " 7 / 2 ")
        XCTAssertEqual(odds.impliedProbability!, 2.0 / 9.0, accuracy: 1e-15)
    }

    func testZeroNumeratorIsACertainty() {
        XCTAssertEqual(Odds(parsing: "0/1").impliedProbability, 1.0)
    }

    func testEvensInAnyCase() {
        for text in ["EVS", "evens", "Evs", "EVENS", " evs "] {
            let odds = Odds(parsing: text)
            XCTAssertEqual(odds, .evens(text: text), text)
            XCTAssertEqual(odds.impliedProbability, 0.5, text)
        }
    }

    func testDecimalOddsAboveOne() {
        let odds = Odds(parsing: "2.5")
        XCTAssertEqual(odds, .decimal(2.5, text: "2.5"))
        XCTAssertEqual(odds.impliedProbability, 0.4)
        XCTAssertEqual(Odds(parsing: "1.01").impliedProbability!, 100.0 / 101.0, accuracy: 1e-15)
    }

    func testDecimalOddsOfOneOrLessAreUnpriced() {
        XCTAssertEqual(Odds(parsing: "1.0"), .unpriced(text: "1.0"))
        XCTAssertEqual(Odds(parsing: "0.5"), .unpriced(text: "0.5"))
        XCTAssertNil(Odds(parsing: "1.00").impliedProbability)
    }

    func testAnythingElseIsUnpricedAndKeptVerbatim() {
        for text in [
            "SP", "5/0", "", "abc", "   ", "3", "-1/2", "+3/1", "1/2/3", "2.", ".5", "2.5.1",
            "7/", "/2", "1e3", "٣/١", "99999999999999999999/1"
        ] {
            let odds = Odds(parsing: text)
            XCTAssertEqual(odds, .unpriced(text: text), "'\(text)'")
            XCTAssertEqual(odds.text, text)
            XCTAssertNil(odds.impliedProbability, "'\(text)'")
            XCTAssertFalse(odds.isPriced, "'\(text)'")
        }
    }

    func testTextIsAlwaysAsGiven() {
        XCTAssertEqual(Odds(parsing: "EVS").text, "EVS")
        XCTAssertEqual(Odds(parsing: "2.50").text, "2.50")
        XCTAssertEqual(Odds(parsing: "SP").text, "SP")
    }
}
