import Foundation
import GazetteTestSupport
import XCTest

/// Races after the off, through the binary (issue 64): `race-card-neds-results.json` is an
/// invented Gum Flat meeting in the Neds race response's shape — a final race with a dead heat
/// for second, win and place dividends in two tote pools, an exacta and a late scratching with
/// deductions; an interim race in the API's id-keyed shape; an open race past its start; an
/// open race still to run; an abandoned one. Built at 03:05 UTC, after the first three starts.
final class RaceResultsTests: XCTestCase {
    /// 2026-11-28 03:05 UTC: R1 (02:05), R5 (02:20) and R2 (02:35) are off, R3 (04:05) is not.
    private let now = "1795835100"

    private func build(_ output: URL, now: String? = nil, input: URL? = nil, email: Bool = true) throws {
        let run = try TestSupport.run(
            TestSupport.gazette(),
            [
                "build", "--race-card", (input ?? TestSupport.fixture("race-card-neds-results.json")).path,
                "--output", output.path, "--now", now ?? self.now, "--quiet"
            ] + (email ? ["--email", "--email-from", "Races <races@example.org>", "--email-to", "sam@example.org"] : [])
        )
        XCTAssertEqual(run.status, 0, run.output)
    }

    private func json(_ output: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: output.appendingPathComponent("race-card/report.json"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func header(_ name: String, _ output: URL) -> String {
        let text = TestSupport.read(output.appendingPathComponent("race-card/report.eml"))
        let lines = text.components(separatedBy: "\r\n")
        guard let index = lines.firstIndex(where: { $0.hasPrefix(name + ": ") }) else { return "none" }
        // A folded header goes on over lines that begin with a space.
        var value = String(lines[index].dropFirst(name.count + 2))
        for line in lines[(index + 1)...] {
            guard line.hasPrefix(" ") else { break }
            value += line
        }
        return value
    }

    /// A subject's encoded words (`=?UTF-8?B?…?=`) decoded.
    private func decoded(_ subject: String) -> String {
        subject.split(separator: " ").map { word -> String in
            guard word.hasPrefix("=?UTF-8?B?"), word.hasSuffix("?=") else { return String(word) }
            let base64 = word.dropFirst("=?UTF-8?B?".count).dropLast(2)
            return Data(base64Encoded: String(base64)).map { String(decoding: $0, as: UTF8.self) } ?? String(word)
        }.joined()
    }

    func testStatesResultsAndDividendsInReportJSON() throws {
        let output = TestSupport.temporaryFolder().appendingPathComponent("site")
        try build(output)
        let races = try XCTUnwrap(json(output)["races"] as? [[String: Any]])
        XCTAssertEqual(races.map { $0["time"] as? String }, ["02:05", "02:20", "02:35", "04:05", "04:35"])
        XCTAssertEqual(
            races.map { $0["status"] as? String }, ["final", "interim", "pending", "open", "abandoned"])
        let result = try XCTUnwrap(races[0]["result"] as? [[String: Any]])
        XCTAssertEqual(result.map { $0["place"] as? Int }, [1, 2, 2, 4], "a dead heat for second")
        XCTAssertEqual(result.map { $0["cloth"] as? Int }, [2, 5, 9, 1])
        XCTAssertEqual(result.map { $0["name"] as? String }, ["Hot Bahama", "Zounate", "Dawn Flight", "Saltbush Lad"])
        XCTAssertEqual(result.map { $0["deadHeat"] as? Bool }, [false, true, true, false])
        let winner = try XCTUnwrap(result[0]["dividends"] as? [[String: Any]])
        XCTAssertEqual(winner.map { $0["product"] as? String }, ["Win", "Win", "Place", "Place"])
        XCTAssertEqual(winner.map { $0["pool"] as? String }, ["NSW", "VIC", "NSW", "VIC"])
        XCTAssertEqual(winner.map { $0["amount"] as? Double }, [7.5, 7.4, 2.5, 2.6])
        let exotics = try XCTUnwrap(races[0]["exotics"] as? [[String: Any]])
        XCTAssertEqual(exotics.map { $0["product"] as? String }, ["Exacta"], "a dividend of 0 is no dividend")
        XCTAssertEqual(exotics.first?["runners"] as? [Int], [2, 9])
        let runners = try XCTUnwrap(races[0]["runners"] as? [[String: Any]])
        XCTAssertEqual(runners.map { $0["startingPrice"] as? String }, ["3.2", "7.5", "11.0", "4.2", "6.0"])
        XCTAssertEqual(runners.map { $0["openingOdds"] as? String }, ["3.0", "3.9", "9.0", "5.5", "6.0"])
        let scratched = try XCTUnwrap((races[0]["withdrawn"] as? [[String: Any]])?.first)
        XCTAssertEqual(scratched["lateScratching"] as? Bool, true)
        XCTAssertEqual(scratched["deductions"] as? [String: Double], ["win": 12.5, "place": 4])
        // The interim race in the id-keyed shape, numbers as text, a BSP pool and a trifecta.
        let interim = try XCTUnwrap(races[1]["result"] as? [[String: Any]])
        XCTAssertEqual(interim.map { $0["cloth"] as? Int }, [3, 1, 2])
        XCTAssertEqual(interim.map { $0["margin"] as? Double }, [nil, 1.25, 3])
        XCTAssertEqual(
            (interim[0]["dividends"] as? [[String: Any]])?.map { $0["pool"] as? String }, ["NSW", "BSP"],
            "a map's entries in key order (x1, x2)")
        XCTAssertTrue(races[2]["result"] is NSNull, "pending: no result")
        XCTAssertEqual((races[3]["runners"] as? [[String: Any]])?.compactMap { $0["startingPrice"] as? String }, [])
    }

    func testTheResultLeadsTheRacePageAndTheMarketIsTheLastBeforeTheOff() throws {
        let output = TestSupport.temporaryFolder().appendingPathComponent("site")
        try build(output)
        let folder = output.appendingPathComponent("race-card")
        let page = TestSupport.read(folder.appendingPathComponent("0205-gum-flat-maiden-plate.html"))
        let result = try XCTUnwrap(page.range(of: "<h2 id=\"result-title\">Result</h2>"))
        let summary = try XCTUnwrap(page.range(of: "<h2 id=\"summary-title\">"))
        XCTAssertLessThan(result.lowerBound, summary.lowerBound, "the result first, then the field")
        for text in [
            "<td>1st</td><td class=\"num\">2</td><th scope=\"row\">Hot Bahama</th>",
            "<td>2nd (dead heat)</td><td class=\"num\">5</td>", "<td>2nd (dead heat)</td><td class=\"num\">9</td>",
            "<td class=\"num phone-hide\">0.37 L</td>", "<td class=\"num phone-hide\">7.5 (opened 3.9)</td>",
            "<span class=\"race-dividend\">Win NSW $7.50</span><span class=\"race-dividend\">Win VIC $7.40</span>",
            "<li>Exacta 2-9 QLD $37.00</li>", "<li>3 Halvoya: deductions win 12.5c, place 4c</li>",
            "Last market before the off", "Favourite at the off", "at the off, ", "<dd>Final</dd>"
        ] {
            XCTAssertTrue(page.contains(text), text)
        }
        for text in ["Steamers since the last build", "% now,", ">Now</th>"] {
            XCTAssertFalse(page.contains(text), "a run race offers no market now: \(text)")
        }
        let pending = TestSupport.read(folder.appendingPathComponent("0235-gum-flat-handicap.html"))
        XCTAssertTrue(pending.contains("<h2 id=\"result-title\">Result pending</h2>"))
        XCTAssertTrue(pending.contains("due off at 02:35 UTC and no result is in yet"))
        XCTAssertFalse(pending.contains("Steamers since the last build"))
        let open = TestSupport.read(folder.appendingPathComponent("0405-gum-flat-cup.html"))
        XCTAssertFalse(open.contains("result-title"))
        XCTAssertTrue(open.contains("Steamers since the last build"), "a race still to run keeps its market")
        XCTAssertTrue(open.contains("<dd>Open</dd>"))
        let abandoned = TestSupport.read(folder.appendingPathComponent("0435-gum-flat-sprint.html"))
        XCTAssertTrue(abandoned.contains("<h2 id=\"result-title\">Abandoned</h2>"))
        // The meeting page and the front page.
        let meeting = TestSupport.read(folder.appendingPathComponent("index.html"))
        XCTAssertTrue(
            meeting.contains(
                "<span class=\"race-status\">Result: 1st No. 2 Hot Bahama $7.50, 2nd No. 5 Zounate (dead heat), 2nd No. 9 Dawn Flight (dead heat)</span>"
            ))
        XCTAssertTrue(meeting.contains("<span class=\"race-status\">Result pending</span>"))
        XCTAssertTrue(meeting.contains("<span class=\"race-status\">Abandoned</span>"))
        XCTAssertTrue(meeting.contains("Interim result: 1st No. 3 Stringybark $9.10, 2nd No. 1 Red Gum"))
        // One featured race: the next to start, on the page, in the summary and in the message.
        XCTAssertTrue(
            meeting.contains("<h2 id=\"featured-title\"><a href=\"0405-gum-flat-cup.html\">04:05 UTC Gum Flat</a>"))
        XCTAssertTrue(meeting.contains("Featured: the next race to start."))
        let mail = TestSupport.read(folder.appendingPathComponent("report.eml"))
        XCTAssertTrue(mail.contains("Featured: 04:05 UTC Gum Flat, Gum Flat Cup: 3 runners, favourite Gable End"))
        let front = TestSupport.read(output.appendingPathComponent("index.html"))
        XCTAssertTrue(front.contains("Latest result, 02:20 UTC Gum Flat: Interim result: 1st No. 3 Stringybark $9.10"))
    }

    func testAResultIsNewsOnceInTheSubjectTheChangeLineAndTheFeed() throws {
        let output = TestSupport.temporaryFolder().appendingPathComponent("site")
        try build(output)
        let subject = decoded(header("Subject", output))
        XCTAssertTrue(
            subject.hasPrefix(
                "Result: 1st No. 3 Stringybark $9.10, 2nd No. 1 Red Gum, 3rd No. 2 Ironbark (02:20 UTC Gum Flat)"),
            subject)
        XCTAssertTrue(subject.contains("and 1 more result"), subject)
        let mail = TestSupport.read(output.appendingPathComponent("race-card/report.eml"))
        XCTAssertTrue(mail.contains("Result: 1st No. 2 Hot Bahama $7.50"), "the e-mail says the result")
        let feed = TestSupport.read(output.appendingPathComponent("race-card/feed.xml"))
        // Two results at once: the change line names each race's winners; the pages have the placings.
        XCTAssertTrue(
            feed.contains(
                "<summary>Results: 1st No. 2 Hot Bahama $7.50 (02:05 UTC Gum Flat); 1st No. 3 Stringybark $9.10"
                    + " (02:20 UTC Gum Flat)</summary>"), feed)
        // The same input twenty minutes on: no news, whatever the clock.
        try build(output, now: "1795836300")
        XCTAssertFalse(decoded(header("Subject", output)).hasPrefix("Result:"), decoded(header("Subject", output)))
        let meeting = TestSupport.read(output.appendingPathComponent("race-card/index.html"))
        XCTAssertFalse(meeting.contains("<p class=\"change\">Result:"))
    }

    func testTheMessageIdentityChangesWithAResultNeverWithTheClock() throws {
        let folder = TestSupport.temporaryFolder()
        let early = folder.appendingPathComponent("early"), later = folder.appendingPathComponent("later")
        try build(early, now: "1795835100")
        try build(later, now: "1795837800")
        XCTAssertEqual(header("Message-ID", early), header("Message-ID", later))
        // The same card before its first race was run: no results, no dividends.
        let text = TestSupport.read(TestSupport.fixture("race-card-neds-results.json"))
        var responses = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        var data = try XCTUnwrap(responses[0]["data"] as? [String: Any])
        data["results"] = nil
        data["dividends"] = nil
        var race = try XCTUnwrap(data["race"] as? [String: Any])
        race["status"] = "Closed"
        data["race"] = race
        responses[0]["data"] = data
        let before = folder.appendingPathComponent("before.json")
        try JSONSerialization.data(withJSONObject: responses).write(to: before)
        let unrun = folder.appendingPathComponent("unrun")
        try build(unrun, now: "1795835100", input: before)
        XCTAssertNotEqual(header("Message-ID", early), header("Message-ID", unrun))
    }
}
