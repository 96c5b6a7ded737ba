import Deterministic
import XCTest

@testable import Workouts

/// How a long log's weeks are added up: the span that decides it and the Thursday rule.
final class VolumePeriodTests: XCTestCase {
    private func monday(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let number = CivilDate(year: year, month: month, day: day).dayNumber
        XCTAssertEqual(CivilDate.weekday(ofDayNumber: number), 0, "not a Monday")
        return number
    }

    func testTwoYearsOfWeeksAreWeeksAndOneMoreIsMonths() {
        let first = monday(2024, 1, 1)
        XCTAssertEqual(VolumePeriod.fitting(firstMonday: first, lastMonday: first), .week)
        XCTAssertEqual(VolumePeriod.fitting(firstMonday: first, lastMonday: first + 103 * 7), .week)
        XCTAssertEqual(VolumePeriod.fitting(firstMonday: first, lastMonday: first + 104 * 7), .month)
        XCTAssertEqual(VolumePeriod.fitting([]), .week)
    }

    /// 120 months from the first week's Thursday month to the last's are months; 121 are years.
    func testADecadeOfMonthsIsMonthsAndOneMoreIsYears() {
        // Thursday 4 Jan 2024 is in January 2024; Monday 27 Dec 2033's Thursday is 30 Dec 2033.
        let first = monday(2024, 1, 1)
        XCTAssertEqual(VolumePeriod.fitting(firstMonday: first, lastMonday: monday(2033, 12, 26)), .month)
        // Monday 29 Dec 2033: its Thursday is 1 Jan 2034, the 121st month.
        XCTAssertEqual(VolumePeriod.fitting(firstMonday: first, lastMonday: monday(2034, 1, 2)), .year)
    }

    /// A week across two months counts whole in its Thursday's: Mon 29 Jan 2024 (Thursday 1 Feb) is
    /// February's; Mon 30 Dec 2024 (Thursday 2 Jan 2025) is 2025's, as ISO numbers it 2025-W01.
    func testAWeekCountsWholeInItsThursdaysMonthAndYear() {
        let weeks = [
            WeekVolume(mondayNumber: monday(2024, 1, 22), volume: 100, sets: 1),
            WeekVolume(mondayNumber: monday(2024, 1, 29), volume: 200, sets: 2),
            WeekVolume(mondayNumber: monday(2024, 2, 5), volume: 400, sets: 4),
            WeekVolume(mondayNumber: monday(2024, 12, 23), volume: 800, sets: 8),
            WeekVolume(mondayNumber: monday(2024, 12, 30), volume: 1600, sets: 16)
        ]
        let months = VolumePeriod.month.grouped(weeks)
        XCTAssertEqual(months.map(\.start.isoText), ["2024-01-01", "2024-02-01", "2024-12-01", "2025-01-01"])
        XCTAssertEqual(months.map(\.volume), [100, 600, 800, 1600])
        XCTAssertEqual(months.map(\.sets), [1, 6, 8, 16])
        XCTAssertEqual(months.map(\.weeks), [1, 2, 1, 1])
        let years = VolumePeriod.year.grouped(weeks)
        XCTAssertEqual(years.map(\.start.isoText), ["2024-01-01", "2025-01-01"])
        XCTAssertEqual(years.map(\.volume), [1500, 1600])
        XCTAssertEqual(years.map(\.volume).reduce(0, +), weeks.map(\.volume).reduce(0, +))
        XCTAssertEqual(VolumePeriod.week.grouped(weeks).map(\.volume), weeks.map(\.volume))
    }
}
