import Deterministic
import Foundation
import GazetteTestSupport
import XCTest
@testable import Workouts

/// GymRun's export and its import template (issue 65, part 3), from our own fixtures in their
/// shapes: `;`, CRLF, `DD.MM.YYYY`, dot decimals, no unit. Figures by hand with Brzycki,
/// w × 36 / (37 − r), 1 lb = 0.45359237 kg.
final class GymRunTests: XCTestCase {
    private let exportHeader =
        "Date;Time;Routine;Exercise;Set;Weight;Reps;Duration;Distance;Para6;Para7;Para8;Para9;Para10;Note;Type;Book;Version1"

    func testGymRunIsFoundByItsExportHeaderAndItsTemplatesHeader() {
        XCTAssertEqual(ColumnLayout.detect(exportHeader.components(separatedBy: ";")), .gymrun)
        XCTAssertEqual(
            ColumnLayout.detect(
                "Date;Time;Routine;Exercise;Set;Weight;Reps;Duration;Distance;Note;Template1"
                    .components(separatedBy: ";")), .gymrun)
        XCTAssertNil(ColumnLayout.detect(["Date", "Time", "Exercise", "Set", "Weight", "Reps"]))
    }

    func testTheExportReadsDayFirstDatesAndLeavesOutSetsWithoutAWeight() throws {
        let read = try ExportFixtures.summary("gymrun.csv")
        XCTAssertEqual(read.unit, .kg)
        // Bench, 14 Apr: 8 × 60 = 74.48 beats 6 × 62.5 = 72.58 and 12 × 40 = 45 (the 60 in
        // `Duration` is not read); 18 Apr: 5 × 65 = 73.125.
        assertFigures(
            read, "Supino reto (barra)", best: (date(2025, 4, 14), 60 * 36.0 / 29), latest: (date(2025, 4, 18), 73.125))
        // Squat, 16 Apr: 5 × 82.5 = 92.81; a name with accents: 10 × 7.5 = 10.
        assertFigures(
            read, "Agachamento livre", best: (date(2025, 4, 16), 92.8125), latest: (date(2025, 4, 16), 92.8125))
        assertFigures(read, "Elevação lateral", best: (date(2025, 4, 14), 10), latest: (date(2025, 4, 14), 10))
        assertFigures(
            read, "Cadeira extensora (sentado)", best: (date(2025, 4, 16), 18), latest: (date(2025, 4, 16), 18))
        // Two pull-ups (an empty and a 0 weight) and the plank (a duration only).
        XCTAssertEqual(read.leftOut, LeftOutSets(withoutWeight: 3))
        XCTAssertEqual(read.setCount, 8)
        // GymRun does not say its unit: the report says what it read them as.
        XCTAssertEqual(
            read.warnings.map(\.text),
            [
                "gymrun.csv:1: gymrun.csv does not say its weight unit: read as kg; set `weights-in: lb` on the "
                    + "report if the app recorded lb"
            ])
        let pounds = try ExportFixtures.summary("gymrun.csv", WorkoutLogOptions(weightsIn: .lb))
        XCTAssertEqual(pounds.unit, .lb)
        XCTAssertEqual(pounds.warnings, [], "weights-in says the unit")
        assertFigures(
            pounds, "Agachamento livre", best: (date(2025, 4, 16), 92.8125), latest: (date(2025, 4, 16), 92.8125))
        let reportInLb = try ExportFixtures.summary("gymrun.csv", WorkoutLogOptions(unit: .lb))
        XCTAssertTrue(
            reportInLb.warnings[0].message.hasSuffix(
                "read as lb; set `weights-in: kg` on the report if the app recorded kg"))
    }

    /// The template: eleven columns, CRLF without a final line end; body-weight, timed and cardio
    /// rows without a weight.
    func testTheTemplateReadsItsSetsAndLeavesOutTimedAndCardioRows() throws {
        let read = try ExportFixtures.summary("gymrun-template.csv", WorkoutLogOptions(weightsIn: .kg))
        // 5 × 100 = 112.5 beats 3 × 102.5 = 108.53.
        assertFigures(read, "Bench Press", best: (date(2025, 6, 2), 112.5), latest: (date(2025, 6, 2), 112.5))
        XCTAssertEqual(read.leftOut, LeftOutSets(withoutWeight: 3))
        XCTAssertEqual(read.exercises.map(\.name), ["Bench Press"])
    }

    func testACellThatIsNoDateOrNumberIsAnErrorAtItsPlace() {
        let badDate = ExportFixtures.error(exportHeader + "\r\n2025-04-14;18:02:11;A;Squat;1;100;5;;;;;;;;;1;1;1\r\n")
        XCTAssertEqual(badDate?.line, 2)
        XCTAssertEqual(badDate?.column, 1)
        XCTAssertEqual(badDate?.message, "`Date` is not a date like 14.04.2025: `2025-04-14`")
        let badWeight = ExportFixtures.error(
            exportHeader + "\r\n14.04.2025;18:02:11;A;Squat;1;heavy;5;;;;;;;;;1;1;1\r\n")
        XCTAssertEqual(badWeight?.column, 31)
        XCTAssertEqual(badWeight?.message, "`Weight` is not a number: `heavy`")
        XCTAssertEqual(badWeight?.sourceLine, "14.04.2025;18:02:11;A;Squat;1;heavy;5;;;;;;;;;1;1;1", "no CR quoted")
    }

    /// Before GymRun had a format of its own its header matched none, and the error quoted it with
    /// its CR: a CRLF header is quoted without it.
    func testAnUnknownCRLFHeaderIsQuotedWithoutItsCarriageReturn() throws {
        let error = try XCTUnwrap(ExportFixtures.error("Tag;Übung;Wdh;Last\r\n03.02.2025;Kniebeuge;5;100\r\n"))
        XCTAssertTrue(
            error.message.hasPrefix("the header `Tag;Übung;Wdh;Last` matches no workout format"), error.message)
        XCTAssertFalse(error.message.contains("\r"))
        XCTAssertFalse(error.sourceLine.contains("\r"))
    }
}
