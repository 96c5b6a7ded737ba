import Foundation
import XCTest
import GazetteCore
import GazetteTestSupport
@testable import Jobs

/// Item 9 of issue 29: reports in the order people count, cards whose headlines keep each
/// name with its figure and whose detail says how many lifts the headline shows.
final class ManyAthletesTests: XCTestCase {
    func testEachInputGivesReportsInNaturalOrder() async throws {
        let folder = TestSupport.temporaryFolder()
        for n in [1, 2, 3, 10, 11, 20] {
            TestSupport.writeFile(
                "Oct 04 2017,Lift \(n),1,5,\(100 + n)\n", to: folder.appendingPathComponent("logs/athlete-\(n).txt"))
        }
        TestSupport.writeFile(
            "reports:\n  - kind: workouts\n    inputs: [logs/*.txt]\n    each: true\n",
            to: folder.appendingPathComponent("job.yml"))
        let job = try JobFileLoader().load(folder.appendingPathComponent("job.yml"))
        XCTAssertEqual(
            job.reports.map(\.resolvedTitle),
            ["athlete-1", "athlete-2", "athlete-3", "athlete-10", "athlete-11", "athlete-20"])
    }
}
