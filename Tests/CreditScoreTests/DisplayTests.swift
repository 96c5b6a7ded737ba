import CreditScore
import XCTest

final class DisplayTests: XCTestCase {
    func testPercentageHasNoSpaceBeforeTheSign() {
        XCTAssertEqual(Percentage(44).formatted(.standard), "44%")
        XCTAssertEqual(Percentage(0).formatted(.standard), "0%")
        XCTAssertEqual(Percentage(100).formatted(.standard), "100%")
        XCTAssertEqual(Percentage(1250).formatted(.standard), "1,250%")
        XCTAssertEqual(Percentage(-5).formatted(.standard), "−5%")
    }

    func testMissingValuesShowAsAnEmDash() {
        XCTAssertEqual(Display.missing, "\u{2014}")
        XCTAssertEqual(Display(.standard).money(nil), "—")
        XCTAssertEqual(Display(.standard).signedChange(nil), "—")
        XCTAssertEqual(Display(.standard).percentage(nil), "—")
        XCTAssertEqual(Display(.standard).integer(nil), "—")
        XCTAssertEqual(Display(.standard).signedInteger(nil), "—")
    }

    func testPresentValues() {
        XCTAssertEqual(Display(.standard).money(13758, currency: "USD"), "$13,758")
        XCTAssertEqual(Display(.standard).signedChange(-327, currency: "EUR"), "−€327")
        XCTAssertEqual(Display(.standard).percentage(44), "44%")
        XCTAssertEqual(Display(.standard).integer(9), "9")
        XCTAssertEqual(Display(.standard).integer(12345), "12,345")
        XCTAssertEqual(Display(.standard).signedInteger(12), "+12")
        XCTAssertEqual(Display(.standard).signedInteger(-3), "−3")
        XCTAssertEqual(Display(.standard).signedInteger(0), "0")
    }
}
