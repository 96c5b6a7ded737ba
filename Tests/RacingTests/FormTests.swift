import Racing
import XCTest

final class FormTests: XCTestCase {
    func testSpecExamples() {
        XCTAssertEqual(Form(text: "6489214").score, 4.86)
        XCTAssertEqual(Form(text: "00-0").score, 10.0)
        XCTAssertEqual(Form(text: "010-").score, 7.75)
        XCTAssertEqual(Form(text: "20023").score, 5.4)
        XCTAssertEqual(Form(text: "2020").score, 6.0)
        XCTAssertEqual(Form(text: "-1-").placings, [10, 1, 10])
    }

    func testDigitsOneToNineAreTheirPlacingEverythingElseIsTen() {
        XCTAssertEqual(Form(text: "123456789").placings, [1, 2, 3, 4, 5, 6, 7, 8, 9])
        XCTAssertEqual(Form(text: "0-/FPU x").placings, Array(repeating: 10, count: 8))
    }

    func testEmptyFormHasNoScore() {
        XCTAssertEqual(Form(text: "").placings, [])
        XCTAssertNil(Form(text: "").score)
        XCTAssertNil(Form(text: "").scoreHundredths)
    }

    func testHalvesRoundAwayFromZero() {
        // 9 / 8 = 1.125 → 1.13 (rounding half to even would give 1.12).
        XCTAssertEqual(Form(text: "11111112").score, 1.13)
        // 4 / 3 = 1.333… → 1.33 and 5 / 3 = 1.666… → 1.67.
        XCTAssertEqual(Form(text: "112").score, 1.33)
        XCTAssertEqual(Form(text: "122").score, 1.67)
    }

    func testAnExactHalfThatBinaryFloatingPointMisses() {
        // 41 / 40 = 1.025 exactly, but (41.0 / 40.0 * 100).rounded() gives 102:
        // the Double is a hair below the half.
        let form = Form(text: String(repeating: "1", count: 39) + "2")
        XCTAssertEqual(form.scoreHundredths, 103)
        XCTAssertEqual(form.score, 1.03)
    }

    func testScoreHundredthsIsExact() {
        XCTAssertEqual(Form(text: "6489214").scoreHundredths, 486)
        XCTAssertEqual(Form(text: "010-").scoreHundredths, 775)
    }
}
