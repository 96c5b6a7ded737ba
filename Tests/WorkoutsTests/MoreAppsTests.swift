import Deterministic
import Foundation
import GazetteTestSupport
import XCTest
@testable import Workouts

/// Lyfta, GymBook and Alpha Progression, each a format of its own (issue 51), from our own
/// fixtures in their shapes. Every figure is worked out by hand with Brzycki, w × 36 / (37 − r),
/// in kg and in lb (1 lb = 0.45359237 kg).
final class MoreAppsTests: XCTestCase {
    private let p = ExportFixtures.poundsPerKilogram

    // MARK: Lyfta

    func testLyftaIsFoundByItsHeaderWithItsLeadingSpaceAndReadsNullAsNothing() throws {
        XCTAssertEqual(
            ColumnLayout.detect([
                "Title", "Date", "Duration", "Exercise", "Superset id", "Weight", "Reps", "Distance", "Time", "Set Type"
            ]), .lyfta)
        let kg = try ExportFixtures.summary("lyfta.csv", WorkoutLogOptions(weightsIn: .kg))
        XCTAssertEqual(kg.unit, .kg)
        // Bench, 2 Jun: 90 × 5 = 101.25 beats the failure set 95 × 2 = 97.71 and the drop set
        // 70 × 8 = 86.90; 6 Jun 92.5 × 4 = 100.91. The trailing space of a name is not the name's.
        assertFigures(
            kg, "Bench Press", best: (date(2025, 6, 2), 101.25), latest: (date(2025, 6, 6), 92.5 * 36 / 33))
        XCTAssertEqual(kg.exercise("Bench Press")?.setCount, 4)
        assertFigures(
            kg, "Barbell Full Squat", best: (date(2025, 6, 4), 120 * 36.0 / 34), latest: (date(2025, 6, 4), 120 * 36.0 / 34))
        // The warm-up is left out; the dips and the run have `null` for a weight.
        XCTAssertEqual(kg.leftOut, LeftOutSets(warmups: 1, withoutWeight: 2))
        XCTAssertEqual(kg.warnings, [])

        let lb = try ExportFixtures.summary("lyfta.csv", WorkoutLogOptions(unit: .lb, weightsIn: .kg))
        assertFigures(
            lb, "Bench Press", best: (date(2025, 6, 2), 101.25 * p), latest: (date(2025, 6, 6), 92.5 * p * 36 / 33))
        // Lyfta does not say its unit: without weights-in, the report says what it assumed.
        let unsaid = try ExportFixtures.summary("lyfta.csv")
        XCTAssertEqual(
            unsaid.warnings.map(\.text),
            [
                "lyfta.csv:1: lyfta.csv does not say its weight unit: read as kg; set `weights-in: lb` on the report "
                    + "if the app recorded lb"
            ])
    }
}
