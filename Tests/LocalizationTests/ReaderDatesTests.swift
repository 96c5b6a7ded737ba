import Deterministic
import Foundation
import Localization
import XCTest

/// Days and instants as the default readers (en-GB in UTC) read them, spelled without ICU.
final class ReaderDatesTests: XCTestCase {
    private let standard = TextConventions.standard

    func testDaysInEnglish() {
        let date = CivilDate(year: 2017, month: 10, day: 5)
        XCTAssertEqual(standard.longDay(date), "5 Oct 2017")
        XCTAssertEqual(standard.dayMonth(date), "5 Oct")
        XCTAssertEqual(standard.fullDay(CivilDate(year: 2017, month: 12, day: 15)), "15 December 2017")
    }

    func testLongDaySpellsEveryYearAndDayAsInterpolationDoes() {
        for (year, month, day) in [
            (2017, 10, 5), (2017, 12, 31), (1, 1, 1), (99, 2, 28), (999, 7, 14), (9999, 12, 31),
            (10000, 1, 1), (0, 3, 3), (-44, 3, 15)
        ] {
            let date = CivilDate(year: year, month: month, day: day)
            XCTAssertEqual(standard.longDay(date), "\(date.day) \(date.monthAbbreviation) \(date.year)")
        }
    }

    func testTimesFormatWithoutTheMachineLocale() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        XCTAssertEqual(standard.longTime(now), "14 November 2023 at 22:13 UTC")
        XCTAssertEqual(standard.clock(now), "22:13 UTC")
        XCTAssertEqual(standard.longTime(Date(timeIntervalSince1970: -1)), "31 December 1969 at 23:59 UTC")
    }
}
