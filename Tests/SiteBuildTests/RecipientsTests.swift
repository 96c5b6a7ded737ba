import Foundation
import XCTest
import GazetteCore
import GazetteTestSupport
@testable import Jobs
@testable import SiteBuild

/// 10 of issue 29: with `each: true`, each athlete's message goes to that athlete, from a
/// `recipients:` map or a CSV file beside the job.
final class RecipientsTests: XCTestCase {
    private func folderWithLogs() -> URL {
        let folder = TestSupport.temporaryFolder()
        for name in ["ann", "bob", "cy"] {
            TestSupport.writeFile(
                "Oct 04 2017,Back Squat,1,5,200\n", to: folder.appendingPathComponent("logs/\(name).txt"))
        }
        return folder
    }

    private func to(_ folder: URL, _ slug: String) throws -> String? {
        let message = TestSupport.read(folder.appendingPathComponent("site/\(slug)/report.eml"))
        return try MIMEReader.parse(message).headers["to"]
    }

    func testEachAthleteGetsTheirOwnMessage() async throws {
        let folder = folderWithLogs()
        TestSupport.writeFile(
            """
            output: site
            email: {from: "Coach <coach@example.org>"}
            reports:
              - kind: workouts
                inputs: [logs/*.txt]
                each: true
                email: {to: "Coach <coach@example.org>"}
                recipients:
                  ann.txt: Ann <ann@example.org>
                  bob: [bob@example.org, "Bob's mum <mum@example.org>"]

            """, to: folder.appendingPathComponent("job.yml"))
        let job = try JobFileLoader().load(folder.appendingPathComponent("job.yml"))
        XCTAssertEqual(
            job.reports.map { MessageAddressing.report($0)?.to ?? [] },
            [
                ["Ann <ann@example.org>", "Coach <coach@example.org>"],
                ["bob@example.org", "Bob's mum <mum@example.org>", "Coach <coach@example.org>"],
                ["Coach <coach@example.org>"]
            ])
        let run = try TestSupport.runApart(
            try TestSupport.gazette(), ["build", "job.yml", "--now", "1700000000"], in: folder)
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(try to(folder, "ann"), "Ann <ann@example.org>, Coach <coach@example.org>")
        XCTAssertEqual(try to(folder, "bob"), "bob@example.org, Bob's mum <mum@example.org>, Coach <coach@example.org>")
        XCTAssertEqual(try to(folder, "cy"), "Coach <coach@example.org>")
    }

    func testRecipientsFromACSVFileAndTheirMistakesAtTheirPlace() throws {
        let folder = folderWithLogs()
        TestSupport.writeFile(
            "input,to\nann.txt,Ann <ann@example.org>\n\"cy\",\"Lee, Cy <cy@example.org>\"\n",
            to: folder.appendingPathComponent("athletes.csv"))
        let job =
            "reports:\n  - kind: workouts\n    inputs: [logs/*.txt]\n    each: true\n    recipients: athletes.csv\n"
        TestSupport.writeFile(job, to: folder.appendingPathComponent("job.yml"))
        let loaded = try JobFileLoader().load(folder.appendingPathComponent("job.yml"))
        XCTAssertEqual(
            loaded.reports.map { MessageAddressing.report($0)?.to ?? [] },
            [["Ann <ann@example.org>"], [], ["Lee, Cy <cy@example.org>"]])

        // A name no input has, and an address that is not one: each named at its line.
        TestSupport.writeFile(
            "input,to\nanne.txt,ann@example.org\nbob.txt,not an address\n",
            to: folder.appendingPathComponent("athletes.csv"))
        XCTAssertThrowsError(try JobFileLoader().load(folder.appendingPathComponent("job.yml"))) { error in
            let error = error as! BuildError
            let csv = folder.appendingPathComponent("athletes.csv").path
            guard case let .text(path, line, _, _, _) = error.location else { return XCTFail("\(error)") }
            XCTAssertEqual(path, csv)
            XCTAssertEqual(line, 3)
            XCTAssertTrue(error.message.hasPrefix("recipients: "), error.message)
        }
        TestSupport.writeFile("input,to\nanne.txt,ann@example.org\n", to: folder.appendingPathComponent("athletes.csv"))
        XCTAssertThrowsError(try JobFileLoader().load(folder.appendingPathComponent("job.yml"))) { error in
            XCTAssertEqual(
                (error as! BuildError).message,
                "recipients: \"anne.txt\" is none of this report's inputs; did you mean \"ann.txt\"?")
        }
    }
}
