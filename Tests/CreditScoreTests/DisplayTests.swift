import CreditScore
import XCTest

final class DisplayTests: XCTestCase {
    func testPercentageHasNoSpaceBeforeTheSign() {
        XCTAssertEqual(Percentage(44).formatted, "44%")
        XCTAssertEqual(Percentage(0).formatted, "0%")
        XCTAssertEqual(Percentage(100).formatted, "100%")
        XCTAssertEqual(Percentage(1250).formatted, "1,250%")
        XCTAssertEqual(Percentage(-5).formatted, "−5%")
    }

    func testMissingValuesShowAsAnEmDash() {
        XCTAssertEqual(Display.missing, "\u{2014}")
        XCTAssertEqual(Display.money(nil), "—")
        XCTAssertEqual(Display.signedChange(nil), "—")
        XCTAssertEqual(Display.percentage(nil), "—")
        XCTAssertEqual(Display.integer(nil), "—")
        XCTAssertEqual(Display.signedInteger(nil), "—")
    }

    func testPresentValues() {
        XCTAssertEqual(Display.money(13758, currency: "USD"), "$13,758")
        XCTAssertEqual(Display.signedChange(-327, currency: "EUR"), "−€327")
        XCTAssertEqual(Display.percentage(44), "44%")
        XCTAssertEqual(Display.integer(9), "9")
        XCTAssertEqual(Display.integer(12345), "12,345")
        XCTAssertEqual(Display.signedInteger(12), "+12")
        XCTAssertEqual(Display.signedInteger(-3), "−3")
        XCTAssertEqual(Display.signedInteger(0), "0")
    }
}
