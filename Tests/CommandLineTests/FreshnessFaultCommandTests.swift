import Foundation
import GazetteTestSupport
import XCTest

/// The fault table of issue 68, through the binary with `--now`: for each way a schedule or a
/// source fails, the page, the e-mail or a feed, and the exit status say so (15 cells); a stale
/// report's warning is a GitHub annotation too (`--summary github`).
///
/// | fault | page | e-mail / feed | exit status |
/// |---|---|---|---|
/// | the cron skipped three runs | kept page: "No new data since" | site feed: "Not built: … No new data" | 1 |
/// | a source answers with yesterday's data | kept page | site feed | 1 |
/// | one of five inputs stops changing | stale notice, then kept page | "Stale:" subject, report feed entry; site feed | 1 |
/// | results arrive two builds late | stale notice, then kept page | "Stale:" subject, report feed entry; site feed | 1 |
/// | nothing built for 61 days | kept page | site feed | 1 |
final class FreshnessFaultCommandTests: XCTestCase {
    private var folder: URL!
    private var gazette: URL!
    private var environment: [String: String] = [:]

    override func setUpWithError() throws {
        folder = TestSupport.temporaryFolder()
        gazette = try TestSupport.gazette()
        environment = TestSupport.environmentWithOwnCache()
    }

    private var site: URL { folder.appendingPathComponent("site") }

    /// A build of `job.yml` at `now` with e-mail: its exit status and what it printed.
    private func build(_ now: String) throws -> (status: Int32, output: String) {
        try TestSupport.run(
            gazette,
            [
                "build", "job.yml", "--now", now, "--output", "site", "--email", "--email-to", "r@example.org",
                "--summary", "github"
            ],
            environment: environment, in: folder)
    }

    private func write(_ text: String, _ name: String) {
        TestSupport.writeFile(text, to: folder.appendingPathComponent(name))
    }

    private func read(_ path: String) -> String { TestSupport.read(site.appendingPathComponent(path)) }

    /// The subject line of a report's message, decoded from its RFC 2047 words.
    private func subject(_ slug: String) -> String {
        let message = read("\(slug)/report.eml")
        guard let line = message.split(separator: "\r\n").first(where: { $0.hasPrefix("Subject: ") }) else { return "" }
        return line.dropFirst("Subject: ".count).split(separator: " ").map { word -> String in
            let parts = word.split(separator: "?")
            guard parts.count == 5, parts[2] == "B", let data = Data(base64Encoded: String(parts[3])) else {
                return String(word)
            }
            return String(decoding: data, as: UTF8.self)
        }.joined()
    }

    /// The state `freshness.json` gives `slug`.
    private func state(_ slug: String) throws -> String? {
        let object = try TestSupport.jsonObject(site.appendingPathComponent("freshness.json"))
        let reports = object["reports"] as? [[String: Any]] ?? []
        return reports.first { $0["slug"] as? String == slug }?["state"] as? String
    }

    /// The three cells of an error past error-after: the kept page says since when no new data
    /// came, the site's feed says the report was not built and why, the exit status is 1.
    private func assertExpired(
        _ result: (status: Int32, output: String), slug: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(result.status, 1, "exit status: \(result.output)", file: file, line: line)
        let page = read("\(slug)/index.html")
        XCTAssertTrue(page.contains("No new data since"), "page", file: file, line: line)
        XCTAssertTrue(
            page.contains("These figures are not the latest"), "the previous page, kept", file: file, line: line)
        let entry = read("feed.xml").components(separatedBy: "<entry>").first { $0.contains("\(slug)/index.html") }
        XCTAssertTrue(entry?.contains("<summary>Not built: ") ?? false, "feed: \(entry ?? "")", file: file, line: line)
        XCTAssertTrue(entry?.contains("No new data since") ?? false, "feed", file: file, line: line)
        XCTAssertEqual(try state(slug), "error", file: file, line: line)
    }

    /// The cells of a stale report: a notice on the page, the message's subject and the
    /// report's feed, a warning (exit status 0: stale is a warning until error-after).
    private func assertStale(
        _ result: (status: Int32, output: String), slug: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(result.status, 0, result.output, file: file, line: line)
        XCTAssertTrue(result.output.contains("warning: No new data since"), result.output, file: file, line: line)
        let annotation = result.output.split(separator: "\n").first { $0.hasPrefix("::warning ") }
        XCTAssertTrue(
            annotation?.contains("No new data since") ?? false, "a CI annotation: \(result.output)", file: file,
            line: line)
        XCTAssertTrue(read("\(slug)/index.html").contains("Stale data"), "page", file: file, line: line)
        XCTAssertTrue(subject(slug).hasPrefix("Stale: "), "subject: \(subject(slug))", file: file, line: line)
        let feed = read("\(slug)/feed.xml")
        XCTAssertEqual(
            feed.components(separatedBy: "— Stale data</title>").count - 1, 1, "one feed entry", file: file, line: line)
        XCTAssertEqual(try state(slug), "stale", file: file, line: line)
    }

    /// Hourly; the input is fetched by the same cron job. It ran at 06:00 and 07:00 (new figures),
    /// skipped 08:00, 09:00 and 10:00, and its build at 11:00 finds the input as 07:00 left it.
    func testTheCronSkippedThreeRuns() throws {
        let credit = TestSupport.read(TestSupport.fixture("credit-report.json"))
        write(credit, "credit.json")
        write(
            """
            fresh: {warn-after: 90m, error-after: 3h}
            reports:
              - {kind: credit-score, title: Credit, input: credit.json}
            """, "job.yml")
        XCTAssertEqual(try build("2026-03-03T06:00:00Z").status, 0)
        write(credit.replacingOccurrences(of: "\"score\": 468", with: "\"score\": 470"), "credit.json")
        let seven = try build("2026-03-03T07:00:00Z")
        XCTAssertEqual(seven.status, 0, seven.output)
        let page = read("credit/index.html")
        XCTAssertTrue(page.contains("Valid until 3 March 2026 at 08:30 UTC."), "valid until, in words")
        XCTAssertTrue(page.contains("data-valid-until=\"1772526600\""), "the banner's time for the script")
        try assertExpired(try build("2026-03-03T11:00:00Z"), slug: "credit")
        XCTAssertTrue(read("credit/index.html").contains("No new data since 3 March 2026"))
    }

    /// The feed answers 200 with yesterday's races: its data is as of its first race's start.
    func testASourceAnswersWithYesterdaysData() throws {
        let feed = TestSupport.read(TestSupport.fixture("next-to-go.json"))
        write(feed, "next.json")
        write("reports:\n  - {kind: next-to-go, title: Next, input: next.json}\n", "job.yml")
        let today = try build("1699999700")
        XCTAssertEqual(today.status, 0, today.output)
        XCTAssertEqual(try state("next"), "fresh")
        try assertExpired(try build("1700086100"), slug: "next")
        XCTAssertTrue(read("next/index.html").contains("No new data since 14 November 2023"))
    }

    /// Five athletes' logs, a session a day each; Eve's stops on the 2nd. Four days on with
    /// `warn-after: 2d` she is stale and the others are not; at six days, an error.
    func testOneOfFiveInputsStopsChanging() throws {
        let names = ["ann", "bob", "cat", "dan", "eve"]
        write(
            "fresh: {warn-after: 2d, error-after: 5d}\nreports:\n"
                + names.map { "  - {kind: workouts, title: \($0), input: \($0).txt}\n" }.joined(), "job.yml")
        var logs = Dictionary(uniqueKeysWithValues: names.map { ($0, "") })
        func day(_ number: Int) throws -> (status: Int32, output: String) {
            for name in names where name != "eve" || number <= 2 {
                logs[name]! += "Mar \(number) 2026,Back Squat,1,5,\(100 + number)\n"
                write(logs[name]!, "\(name).txt")
            }
            return try build("2026-03-0\(number)T20:00:00Z")
        }
        for number in 1...3 { XCTAssertEqual(try day(number).status, 0) }
        try assertStale(try day(4), slug: "eve")
        for name in names.dropLast() { XCTAssertEqual(try state(name), "fresh", name) }
        XCTAssertTrue(read("eve/index.html").contains("No new data since 2 March 2026"))
        XCTAssertEqual(try day(5).status, 0)
        try assertExpired(try day(7), slug: "eve")
        for name in names.dropLast() { XCTAssertEqual(try state(name), "fresh", name) }
    }

    /// A card's last race is off at 17:35; its result is due at 18:05. Builds every half hour:
    /// at 18:15 (a build late) the card is stale, at 18:45 an error; the results come at 19:15.
    func testResultsArriveTwoBuildsLate() throws {
        let card = TestSupport.read(TestSupport.fixture("race-card.json"))
        write(card, "card.json")
        write(
            """
            reports:
              - {kind: race-card, title: Card, input: card.json, fresh: {warn-after: 10m, error-after: 40m}}
            """, "job.yml")
        XCTAssertEqual(try build("2023-11-14T17:45:00Z").status, 0)
        XCTAssertEqual(try state("card"), "fresh")
        try assertStale(try build("2023-11-14T18:15:00Z"), slug: "card")
        try assertExpired(try build("2023-11-14T18:45:00Z"), slug: "card")
        write(card.replacingOccurrences(of: "\"DECLARED\"", with: "\"RESULTED\""), "card.json")
        let results = try build("2023-11-14T19:15:00Z")
        XCTAssertEqual(results.status, 0, results.output)
        XCTAssertEqual(try state("card"), "fresh", "a card whose every race has run is complete")
        XCTAssertFalse(read("card/index.html").contains("Stale data"))
    }

    /// A credit report (next due in 17 days: stale a week after) built, then nothing for 61 days:
    /// past the job's error-after of 60 days.
    func testNothingBuiltFor61Days() throws {
        write(TestSupport.read(TestSupport.fixture("credit-report.json")), "credit.json")
        write(
            "fresh: {error-after: 60d}\nreports:\n  - {kind: credit-score, title: Credit, input: credit.json}\n",
            "job.yml")
        XCTAssertEqual(try build("2026-01-01T06:00:00Z").status, 0)
        XCTAssertTrue(read("credit/index.html").contains("Valid until 25 January 2026 at 06:00 UTC."))
        try assertExpired(try build("2026-03-03T06:00:00Z"), slug: "credit")
        XCTAssertTrue(read("credit/index.html").contains("No new data since 1 January 2026"))
    }
}
