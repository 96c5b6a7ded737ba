import Deterministic
import XCTest

/// ISO 8601 weeks (Monday to Sunday, numbered in the year of their Thursday), checked on the
/// turns of the year where the week's year and the day's differ.
final class ISOWeekTests: XCTestCase {
    private func week(_ iso: String) -> String { CivilDate(iso: iso)!.isoWeekText }

    func testWeeksAroundTheTurnOfTheYear() {
        XCTAssertEqual(week("2024-01-01"), "2024-W01", "a Monday 1 January")
        XCTAssertEqual(week("2024-01-07"), "2024-W01", "its Sunday")
        XCTAssertEqual(week("2024-01-08"), "2024-W02")
        XCTAssertEqual(week("2024-12-30"), "2025-W01", "a Monday whose Thursday is in the next year")
        XCTAssertEqual(week("2021-01-03"), "2020-W53", "a Sunday of the previous year's 53rd week")
        XCTAssertEqual(week("2020-12-31"), "2020-W53")
        XCTAssertEqual(week("2026-11-28"), "2026-W48")
        XCTAssertEqual(week("2027-01-01"), "2026-W53", "2026 has 53 weeks: it starts on a Thursday")
    }

    func testTheMondayOfAWeek() {
        let thursday = CivilDate(iso: "2026-11-26")!.dayNumber
        XCTAssertEqual(CivilDate(dayNumber: CivilDate.mondayOfWeek(holding: thursday)).isoText, "2026-11-23")
        let monday = CivilDate(iso: "2026-11-23")!.dayNumber
        XCTAssertEqual(CivilDate.mondayOfWeek(holding: monday), monday)
        let sunday = CivilDate(iso: "2026-11-29")!.dayNumber
        XCTAssertEqual(CivilDate.mondayOfWeek(holding: sunday), monday)
        // Before 1970, where day numbers are negative.
        XCTAssertEqual(CivilDate(iso: "1969-12-31")!.isoWeekText, "1970-W01")
    }
}
