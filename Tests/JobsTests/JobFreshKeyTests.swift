import Foundation
import GazetteCore
import Reports
import XCTest

@testable import Jobs

/// `fresh: {warn-after, error-after}` on a report or the job: the report's over the job's, each
/// duration read in seconds, a mistake at its line and column.
final class JobFreshKeyTests: XCTestCase {
    private let file = URL(fileURLWithPath: "/jobs/job.yml")

    func testTheReportsFreshIsOverTheJobs() throws {
        let job = try JobFileLoader().parse(
            """
            fresh: {warn-after: 2h, error-after: 1d}
            reports:
              - {kind: workouts, input: a.txt}
              - {kind: workouts, input: b.txt, fresh: {warn-after: 10d}}
              - {kind: credit-score, input: c.json, fresh: {error-after: 90s}}
            """, file: file)
        XCTAssertEqual(
            job.reports.map(\.fresh),
            [
                Cadence(warnAfter: 7200, errorAfter: 86400), Cadence(warnAfter: 864_000, errorAfter: nil),
                Cadence(warnAfter: nil, errorAfter: 90)
            ])
        XCTAssertNil(
            try JobFileLoader().parse("reports:\n  - {kind: workouts, input: a.txt}\n", file: file).reports[0].fresh)
    }

    func testDurations() {
        XCTAssertEqual(Cadence.seconds("300"), 300)
        XCTAssertEqual(Cadence.seconds("10m"), 600)
        XCTAssertEqual(Cadence.seconds("1w"), 604_800)
        XCTAssertEqual(Cadence.seconds("0m"), 0)
        for wrong in ["", "m", "1.5h", "-1h", "2y", "1 h", "١h"] { XCTAssertNil(Cadence.seconds(wrong), wrong) }
    }

    private func error(_ text: String) -> BuildError? {
        do {
            _ = try JobFileLoader().parse(text, file: file)
            return nil
        } catch { return error as? BuildError }
    }

    func testMistakesAreUsageErrorsAtTheirPlace() throws {
        let wrong = try XCTUnwrap(error("reports:\n  - {kind: workouts, input: a.txt, fresh: {warn-after: soon}}\n"))
        XCTAssertEqual(wrong.kind, .usage)
        XCTAssertTrue(wrong.message.contains("fresh warn-after must be a duration such as 90s"), wrong.message)
        guard case let .text(_, line, column, _, _) = wrong.location else { return XCTFail("\(wrong.location)") }
        XCTAssertEqual([line, column], [2, 56])
        let before = try XCTUnwrap(error("fresh: {warn-after: 2h, error-after: 1h}\nreports: []\n"))
        XCTAssertTrue(before.message.contains("error-after must not come before warn-after"), before.message)
        let empty = try XCTUnwrap(error("fresh: {}\nreports: []\n"))
        XCTAssertTrue(empty.message.contains("fresh needs warn-after, error-after or both"), empty.message)
        let typo = try XCTUnwrap(error("fresh: {warn-afer: 2h}\nreports: []\n"))
        XCTAssertTrue(typo.message.contains("did you mean \"warn-after\""), typo.message)
    }
}
