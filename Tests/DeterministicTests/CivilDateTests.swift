import Deterministic
import XCTest

/// The calendar rules every module shares (Racing's card dates, Workouts' log dates, chart axes).
final class CivilDateTests: XCTestCase {
    func testLeapYears() {
        for year in [2016, 2000, 2400, 1600, 4, 0, -4, -400] {
            XCTAssertTrue(CivilDate.isLeap(year: year), "\(year)")
        }
        for year in [2017, 1900, 2100, 1800, 1, -1, -100, 9999] {
            XCTAssertFalse(CivilDate.isLeap(year: year), "\(year)")
        }
    }

    func testDaysInMonth() {
        XCTAssertEqual(
            (1...12).map { CivilDate.daysIn(month: $0, year: 2017) },
            [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
        XCTAssertEqual(CivilDate.daysIn(month: 2, year: 2016), 29)
        XCTAssertEqual(CivilDate.daysIn(month: 2, year: 2000), 29)
        XCTAssertEqual(CivilDate.daysIn(month: 2, year: 1900), 28)
        XCTAssertEqual((1...12).map { CivilDate.daysIn(month: $0, year: 2016) }.reduce(0, +), 366)
        for month in [0, 13, -1, Int.max, Int.min] {
            XCTAssertEqual(CivilDate.daysIn(month: month, year: 2017), 0, "\(month)")
        }
    }

    func testValidity() {
        XCTAssertTrue(CivilDate.isValid(year: 2016, month: 2, day: 29))
        XCTAssertFalse(CivilDate.isValid(year: 2017, month: 2, day: 29))
        XCTAssertTrue(CivilDate.isValid(year: 2000, month: 2, day: 29))
        XCTAssertFalse(CivilDate.isValid(year: 1900, month: 2, day: 29))
        XCTAssertTrue(CivilDate.isValid(year: 2017, month: 12, day: 31))
        XCTAssertFalse(CivilDate.isValid(year: 2017, month: 4, day: 31))
        XCTAssertFalse(CivilDate.isValid(year: 2017, month: 13, day: 1))
        XCTAssertFalse(CivilDate.isValid(year: 2017, month: 0, day: 1))
        XCTAssertFalse(CivilDate.isValid(year: 2017, month: 1, day: 0))
        XCTAssertFalse(CivilDate.isValid(year: 2017, month: 1, day: -1))
        XCTAssertFalse(CivilDate.isValid(year: 2017, month: 1, day: Int.max))
        XCTAssertTrue(CivilDate(year: 1, month: 1, day: 1).isValid)
        XCTAssertFalse(CivilDate(year: 2023, month: 2, day: 29).isValid)
    }

    /// Every valid day round-trips through its day number, and day numbers are consecutive:
    /// the rules above agree with the day-number arithmetic over four centuries.
    func testValidDaysAreExactlyTheDayNumbers() {
        var number = CivilDate(year: 1899, month: 1, day: 1).dayNumber
        for year in 1899...2301 {
            for month in 1...12 {
                for day in 1...31 where CivilDate.isValid(year: year, month: month, day: day) {
                    let date = CivilDate(year: year, month: month, day: day)
                    XCTAssertEqual(date.dayNumber, number, "\(year)-\(month)-\(day)")
                    XCTAssertEqual(CivilDate(dayNumber: number), date)
                    number += 1
                }
            }
        }
    }

    func testKnownDayNumbers() {
        XCTAssertEqual(CivilDate(year: 1970, month: 1, day: 1).dayNumber, 0)
        XCTAssertEqual(CivilDate(year: 1969, month: 12, day: 31).dayNumber, -1)
        XCTAssertEqual(CivilDate(year: 2017, month: 10, day: 11).dayNumber, 17_450)
        XCTAssertEqual(CivilDate(year: 1, month: 1, day: 1).dayNumber, -719_162)
        XCTAssertEqual(CivilDate(year: 9999, month: 12, day: 31).dayNumber, 2_932_896)
        XCTAssertEqual(CivilDate.weekday(ofDayNumber: 0), 3)  // Thursday
        XCTAssertEqual(CivilDate.weekday(ofDayNumber: -1), 2)
    }

    func testMonthTexts() {
        XCTAssertEqual(
            CivilDate.monthAbbreviations,
            ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])
        XCTAssertEqual(CivilDate.monthNames.count, 12)
        XCTAssertEqual(CivilDate.monthNames.first, "January")
        XCTAssertEqual(CivilDate.monthNames.last, "December")
        for (name, abbreviation) in zip(CivilDate.monthNames, CivilDate.monthAbbreviations) {
            XCTAssertEqual(String(name.prefix(3)), abbreviation)
        }
        let date = CivilDate(year: 2017, month: 10, day: 5)
        XCTAssertEqual(date.monthAbbreviation, "Oct")
    }

    func testFieldsArePaddedWithZeros() {
        XCTAssertEqual(CivilDate.zeroPadded(5, width: 2), "05")
        XCTAssertEqual(CivilDate.zeroPadded(987, width: 4), "0987")
        XCTAssertEqual(CivilDate.zeroPadded(-44, width: 4), "-0044")
        XCTAssertEqual(CivilDate.zeroPadded(12345, width: 2), "12345")
    }

    func testFloorArithmetic() {
        XCTAssertEqual(CivilDate.floorDivide(7, 2), 3)
        XCTAssertEqual(CivilDate.floorDivide(-7, 2), -4)
        XCTAssertEqual(CivilDate.floorDivide(-8, 2), -4)
        XCTAssertEqual(CivilDate.floorModulo(-1, 7), 6)
        XCTAssertEqual(CivilDate.floorModulo(14, 7), 0)
    }

    func testISODaysParseOnlyInTheirExactFormAndOnlyWhenTheDayExists() {
        XCTAssertEqual(CivilDate(iso: "2024-02-29"), CivilDate(year: 2024, month: 2, day: 29))
        XCTAssertNil(CivilDate(iso: "2023-02-29"))
        XCTAssertNil(CivilDate(iso: "2023-2-01"))
        XCTAssertNil(CivilDate(iso: "2023-02-01T00:00"))
        XCTAssertNil(CivilDate(iso: "２０２３-02-01"))
        XCTAssertEqual(CivilDate(year: 2017, month: 10, day: 5).logText, "Oct 05 2017")
        XCTAssertEqual(CivilDate(year: 17, month: 1, day: 2).isoText, "0017-01-02")
        XCTAssertEqual(CivilDate(year: 2017, month: 10, day: 5).isoText, "2017-10-05")
        XCTAssertEqual(CivilDate(year: 9999, month: 12, day: 31).isoText, "9999-12-31")
        XCTAssertEqual(CivilDate(year: 0, month: 1, day: 1).isoText, "0000-01-01")
        XCTAssertEqual(CivilDate(year: 12345, month: 6, day: 7).isoText, "12345-06-07")
        XCTAssertEqual(CivilDate(year: -1, month: 6, day: 7).isoText, "-0001-06-07")
        // Every day of a long span spells as the day number says, and reads back.
        for dayNumber in stride(from: -800_000, through: 2_900_000, by: 997) {
            let date = CivilDate(dayNumber: dayNumber)
            guard (0...9999).contains(date.year) else { continue }
            XCTAssertEqual(CivilDate(iso: date.isoText)?.dayNumber, dayNumber)
        }
    }

    func testClockTimesAreTwentyFourHourHHMM() {
        XCTAssertTrue(CivilDate.isClockTime("00:00"))
        XCTAssertTrue(CivilDate.isClockTime("23:59"))
        XCTAssertFalse(CivilDate.isClockTime("24:00"))
        XCTAssertFalse(CivilDate.isClockTime("9:30"))
        XCTAssertFalse(CivilDate.isClockTime("09:60"))
    }
}
