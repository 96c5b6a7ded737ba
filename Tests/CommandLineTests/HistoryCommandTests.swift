import Foundation
import GazetteTestSupport
import XCTest

/// Reports that remember (issue 43), through the binary: builds a month apart into one output say
/// what changed on the pages, the cards, the messages and their subjects, and in the Atom feeds;
/// a build with nothing changed says so without taking a new message identity; the same builds give
/// the same bytes; shards continue the site's histories; a damaged history starts afresh.
final class HistoryCommandTests: XCTestCase {
    private var folder: URL!
    private var gazette: URL!
    private var environment: [String: String] = [:]

    override func setUpWithError() throws {
        folder = TestSupport.temporaryFolder()
        gazette = try TestSupport.gazette()
        environment = TestSupport.environmentWithOwnCache()
        try writeInputs(score: 514, band: 3, deadlift: nil, scratched: false)
        TestSupport.writeFile(
            """
            title: Monthly
            base-url: https://reports.example.org/monthly
            reports:
              - kind: credit-score
                title: Credit score
                input: credit.json
              - kind: workouts
                title: "Training log: Alex"
                input: log.txt
              - kind: race-card
                title: Races
                input: card.json
            """, to: folder.appendingPathComponent("job.yml"))
    }

    /// The inputs of one month: the credit score and its band, an extra heavy deadlift, a runner withdrawn.
    private func writeInputs(score: Int, band: Int, deadlift: Int?, scratched: Bool) throws {
        let credit = TestSupport.read(TestSupport.fixture("credit-report.json"))
            .replacingOccurrences(of: #""score": 468"#, with: #""score": \#(score)"#)
            .replacingOccurrences(of: #""scoreBand": 3"#, with: #""scoreBand": \#(band)"#)
        TestSupport.writeFile(credit, to: folder.appendingPathComponent("credit.json"))
        var log = TestSupport.read(TestSupport.fixture("workouts.txt"))
        if let deadlift { log += "Nov 20 2023,Deadlift,1,1,\(deadlift)\n" }
        TestSupport.writeFile(log, to: folder.appendingPathComponent("log.txt"))
        var card =
            try JSONSerialization.jsonObject(with: Data(contentsOf: TestSupport.fixture("race-card.json")))
            as! [[String: Any]]
        if scratched {
            var rides = card[0]["rides"] as! [[String: Any]]
            rides[1]["withdrawn"] = true
            card[0]["rides"] = rides
        }
        try JSONSerialization.data(withJSONObject: card, options: [.sortedKeys])
            .write(to: folder.appendingPathComponent("card.json"))
    }

    @discardableResult
    private func build(_ now: String, into output: String = "site", _ extra: [String] = []) throws -> String {
        let result = try TestSupport.run(
            gazette, ["build", "job.yml", "--now", now, "--output", output, "--email", "--jobs", "2"] + extra,
            environment: environment, in: folder)
        XCTAssertEqual(result.status, 0, result.output)
        return result.output
    }

    private func read(_ path: String, in output: String = "site") -> String {
        TestSupport.read(folder.appendingPathComponent(output).appendingPathComponent(path))
    }

    /// A message's decoded subject and its Message-ID.
    private func message(_ slug: String, in output: String = "site") throws -> (subject: String, id: String) {
        let lines = read("\(slug)/report.eml", in: output).components(separatedBy: "\r\n\r\n")[0]
            .components(separatedBy: "\r\n")
        // A header with the lines that go on from it (they start with a space), as written.
        func header(_ name: String) -> String {
            guard let start = lines.firstIndex(where: { $0.hasPrefix(name + ": ") }) else { return "" }
            let rest = lines[(start + 1)...].prefix { $0.hasPrefix(" ") }
            return ([String(lines[start].dropFirst(name.count + 2))] + rest).joined(separator: "\r\n")
        }
        return (MIMEReader.decodeWords(header("Subject")), header("Message-ID"))
    }

    /// The first month, then the second: a higher score, a new best deadlift, a runner scratched.
    private func twoMonths(into output: String = "site") throws {
        try writeInputs(score: 514, band: 3, deadlift: nil, scratched: false)
        try build("2026-10-01T08:00:00Z", into: output)
        try writeInputs(score: 530, band: 3, deadlift: 500, scratched: true)
        try build("2026-11-01T08:00:00Z", into: output)
    }

    func testASecondBuildSaysWhatChangedSinceTheFirst() throws {
        try twoMonths()
        let credit = read("credit-score/index.html")
        XCTAssertTrue(credit.contains(#"<p class="change">Score 530, +16 since 1 October 2026</p>"#), credit)
        XCTAssertTrue(credit.contains(#"<h2 id="over-time-title">Score over time</h2>"#), "the score over time")
        let chart = read("credit-score/charts/score-over-time.svg")
        XCTAssertTrue(chart.contains("<svg class=\"l2\" viewBox=\"0 0 360 300\">"), "its phone layout in the file")
        XCTAssertFalse(
            FileManager.default.fileExists(
                atPath: folder.appendingPathComponent("site/credit-score/charts/score-over-time--phone.svg").path))
        XCTAssertTrue(credit.contains("Credit score over time: 514 on 1 October 2026, 530 on 1 November 2026."))
        XCTAssertTrue(
            credit.contains("<th scope=\"row\">1 November 2026</th><td>530</td>"), "the table for screen readers")
        XCTAssertTrue(
            read("training-log-alex/index.html").contains(
                #"<p class="change">New best 1RM since 1 October 2026: Deadlift 500 lb (+41); New rep record: Deadlift 1 × 500 lb</p>"#
            ))
        XCTAssertTrue(
            read("training-log-alex/deadlift.html").contains(#"<span class="badge badge-new">New best</span>"#))
        XCTAssertFalse(
            read("training-log-alex/back-squat.html").contains("badge-new"), "only the days that passed a best")
        XCTAssertTrue(
            read("races/index.html").contains(
                #"<p class="change">1 runner scratched since 1 October 2026: Quiet Orchard</p>"#))
        XCTAssertTrue(read("races/1330-kestrel-downs-maiden-stakes.html").contains("race-tag-new"))
        let front = read("index.html")
        XCTAssertTrue(front.contains(#"<p class="card-change">Score 530, +16 since 1 October 2026</p>"#))
        XCTAssertEqual(try message("credit-score").subject, "Credit score 530 (+16) — Credit score")
        XCTAssertEqual(try message("training-log-alex").subject, "1 new best lift — Training log: Alex")
        // A card of 2023's races built in 2026 is stale (issue 68), and its subject says so.
        XCTAssertEqual(try message("races").subject, "Stale: 1 runner newly scratched — Races")
        XCTAssertTrue(read("credit-score/report.eml").contains("Score 530, +16 since 1 October 2026"))
    }

    func testAThirdBuildWithNothingChangedSaysSoAndKeepsTheMessagesIdentity() throws {
        try twoMonths()
        let before = try message("credit-score")
        try build("2026-11-08T08:00:00Z")
        let after = try message("credit-score")
        XCTAssertEqual(after.subject, "No change since 1 November 2026 — Credit score")
        XCTAssertEqual(
            after.id, before.id, "a rerun that changes nothing is the same message: send does not send it again")
        XCTAssertTrue(read("credit-score/index.html").contains("Score 530, no change since 1 November 2026"))
        XCTAssertEqual(try message("training-log-alex").subject, "No change since 1 November 2026 — Training log: Alex")
        let history = read("credit-score/history.json")
        XCTAssertEqual(
            history.components(separatedBy: "\"at\"").count - 1, 2, "a build that changed nothing adds no entry")
    }

    func testTheSameBuildsGiveTheSameBytes() throws {
        try twoMonths(into: "first")
        try twoMonths(into: "second")
        TestSupport.assertSameTree(
            folder.appendingPathComponent("first"), folder.appendingPathComponent("second"))
    }

    /// What the cache reuses is what a build without it makes: the second month built over the
    /// first month's output, against the same over a copy of it with `--no-cache`; and a rerun
    /// on the same clock takes every report whole.
    func testReuseGivesWhatABuildWithoutTheCacheGives() throws {
        try writeInputs(score: 514, band: 3, deadlift: nil, scratched: false)
        try build("2026-10-01T08:00:00Z")
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("site"), to: folder.appendingPathComponent("reference"))
        try writeInputs(score: 530, band: 3, deadlift: 500, scratched: true)
        try build("2026-11-01T08:00:00Z")
        try build("2026-11-01T08:00:00Z", into: "reference", ["--no-cache"])
        TestSupport.assertSameTree(folder.appendingPathComponent("site"), folder.appendingPathComponent("reference"))
        let rerun = try build("2026-11-01T08:00:00Z", ["--verbose"])
        XCTAssertTrue(rerun.contains("reports: 3 of 3 reused whole"), rerun)
        TestSupport.assertSameTree(folder.appendingPathComponent("site"), folder.appendingPathComponent("reference"))
    }

    func testTheFeedsAreAtomWithStableIds() throws {
        try twoMonths()
        let feed = read("feed.xml")
        XCTAssertTrue(
            read("index.html").contains(
                #"<link rel="alternate" type="application/atom+xml" href="feed.xml" title="Monthly">"#))
        XCTAssertTrue(read("credit-score/index.html").contains(#"href="feed.xml" title="Credit score">"#))
        XCTAssertEqual(feed.components(separatedBy: "<entry>").count - 1, 3, "one entry per report")
        XCTAssertTrue(feed.contains("<id>https://reports.example.org/monthly/credit-score/</id>"))
        XCTAssertTrue(feed.contains("<updated>2026-11-01T08:00:00Z</updated>"))
        XCTAssertTrue(feed.contains("<summary>Score 530, +16 since 1 October 2026</summary>"))
        let creditFeed = read("credit-score/feed.xml")
        XCTAssertEqual(
            creditFeed.components(separatedBy: "<entry>").count - 1, 2, "one entry per build that changed it")
        try build("2026-11-08T08:00:00Z")
        let ids = { (text: String) in text.components(separatedBy: "\n").filter { $0.contains("<id>") } }
        XCTAssertEqual(ids(read("feed.xml")), ids(feed), "ids stay across builds")
        XCTAssertTrue(
            read("feed.xml").contains("<updated>2026-11-01T08:00:00Z</updated>"), "updated by the build that changed it"
        )
        try Self.assertParsesAsAtom(folder.appendingPathComponent("site/feed.xml"), entries: 3)
        try Self.assertParsesAsAtom(folder.appendingPathComponent("site/credit-score/feed.xml"), entries: 2)
    }

    func testWithoutABaseURLTheFeedsLinkRelativelyAndTheBuildSaysSo() throws {
        TestSupport.writeFile(
            TestSupport.read(folder.appendingPathComponent("job.yml")).replacingOccurrences(
                of: "base-url: https://reports.example.org/monthly\n", with: ""),
            to: folder.appendingPathComponent("job.yml"))
        let output = try build("2026-10-01T08:00:00Z")
        XCTAssertTrue(output.contains("give the site's address as base-url: in the job or --base-url"), output)
        // A note, not a warning: the five are the messages' three missing recipients, the built-in
        // sender and the race card of 2023's races, stale in 2026.
        XCTAssertTrue(output.contains("note: the Atom feeds (feed.xml) have relative links"), output)
        XCTAssertTrue(output.contains("(5 warnings, 0 errors)"), output)
        XCTAssertTrue(
            read("feed.xml").contains(#"<link rel="alternate" type="text/html" href="credit-score/index.html"/>"#))
        XCTAssertTrue(read("feed.xml").contains("<id>urn:uuid:"))
        try Self.assertParsesAsAtom(folder.appendingPathComponent("site/feed.xml"), entries: 3)
    }

    func testADamagedHistoryGivesOneWarningAndAFreshHistory() throws {
        try twoMonths()
        TestSupport.writeFile("{not a history", to: folder.appendingPathComponent("site/credit-score/history.json"))
        try writeInputs(score: 541, band: 3, deadlift: 500, scratched: true)
        let output = try build("2026-12-01T08:00:00Z", ["--verify"])
        XCTAssertEqual(
            output.components(separatedBy: "\n").filter { $0.contains("history.json") }.count, 1, output)
        let history = read("credit-score/history.json")
        XCTAssertEqual(history.components(separatedBy: "\"at\"").count - 1, 1, history)
        XCTAssertFalse(read("credit-score/index.html").contains(#"<p class="change">"#), "nothing to compare with")
    }

    func testNoHistoryKeepsNoneAndSaysNothingOfChanges() throws {
        try writeInputs(score: 514, band: 3, deadlift: nil, scratched: false)
        try build("2026-10-01T08:00:00Z", ["--no-history"])
        try writeInputs(score: 530, band: 3, deadlift: 500, scratched: true)
        try build("2026-11-01T08:00:00Z", ["--no-history"])
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/credit-score/history.json").path)
        )
        XCTAssertFalse(read("credit-score/index.html").contains(#"<p class="change">"#))
        XCTAssertEqual(try message("credit-score").subject, "Credit score — Monthly")
    }

    /// The second month built as two shards that read the site's histories, merged into a copy of
    /// the site: the same bytes as the second month built whole over another copy.
    func testShardsAndMergeContinueTheSitesHistories() throws {
        try writeInputs(score: 514, band: 3, deadlift: nil, scratched: false)
        try build("2026-10-01T08:00:00Z")
        let site = folder.appendingPathComponent("site")
        try FileManager.default.copyItem(at: site, to: folder.appendingPathComponent("whole"))
        try FileManager.default.copyItem(at: site, to: folder.appendingPathComponent("merged"))
        try writeInputs(score: 530, band: 3, deadlift: 500, scratched: true)
        try build("2026-11-01T08:00:00Z", into: "whole")
        for shard in 1...2 {
            try build(
                "2026-11-01T08:00:00Z", into: "part-\(shard)", ["--shard", "\(shard)/2", "--history-from", "site"])
        }
        let merge = try TestSupport.run(
            gazette, ["merge", "part-1", "part-2", "--output", "merged", "--quiet"], environment: environment,
            in: folder)
        XCTAssertEqual(merge.status, 0, merge.output)
        TestSupport.assertSameTree(folder.appendingPathComponent("whole"), folder.appendingPathComponent("merged"))
        XCTAssertTrue(read("credit-score/index.html", in: "merged").contains("+16 since 1 October 2026"))
    }

    /// The feed read by Python's feedparser, the parser most feed readers' code meets: Atom 1.0,
    /// no `bozo` (no error), every entry. Every `python3` on PATH is tried; CI installs
    /// python3-feedparser for the system's.
    static func assertParsesAsAtom(_ feed: URL, entries: Int, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        // One line: Package.swift's import check reads every line that starts with `import`.
        let script =
            "from sys import argv; from feedparser import parse; d = parse(argv[1]); "
            + "print(d.version, int(bool(d.bozo)), len(d.entries), d.get('bozo_exception', ''))"
        var tried: [String] = []
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let python = URL(fileURLWithPath: String(folder)).appendingPathComponent("python3")
            guard FileManager.default.isExecutableFile(atPath: python.path), !tried.contains(python.path) else {
                continue
            }
            tried.append(python.path)
            let result = try TestSupport.run(python, ["-c", script, feed.path])
            guard result.status == 0 else { continue }
            XCTAssertEqual(
                result.output.trimmingCharacters(in: .whitespacesAndNewlines), "atom10 0 \(entries)", file: file,
                line: line)
            return
        }
        throw ToolOnPath.skip(
            "no python3 on PATH has feedparser",
            "apt-get install python3-feedparser (the README's second command installs it)")
    }
}
