import Email
import Foundation
import GazetteCore
import XCTest

@testable import Jobs
@testable import SiteBuild

/// A job's `email:` blocks, as the message channel reads them: the job's and each report's, a bad
/// address at its line and column, the job's server for `gazette send` and no password in it.
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
            MessageAddressing.job(job)?.addressing,
            EmailOptions(
                from: "Coach <coach@example.org>", to: ["a@example.org", "b@example.org"], replyTo: "desk@example.org"))
        XCTAssertEqual(
            MessageAddressing.report(job.reports[0]), EmailOptions(to: ["alex@example.org"], subject: "Your week"))
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

    func testAPasswordInAJobIsAUsageErrorNamingTheKey() throws {
        let file = URL(fileURLWithPath: "/jobs/job.yml")
        XCTAssertEqual(
            OutputChannels.smtpServer(
                of: try JobFileLoader().parse("email: {smtp: 'smtp://mail.example.org:587'}\nreports: []\n", file: file)
            ),
            "smtp://mail.example.org:587")
        XCTAssertThrowsError(
            try JobFileLoader().parse(
                "email:\n  smtp: smtp://mail.example.org:587\n  password: hunter2\nreports: []\n", file: file)
        ) { error in
            guard let error = error as? BuildError, case let .text(_, line, column, _, _) = error.location else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(error.kind, .usage)
            XCTAssertEqual([line, column], [3, 3])
            XCTAssertTrue(error.message.hasPrefix("email password: a job file holds no credentials"), error.message)
        }
        XCTAssertThrowsError(
            try JobFileLoader().parse("email: {smtp: 'smtp://u:pw@mail.example.org'}\nreports: []\n", file: file))
    }

    /// The message channel's `email:` blocks in `gazette schema`: the job's names the server, a
    /// report's its subject.
    func testTheSchemaDescribesTheEmailBlocks() throws {
        let properties = { (object: Any?) in
            Set(((object as? [String: Any])?["properties"] as? [String: Any])?.keys ?? [:].keys)
        }
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(JobSchema.json.utf8)) as? [String: Any])
        let top = schema["properties"] as! [String: Any]
        XCTAssertEqual(properties(top["email"]), ["from", "to", "reply-to", "smtp"])
        let item = (top["reports"] as! [String: Any])["items"] as! [String: Any]
        for choice in item["allOf"] as! [[String: Any]] {
            let then = (choice["then"] as! [String: Any])["properties"] as! [String: Any]
            XCTAssertEqual(properties(then["email"]), ["from", "to", "reply-to", "subject"])
        }
    }
}
