import Foundation
import GazetteTestSupport
import XCTest

/// Issue 64, 4: any other race or credit JSON read by a job's `fields:` mapping; an input no format
/// knows refused with a guessed block, which pasted into the job builds.
final class FieldsCommandTests: XCTestCase {
    private var folder: URL!
    private var environment: [String: String] = [:]

    /// Our own shapes: a meeting's races with their runners, a list of races about to start, a
    /// credit summary.
    private let meeting = """
        {"meeting": {"venue": "Riverbank", "races": [
          {"raceNumber": 1, "title": "Maiden", "jumpTime": "2026-11-28T13:05:00+11:00",
           "runners": [
             {"saddle": 1, "runnerName": "Sea Lark", "price": 2.5},
             {"saddle": 2, "runnerName": "Pale Ember", "price": "9/2"},
             {"saddle": 3, "runnerName": "Kestrel Run", "price": 7}]}
        ]}}
        """
    private let upcoming = """
        {"upcoming": [
          {"venue": "Riverbank", "no": 3, "jumpsAt": 1795831500, "code": "trots"},
          {"venue": "Hillside", "no": 1, "jumpsAt": 1795829400, "code": "dogs"}
        ]}
        """
    private let credit = #"{"summary": {"score": 612, "minScore": 0, "maxScore": 1000, "scoreBand": 3}}"#

    override func setUpWithError() throws {
        folder = TestSupport.temporaryFolder()
        environment = TestSupport.environmentWithOwnCache()
        TestSupport.writeFile(meeting, to: folder.appendingPathComponent("meeting.json"))
        TestSupport.writeFile(upcoming, to: folder.appendingPathComponent("upcoming.json"))
        TestSupport.writeFile(credit, to: folder.appendingPathComponent("credit.json"))
        // Two prices alike: the guess writes one, comments the other out and asks.
        let twoPrices = meeting.replacingOccurrences(of: #""price": "#, with: #""fixedWin": 3.25, "price": "#)
        TestSupport.writeFile(twoPrices, to: folder.appendingPathComponent("two-prices.json"))
    }

    private func gazette(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try TestSupport.run(try TestSupport.gazette(), arguments, environment: environment, in: folder)
    }

    /// A job of one report of `kind` reading `input`, with `block` under it.
    private func job(_ kind: String, _ input: String, _ block: String) -> String {
        """
        now: 2026-11-28T01:00:00Z
        reports:
          - kind: \(kind)
            title: Mapped
            input: \(input)
        \(block)
        """
    }

    /// The text of the built report's `report.json`.
    private func report() throws -> String {
        try String(contentsOf: folder.appendingPathComponent("Output/mapped/report.json"), encoding: .utf8)
    }

    func testAFieldsMappingBuildsARaceCardANextToGoListAndACreditReport() throws {
        let jobs = [
            (
                "race-card", "meeting.json",
                """
                    fields:
                      races: meeting.races[]
                      start: jumpTime
                      name: title
                      course: $.meeting.venue
                      runners:
                        path: runners[]
                        number: saddle
                        name: runnerName
                        price: price
                """, ["Sea Lark", "Pale Ember", "9/2", "Riverbank"]
            ),
            (
                "next-to-go", "upcoming.json",
                """
                    fields:
                      races: upcoming[]
                      number: no
                      meeting: venue
                      start: jumpsAt
                      category: code
                """, ["Riverbank", "Hillside"]
            ),
            (
                "credit-score", "credit.json",
                """
                    fields:
                      score: summary.score
                      min: summary.minScore
                      max: summary.maxScore
                """, ["612"]
            )
        ]
        for (kind, input, block, shown) in jobs {
            TestSupport.writeFile(job(kind, input, block), to: folder.appendingPathComponent("job.yml"))
            let built = try gazette(["build", "job.yml"])
            XCTAssertEqual(built.status, 0, "\(kind): \(built.output)")
            let report = try report()
            for text in shown { XCTAssertTrue(report.contains(text), "\(kind): \(text) not in \(report)") }
        }
    }

    func testAFieldsFaultNamesTheKeyAndTheKeyPath() throws {
        let block = """
                fields:
                  races: meeting.races[]
                  start: jumpTime
                  runners:
                    path: runners[]
                    number: runnerName
                    name: runnerName
            """
        TestSupport.writeFile(job("race-card", "meeting.json", block), to: folder.appendingPathComponent("job.yml"))
        let refused = try gazette(["build", "job.yml"])
        XCTAssertNotEqual(refused.status, 0, refused.output)
        XCTAssertTrue(
            refused.output.contains(
                "fields.runners.number: meeting.races[0].runners[0].runnerName: expected an integer, found a string"),
            refused.output)
    }

    /// Each unknown shape is refused with a block; the block pasted under the report builds it.
    func testTheGuessPastedIntoTheJobBuilds() throws {
        for (kind, input) in [
            ("race-card", "meeting.json"), ("race-card", "two-prices.json"), ("next-to-go", "upcoming.json"),
            ("credit-score", "credit.json")
        ] {
            TestSupport.writeFile(job(kind, input, ""), to: folder.appendingPathComponent("job.yml"))
            let refused = try gazette(["build", "job.yml"])
            XCTAssertNotEqual(refused.status, 0, refused.output)
            XCTAssertTrue(refused.output.contains("`fields:` on the report in a job file"), refused.output)
            let block = refused.output.components(separatedBy: "\n").drop { $0 != "    fields:" }
                .prefix { $0.hasPrefix("    ") }.joined(separator: "\n")
            XCTAssertFalse(block.isEmpty, refused.output)
            if input == "two-prices.json" {
                XCTAssertTrue(
                    refused.output.contains("whether `fixedWin` or `price` is fields.runners.price"), refused.output)
                XCTAssertTrue(block.contains("# price: price"), block)
            }
            TestSupport.writeFile(job(kind, input, block), to: folder.appendingPathComponent("job.yml"))
            let built = try gazette(["build", "job.yml"])
            XCTAssertEqual(built.status, 0, "\(kind):\n\(block)\n\(built.output)")
        }
    }
}
