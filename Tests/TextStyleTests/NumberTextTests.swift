import TextStyle
import XCTest

final class NumberTextTests: XCTestCase {
    func testGroupingEveryThreeDigits() {
        XCTAssertEqual(NumberText.grouped(UInt(0)), "0")
        XCTAssertEqual(NumberText.grouped(999), "999")
        XCTAssertEqual(NumberText.grouped(1200), "1,200")
        XCTAssertEqual(NumberText.grouped(1_234_567), "1,234,567")
        XCTAssertEqual(NumberText.grouped(-1204), "-1,204")
    }

    func testSignedIntegersUseTheMinusSign() {
        XCTAssertEqual(NumberText.integer(-1234), "\u{2212}1,234")
        XCTAssertEqual(NumberText.integer(12, plus: true), "+12")
        XCTAssertEqual(NumberText.integer(0, plus: true), "0")
        XCTAssertEqual(NumberText.integer(Int.min), "\u{2212}9,223,372,036,854,775,808")
    }

    func testWholeUnitsTruncate() {
        // SPEC §6: the sample's best lifts are shown truncated.
        XCTAssertEqual(NumberText.whole(310.90909090909093), "310")
        XCTAssertEqual(NumberText.whole(246.66666666666666), "246")
        XCTAssertEqual(NumberText.whole(360.0), "360")
        XCTAssertEqual(NumberText.whole(359.999), "359")
        XCTAssertEqual(NumberText.whole(1234.5), "1,234")
        XCTAssertEqual(NumberText.whole(-5.7), "-5")
    }

    /// Epley with 135 lb × 16 reps is 207 exactly, computed as 206.99999999999997: the page and
    /// the chart once disagreed (207 and 206). One rule now gives 207 everywhere.
    func testFloatingPointErrorNeverCostsAUnit() {
        let epley = 135 * (1 + 16.0 / 30)
        XCTAssertLessThan(epley, 207)
        XCTAssertEqual(NumberText.whole(epley), "207")
        XCTAssertEqual(NumberText.whole(300 * (1 + 10.0 / 30)), "400")
    }

    func testDecimalsAndPercentages() {
        XCTAssertEqual(NumberText.decimal(-1_234_567.891, fractionDigits: 2), "-1,234,567.89")
        XCTAssertEqual(NumberText.decimal(-0.001, fractionDigits: 1), "0.0")
        XCTAssertEqual(NumberText.decimal(.infinity, fractionDigits: 0), "∞")
        XCTAssertEqual(NumberText.percent(share: 0.38095), "38.1%")
        XCTAssertEqual(NumberText.percent(share: 0.25), "25%")
    }

    func testCountsAgreeInNumber() {
        XCTAssertEqual(NumberText.count(1, "day"), "1 day")
        XCTAssertEqual(NumberText.count(1204, "day"), "1,204 days")
        XCTAssertEqual(NumberText.count(2, "entry", "entries"), "2 entries")
    }

    /// A figure a user typed, as written in the fewest digits, with the reader's marks.
    func testValuesAsWrittenUseTheReadersMarks() throws {
        XCTAssertEqual(NumberText.asWritten(245), "245")
        XCTAssertEqual(NumberText.asWritten(47.5), "47.5")
        XCTAssertEqual(NumberText.asWritten(1000.25), "1,000.25")
        XCTAssertEqual(NumberText.asWritten(12.900000000000034), "12.900000000000034")
        XCTAssertEqual(NumberText.asWritten(0.000001), "0.000001", "no exponent")
        let german = try TextConventions(locale: "de-DE", timeZone: "UTC")
        TextConventions.$current.withValue(german) {
            XCTAssertEqual(NumberText.asWritten(102.5), "102,5")
            XCTAssertEqual(NumberText.asWritten(1000.25), "1.000,25")
            XCTAssertEqual(NumberText.asWritten(1_000_000), "1.000.000")
            XCTAssertEqual(NumberText.percent(share: 8.0 / 21), "38,1\u{A0}%")
            XCTAssertEqual(NumberText.percent(share: nil), "—")
        }
    }
}
