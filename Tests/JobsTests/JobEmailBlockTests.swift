import Email
import Foundation
import GazetteCore
import XCTest

@testable import Jobs

/// A job's `email:` blocks: the job's and each report's, and a bad address at its line and column.
final class JobEmailBlockTests: XCTestCase {
    func testTheJobFileHasAnEmailBlockForEveryReport() throws {
        let job = try JobFileLoader().parse(
            """
            title: Gym
            email: {from: Coach <coach@example.org>, to: [a@example.org, b@example.org], reply-to: desk@example.org}
            reports:
              - kind: workouts
                input: alex.txt
                email: {to: alex@example.org, subject: Your week}
            """, file: URL(fileURLWithPath: "/jobs/job.yml"))
        XCTAssertEqual(
            job.email,
            EmailOptions(
                from: "Coach <coach@example.org>", to: ["a@example.org", "b@example.org"], replyTo: "desk@example.org"))
        XCTAssertEqual(job.reports[0].email, EmailOptions(to: ["alex@example.org"], subject: "Your week"))
        XCTAssertThrowsError(
            try JobFileLoader().parse("email: {subject: x}\nreports: []\n", file: URL(fileURLWithPath: "/jobs/job.yml"))
        )
    }

    func testABadAddressInAJobIsAUsageErrorAtItsLineAndColumn() throws {
        let file = URL(fileURLWithPath: "/jobs/job.yml")
        let text = "title: T\nemail:\n  from: 'E-from<script>alert(1)</script>\"> x'\nreports: []\n"
        XCTAssertThrowsError(try JobFileLoader().parse(text, file: file)) { error in
            guard let error = error as? BuildError, case let .text(_, line, column, _, _) = error.location else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(error.kind, .usage)
            XCTAssertEqual([line, column], [3, 9])
            XCTAssertTrue(error.message.hasPrefix("email from has a `<` without a closing `>`"), error.message)
        }
        let list =
            "title: T\nreports:\n  - kind: workouts\n    input: a.txt\n    email: {to: [ok@example.org, not an address]}\n"
        XCTAssertThrowsError(try JobFileLoader().parse(list, file: file)) { error in
            guard let error = error as? BuildError, case let .text(_, line, column, _, _) = error.location else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual([line, column], [5, 34], "the bad item itself")
            XCTAssertTrue(error.message.contains("`not an address` is not an address"), error.message)
        }
    }
}
