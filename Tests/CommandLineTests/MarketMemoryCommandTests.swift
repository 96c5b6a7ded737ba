import Foundation
import GazetteTestSupport
import XCTest

/// Market memory (issue 53), through the binary: a race card built again with changed prices
/// remembers each runner's prices, names steamers and drifters, and sizes the book now and at
/// opening; a build that saw no move adds nothing; the bookmaker's own race response with its
/// fluctuations gives what building once per fluctuation gives.
///
/// Figures worked by hand. Build 1: Gable End 9/2, Harbour Light 2/1, Iron Mask 5/1, Juniper 7/2,
/// Kittiwake 10/1. Build 2: Gable End 5/2 (2/11 → 2/7: +10.39 points, a steamer), Harbour Light 3/1
/// (1/3 → 1/4: −8.33, a drifter), Iron Mask unchanged, Juniper withdrawn (out of the book),
/// Kittiwake 8/1 (1/11 → 1/9: +2.02, under the 3-point threshold). The book now: 2/7 + 1/4 + 1/6 +
/// 1/9 = 205/252 = 81.349 %; at opening: 2/11 + 1/3 + 1/6 + 1/11 = 17/22 = 77.273 %.
final class MarketMemoryCommandTests: XCTestCase {
    private var folder: URL!
    private var gazette: URL!
    private var environment: [String: String] = [:]

    override func setUpWithError() throws {
        folder = TestSupport.temporaryFolder()
        gazette = try TestSupport.gazette()
        environment = TestSupport.environmentWithOwnCache()
    }

    private func writeJob(format: String? = nil, moverThreshold: String? = nil) {
        TestSupport.writeFile(
            """
            title: Market
            reports:
              - kind: race-card
                title: Races
                input: card.json
            \(format.map { "    format: \($0)" } ?? "")
            \(moverThreshold.map { "    mover-threshold: \($0)" } ?? "")
            """, to: folder.appendingPathComponent("job.yml"))
    }

    /// A card of one race at the given prices (cloth 4 withdrawn when `scratched`).
    private func writeCard(_ prices: [String], scratched: Bool = false) {
        let names = ["Gable End", "Harbour Light", "Iron Mask", "Juniper", "Kittiwake"]
        let rides = names.indices.map { index in
            """
            {"cloth_number": \(index + 1), "horse": {"name": "\(names[index])"}, "current_odds": "\(prices[index])",
             "formsummary": "21\(index)"\(scratched && index == 3 ? #", "withdrawn": true"# : "")}
            """
        }
        TestSupport.writeFile(
            """
            [{"race_summary": {"name": "Wattle Park Cup", "course_name": "Wattle Park", "date": "2026-11-28",
              "time": "14:05", "distance": "1400m", "going": "Good"},
              "rides": [\(rides.joined(separator: ",\n"))]}]
            """, to: folder.appendingPathComponent("card.json"))
    }

    @discardableResult
    private func build(_ now: String, _ extra: [String] = []) throws -> String {
        let result = try TestSupport.run(
            gazette, ["build", "job.yml", "--now", now, "--output", "site", "--email"] + extra,
            environment: environment, in: folder)
        XCTAssertEqual(result.status, 0, result.output)
        return result.output
    }

    private func read(_ path: String) -> String {
        TestSupport.read(folder.appendingPathComponent("site").appendingPathComponent(path))
    }

    private func race() throws -> [String: Any] {
        let report = try JSONSerialization.jsonObject(with: Data(read("races/report.json").utf8)) as! [String: Any]
        return (report["races"] as! [[String: Any]])[0]
    }

    private func runner(_ race: [String: Any], _ cloth: Int) -> [String: Any] {
        (race["runners"] as! [[String: Any]]).first { $0["cloth"] as? Int == cloth }!
    }

    private func prices(_ runner: [String: Any]) -> [String] {
        (runner["prices"] as! [[String: Any]]).map { $0["odds"] as! String }
    }

    private func twoBuilds(moverThreshold: String? = nil) throws {
        writeJob(moverThreshold: moverThreshold)
        writeCard(["9/2", "2/1", "5/1", "7/2", "10/1"])
        try build("2026-11-28T09:00:00Z")
        writeCard(["5/2", "3/1", "5/1", "7/2", "8/1"], scratched: true)
        try build("2026-11-28T10:00:00Z")
    }

    func testASecondBuildWithChangedPricesRemembersAndNamesTheMovers() throws {
        try twoBuilds()
        let race = try race()
        let gable = runner(race, 1)
        XCTAssertEqual(prices(gable), ["9/2", "5/2"])
        XCTAssertEqual(
            (gable["prices"] as! [[String: Any]]).map { $0["at"] as? String },
            ["2026-11-28T09:00:00Z", "2026-11-28T10:00:00Z"])
        XCTAssertEqual(gable["openingOdds"] as? String, "9/2")
        XCTAssertEqual(gable["move"] as! Double, 800.0 / 77, accuracy: 1e-9)
        XCTAssertEqual(runner(race, 2)["move"] as! Double, -100.0 / 12, accuracy: 1e-9)
        XCTAssertEqual(runner(race, 3)["move"] as! Double, 0, accuracy: 1e-12)
        XCTAssertEqual(prices(runner(race, 3)), ["5/1"])
        XCTAssertEqual(runner(race, 5)["move"] as! Double, 100.0 / 9 - 100.0 / 11, accuracy: 1e-9)

        let market = race["market"] as! [String: Any]
        XCTAssertEqual(market["percentage"] as! Double, 20500.0 / 252, accuracy: 1e-9)
        XCTAssertEqual(market["openingPercentage"] as! Double, 1700.0 / 22, accuracy: 1e-9)
        XCTAssertEqual(market["steamers"] as? [Int], [1])
        XCTAssertEqual(market["drifters"] as? [Int], [2])
        XCTAssertEqual(race["nonRunners"] as? [Int], [4])

        let page = read("races/1405-wattle-park-cup.html")
        XCTAssertTrue(page.contains("Market 81.3% now, 77.3% at opening. 1 non-runner taken out of the book."), page)
        XCTAssertTrue(page.contains("<dd>Gable End 9/2 → 5/2 (+10.4 pts)</dd>"), page)
        XCTAssertTrue(page.contains("<dd>Harbour Light 2/1 → 3/1 (−8.3 pts)</dd>"), page)
        // The sparkline's values are in text beside it.
        XCTAssertTrue(page.contains(#"<span class="race-price-list">9/2 · 5/2</span>"#), page)
        XCTAssertTrue(read("races/index.html").contains("Steamers: Gable End 9/2 → 5/2 (+10.4 pts)"))
        XCTAssertTrue(
            read("races/index.html").contains(
                "1 runner scratched since 28 November 2026: Juniper; biggest steamer Gable End 9/2 → 5/2 (+10.4 pts)"))
        XCTAssertTrue(subject().hasPrefix("1 runner newly scratched; Gable End 9/2 → 5/2, +10.4 pts"), subject())
    }

    /// Issue 63, 5: the job's `mover-threshold` decides who is named. At 2 points Kittiwake's
    /// +2.02 is a steamer; at 9, Harbour Light's −8.33 is no drifter; outside (0, 100] the job
    /// is refused at the key's line with what it takes, and nothing is built.
    func testTheMoverThresholdKeyNamesMoversByItsPointsAndIsCheckedForItsRange() throws {
        try twoBuilds(moverThreshold: "2")
        var market = try race()["market"] as! [String: Any]
        XCTAssertEqual(market["steamers"] as? [Int], [1, 5])
        XCTAssertEqual(market["drifters"] as? [Int], [2])

        folder = TestSupport.temporaryFolder()
        try twoBuilds(moverThreshold: "9")
        market = try race()["market"] as! [String: Any]
        XCTAssertEqual(market["steamers"] as? [Int], [1])
        XCTAssertEqual(market["drifters"] as? [Int], [])

        for bad in ["0", "-1", "100.5", "many"] {
            folder = TestSupport.temporaryFolder()
            writeJob(moverThreshold: bad)
            writeCard(["9/2", "2/1", "5/1", "7/2", "10/1"])
            let result = try TestSupport.run(
                gazette, ["build", "job.yml", "--now", "2026-11-28T09:00:00Z", "--output", "site"],
                environment: environment, in: folder)
            XCTAssertEqual(result.status, 64, "\(bad): \(result.output)")
            XCTAssertTrue(
                result.output.contains(
                    "job.yml:7:22: error: mover-threshold must be points of implied chance above 0 and at most 100, "
                        + "found \"\(bad)\""), "\(bad): \(result.output)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path), bad)
        }
        folder = TestSupport.temporaryFolder()
        try twoBuilds(moverThreshold: "100")
        XCTAssertEqual((try race()["market"] as! [String: Any])["steamers"] as? [Int], [])
    }

    private func subject() -> String {
        let head = read("races/report.eml").components(separatedBy: "\r\n\r\n")[0].components(separatedBy: "\r\n")
        guard let start = head.firstIndex(where: { $0.hasPrefix("Subject: ") }) else { return "" }
        let rest = head[(start + 1)...].prefix { $0.hasPrefix(" ") }
        return MIMEReader.decodeWords(([String(head[start].dropFirst(9))] + rest).joined(separator: "\r\n"))
    }

    func testAThirdBuildWithNoPriceChangeAddsNoHistoryEntry() throws {
        try twoBuilds()
        let before = read("races/history.json")
        let pricesBefore = prices(runner(try race(), 1))
        try build("2026-11-28T11:00:00Z")
        XCTAssertEqual(read("races/history.json"), before)
        XCTAssertEqual(prices(runner(try race(), 1)), pricesBefore)
        // Nothing moved since the last build.
        XCTAssertTrue(
            read("races/1405-wattle-park-cup.html").contains("<dt>Steamers since the last build</dt><dd>none</dd>"))
    }

    /// A Neds race response at the flucs' last price, its runner 2 scratched.
    private func writeNeds(_ flucs: [[Double]], withFlucs: Bool) {
        let names = ["Gable End", "Harbour Light", "Iron Mask"]
        let runners = names.indices.map { index in
            let history = flucs[index]
            let flucsText = withFlucs ? #", "flucs": [\#(history.map { String($0) }.joined(separator: ", "))]"# : ""
            return """
                {"name": "\(names[index])", "runner_number": \(index + 1), "barrier": \(index + 3),
                 "is_scratched": \(index == 1), "jockey": "J Rider \(index)", "trainer_name": "T Keeper",
                 "odds": {"fixed_win": \(history.last!), "fixed_place": 1.5}\(flucsText)}
                """
        }
        TestSupport.writeFile(
            """
            {"header": {"title": "Race"}, "params": {}, "data": {"race": {"event_id": "e1",
              "meeting_name": "Wattle Park", "description": "Wattle Park Cup", "advertised_start": 1795874700,
              "race_number": 4, "distance": 1400, "track_condition": "Good4", "weather": "Fine"},
              "runners": [\(runners.joined(separator: ",\n"))]}}
            """, to: folder.appendingPathComponent("card.json"))
    }

    func testTheAPIsFluctuationsGiveWhatBuildingOncePerFluctuationGives() throws {
        let flucs: [[Double]] = [[6.0, 5.0, 4.5, 3.5], [3.0, 3.2, 3.4, 3.6], [4.0, 4.4, 5.0, 6.5]]
        writeJob(format: "neds")
        writeNeds(flucs, withFlucs: true)
        try build("2026-11-28T09:00:00Z")
        let once = try race()

        // The same prices seen one build at a time, without flucs, into a fresh site.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("site"))
        for step in 0..<4 {
            writeNeds(flucs.map { Array($0.prefix(step + 1)) }, withFlucs: false)
            try build("2026-11-28T0\(5 + step):00:00Z")
        }
        let each = try race()
        for cloth in [1, 3] {
            XCTAssertEqual(prices(runner(once, cloth)), prices(runner(each, cloth)))
            XCTAssertEqual(runner(once, cloth)["openingOdds"] as? String, runner(each, cloth)["openingOdds"] as? String)
            XCTAssertEqual(
                runner(once, cloth)["move"] as! Double, runner(each, cloth)["move"] as! Double, accuracy: 1e-12)
        }
        XCTAssertEqual(prices(runner(once, 1)), ["6.0", "5.0", "4.5", "3.5"])
        // 1/3.5 − 1/6 = 2/7 − 1/6 = 5/42 = +11.9 points; Iron Mask 1/6.5 − 1/4 = −9.6 points.
        XCTAssertEqual(runner(once, 1)["move"] as! Double, 500.0 / 42, accuracy: 1e-9)
        XCTAssertEqual(once["market"] as! NSDictionary, each["market"] as! NSDictionary)
        let market = once["market"] as! [String: Any]
        XCTAssertEqual(market["steamers"] as? [Int], [1])
        XCTAssertEqual(market["drifters"] as? [Int], [3])
        // The scratched runner is a non-runner, out of the book: 2/7 + 2/13 now, 1/6 + 1/4 at opening.
        XCTAssertEqual(once["nonRunners"] as? [Int], [2])
        XCTAssertEqual(market["percentage"] as! Double, (2.0 / 7 + 2.0 / 13) * 100, accuracy: 1e-9)
        XCTAssertEqual(market["openingPercentage"] as! Double, (1.0 / 6 + 1.0 / 4) * 100, accuracy: 1e-9)
        let page = read("races/1405-wattle-park-cup.html")
        XCTAssertTrue(page.contains("Barrier 3 · Jockey J Rider 0 · Trainer T Keeper"), page)
    }
}
