import Foundation
import XCTest
@testable import Workouts

/// Setgraph's share text (issue 65, part 3): known by its first line, refused for its missing
/// dates rather than read as a header or a broken workout line.
final class SetgraphShareTests: XCTestCase {
    /// Setgraph's share text has no dates: refused, saying so, whatever its commas.
    func testSetgraphsShareTextIsRefusedForItsMissingDates() throws {
        let share = """
            Bench Press • 8 rep: 40, 50, 55, 60, 62.5 kg
            Lat Pulldown • 30 kg: 12, 12, 10 rep

            Other • 38 min

            Tracked on Setgraph
            """
        for options in [WorkoutLogOptions(), WorkoutLogOptions(format: .named(.hevy))] {
            let error = try XCTUnwrap(ExportFixtures.error(share, options, file: "share.txt"))
            XCTAssertEqual([error.line, error.column], [1, 1])
            XCTAssertTrue(error.message.hasPrefix("this is Setgraph's share text ("), error.message)
            XCTAssertTrue(error.message.contains("it gives no dates, so its sets cannot be placed on a timeline"))
            XCTAssertFalse(error.message.contains("header"))
        }
        XCTAssertEqual(ExportFixtures.error("\nTracked on Setgraph\n")?.message.hasPrefix("this is Setgraph's"), true)
        // A bullet in a header's name is no share.
        XCTAssertTrue(ExportFixtures.error("Day • Lift,Reps\n2025-01-02,5\n")?.message.contains("the header") ?? false)
    }
}
