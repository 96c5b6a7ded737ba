import Deterministic
import XCTest

final class CivilDateArithmeticTests: XCTestCase {
    func testDayNumbersOfKnownDates() {
        XCTAssertEqual(date(1970, 1, 1).dayNumber, 0)
        XCTAssertEqual(date(1970, 1, 2).dayNumber, 1)
        XCTAssertEqual(date(1969, 12, 31).dayNumber, -1)
        XCTAssertEqual(date(2000, 3, 1).dayNumber, 11_017)
        XCTAssertEqual(date(2017, 10, 11).dayNumber, 17_450)
        XCTAssertEqual(date(1, 1, 1).dayNumber, -719_162)
    }

    func testDayNumberRoundTripsOverFourCenturies() {
        // 1900 (not leap), 2000 (leap) and 2100 (not leap) all lie in this span.
        var expected = date(1899, 12, 25)
        for number in expected.dayNumber...(date(2300, 1, 5).dayNumber) {
            let made = CivilDate(dayNumber: number)
            XCTAssertEqual(made, expected)
            XCTAssertEqual(made.dayNumber, number)
            expected = next(after: expected)
        }
    }

    func testValidationFollowsLeapYears() {
        XCTAssertNotNil(CivilDate(validatingYear: 2016, month: 2, day: 29))
        XCTAssertNil(CivilDate(validatingYear: 2017, month: 2, day: 29))
        XCTAssertNotNil(CivilDate(validatingYear: 2000, month: 2, day: 29))
        XCTAssertNil(CivilDate(validatingYear: 1900, month: 2, day: 29))
        XCTAssertNil(CivilDate(validatingYear: 2017, month: 4, day: 31))
        XCTAssertNil(CivilDate(validatingYear: 2017, month: 13, day: 1))
        XCTAssertNil(CivilDate(validatingYear: 2017, month: 1, day: 0))
    }

    func testTextForms() {
        XCTAssertEqual(date(2017, 10, 5).isoText, "2017-10-05")
        XCTAssertEqual(date(2017, 10, 5).logText, "Oct 05 2017")
        XCTAssertEqual(date(987, 1, 31).isoText, "0987-01-31")
        XCTAssertEqual(date(2016, 2, 28).adding(days: 1), date(2016, 2, 29))
        XCTAssertEqual(date(2016, 3, 1).adding(days: -1), date(2016, 2, 29))
    }

    func testOrdering() {
        XCTAssertLessThan(date(2016, 12, 31), date(2017, 1, 1))
        XCTAssertLessThan(date(2017, 1, 31), date(2017, 2, 1))
        XCTAssertLessThan(date(2017, 2, 1), date(2017, 2, 2))
    }

    private func date(_ year: Int, _ month: Int, _ day: Int) -> CivilDate {
        CivilDate(year: year, month: month, day: day)
    }

    /// The next day, by counting through the months (independent of `dayNumber`).
    private func next(after d: CivilDate) -> CivilDate {
        if d.day < CivilDate.daysIn(month: d.month, year: d.year) { return date(d.year, d.month, d.day + 1) }
        if d.month < 12 { return date(d.year, d.month + 1, 1) }
        return date(d.year + 1, 1, 1)
    }
}
