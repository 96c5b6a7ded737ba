import Localization
import XCTest

final class NumberTextTests: XCTestCase {
    func testGroupingEveryThreeDigits() {
        XCTAssertEqual(NumberText.standard.grouped(UInt(0)), "0")
        XCTAssertEqual(NumberText.standard.grouped(999), "999")
        XCTAssertEqual(NumberText.standard.grouped(1200), "1,200")
        XCTAssertEqual(NumberText.standard.grouped(1_234_567), "1,234,567")
        XCTAssertEqual(NumberText.standard.grouped(-1204), "-1,204")
    }

    func testSignedIntegersUseTheMinusSign() {
        XCTAssertEqual(NumberText.standard.integer(-1234), "\u{2212}1,234")
        XCTAssertEqual(NumberText.standard.integer(12, plus: true), "+12")
        XCTAssertEqual(NumberText.standard.integer(0, plus: true), "0")
        XCTAssertEqual(NumberText.standard.integer(Int.min), "\u{2212}9,223,372,036,854,775,808")
    }

    func testWholeUnitsTruncate() {
        // SPEC §6: the sample's best lifts are shown truncated.
        XCTAssertEqual(NumberText.standard.whole(310.90909090909093), "310")
        XCTAssertEqual(NumberText.standard.whole(246.66666666666666), "246")
        XCTAssertEqual(NumberText.standard.whole(360.0), "360")
        XCTAssertEqual(NumberText.standard.whole(359.999), "359")
        XCTAssertEqual(NumberText.standard.whole(1234.5), "1,234")
        XCTAssertEqual(NumberText.standard.whole(-5.7), "-5")
    }

    /// Epley with 135 lb × 16 reps is 207 exactly, computed as 206.99999999999997: the page and
    /// the chart once disagreed (207 and 206). One rule now gives 207 everywhere.
    func testFloatingPointErrorNeverCostsAUnit() {
        let epley = 135 * (1 + 16.0 / 30)
        XCTAssertLessThan(epley, 207)
        XCTAssertEqual(NumberText.standard.whole(epley), "207")
        XCTAssertEqual(NumberText.standard.whole(300 * (1 + 10.0 / 30)), "400")
    }

    func testDecimalsAndPercentages() {
        XCTAssertEqual(NumberText.standard.decimal(-1_234_567.891, fractionDigits: 2), "-1,234,567.89")
        XCTAssertEqual(NumberText.standard.decimal(-0.001, fractionDigits: 1), "0.0")
        XCTAssertEqual(NumberText.standard.decimal(.infinity, fractionDigits: 0), "∞")
        XCTAssertEqual(NumberText.standard.percent(share: 0.38095), "38.1%")
        XCTAssertEqual(NumberText.standard.percent(share: 0.25), "25%")
    }

    func testCountsAgreeInNumber() {
        XCTAssertEqual(NumberText.standard.count(1, "day"), "1 day")
        XCTAssertEqual(NumberText.standard.count(1204, "day"), "1,204 days")
        XCTAssertEqual(NumberText.standard.count(2, "entry", "entries"), "2 entries")
    }

    /// A figure a user typed, as written in the fewest digits, with the reader's marks.
    func testValuesAsWrittenUseTheReadersMarks() throws {
        XCTAssertEqual(NumberText.standard.asWritten(245), "245")
        XCTAssertEqual(NumberText.standard.asWritten(47.5), "47.5")
        XCTAssertEqual(NumberText.standard.asWritten(1000.25), "1,000.25")
        XCTAssertEqual(NumberText.standard.asWritten(12.900000000000034), "12.900000000000034")
        XCTAssertEqual(NumberText.standard.asWritten(0.000001), "0.000001", "no exponent")
        let german = try TextConventions(locale: "de-DE", timeZone: "UTC").numbers
        XCTAssertEqual(german.asWritten(102.5), "102,5")
        XCTAssertEqual(german.asWritten(1000.25), "1.000,25")
        XCTAssertEqual(german.asWritten(1_000_000), "1.000.000")
        XCTAssertEqual(german.percent(share: 8.0 / 21), "38,1\u{A0}%")
        XCTAssertEqual(german.percent(share: nil), "—")
    }
}
