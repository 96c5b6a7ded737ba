import Foundation
import XCTest
@testable import Reports
@testable import Workouts

/// Issue 65, 5: headlines rank the main lifts first. A lifter's squat, bench and deadlift logged
/// week after week (the heavier best first among them) come before a leg press tried once with a
/// heavier number; `featured-lifts` names the lifts to show first.
final class MainLiftsFirstTests: XCTestCase {
    private func summary() throws -> WorkoutSummary {
        var log = ""
        // Squat and bench 8 sessions, deadlift 2 (a quarter: still regular), leg press 1 (heavy),
        // curl 1 (light).
        for day in 0..<8 {
            let date = "Jan \(String(format: "%02d", day + 2)) 2024"
            log += "\(date),Back Squat,3,5,\(200 + day * 5)\n\(date),Bench Press,2,5,\(150 + day * 5)\n"
            if day % 4 == 0 { log += "\(date),Deadlift,1,5,\(250 + day * 10)\n" }
            if day == 1 { log += "\(date),Leg Press,3,10,500\n\(date),Curl,3,10,50\n" }
        }
        var aggregator = OneRepMaxAggregator(formula: .brzycki)
        try aggregator.ingest(log, file: "log.txt")
        return aggregator.summary()
    }

    func testRegularLiftsLeadTheHeavierFirstAndAMachineTriedOnceFollows() throws {
        let summary = try summary()
        let names = WorkoutsSummary.ranked(summary).map { summary.exercises[$0].name }
        // Deadlift 290 × 36/32 = 326.25 over squat 235 → 264.4 and bench 185 → 208.1; the leg
        // press's 500 × 36/27 = 666.7 comes after them, and before the curl's 66.7.
        XCTAssertEqual(names, ["Deadlift", "Back Squat", "Bench Press", "Leg Press", "Curl"])
    }

    func testFeaturedLiftsLeadInTheirOrderAndTheCaptionSaysSo() throws {
        let summary = try summary()
        let names = WorkoutsSummary.ranked(summary, featured: ["deadlift", " Leg Press", "Curl"]).map {
            summary.exercises[$0].name
        }
        XCTAssertEqual(names, ["Deadlift", "Leg Press", "Curl", "Back Squat", "Bench Press"])
        let text = WorkoutsText(.standard)
        XCTAssertEqual(
            WorkoutsSummary.bestLiftsCaption(summary, featured: ["Deadlift"], text),
            "Best 1RM of 3 of 5 exercises, featured lifts first")
        XCTAssertEqual(WorkoutsSummary.bestLiftsCaption(summary, text), "Best 1RM: the top 3 of 5 exercises")
    }
}

extension MainLiftsFirstTests {
    func testTheFeaturedLiftsKeyIsAListOfNames() throws {
        let list = OptionValue(
            .list([OptionValue(.scalar("Squat"), at: .none), OptionValue(.scalar(" Deadlift "), at: .none)]), at: .none)
        XCTAssertEqual(
            try WorkoutsKind.options(OptionFields(["featured-lifts": list])).featuredLifts, ["Squat", "Deadlift"])
        let empty = OptionValue(.list([OptionValue(.scalar(" "), at: .none)]), at: .none)
        XCTAssertThrowsError(try WorkoutsKind.options(OptionFields(["featured-lifts": empty]))) { error in
            XCTAssertTrue("\(error)".contains("featured-lifts names lifts; a name may not be empty"), "\(error)")
        }
        XCTAssertThrowsError(
            try WorkoutsKind.options(OptionFields(["featured-lifts": OptionValue(.scalar("Squat"), at: .none)])))
    }
}
