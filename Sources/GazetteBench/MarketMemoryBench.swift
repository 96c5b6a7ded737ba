import Deterministic
import Foundation
import Jobs
import Loading
import SiteBuild

/// `--only market` (issue 63, part 6): one race-card input whose address serves a new 10-race
/// meeting each day, built once a day for a year into one site, so the report's history holds a
/// year of meetings (365 of them, ~29,000 runners). The rebuild with a year behind it is timed
/// beside the rebuild with one meeting behind it: the market's memory follows the card at hand,
/// so the two should cost about the same.
enum MarketMemoryBench {
    static let races = 10
    static let runners = 8

    /// Day `day`'s meeting in the SPEC's race-card format: its own races and horses, prices that
    /// differ from day to day, some runners with fluctuations.
    static func card(day: Int, date: String) -> String {
        let prices = ["5/2", "7/2", "4/1", "9/2", "6/1", "8/1", "10/1", "14/1", "20/1", "33/1", "EVS", "11/4"]
        var raceTexts: [String] = []
        for race in 0..<races {
            let time = String(format: "%02d:%02d", 12 + race / 2, race % 2 * 30)
            var rides: [String] = []
            for cloth in 1...runners {
                let now = prices[(day * 7 + race * 3 + cloth * 5) % prices.count]
                let before = prices[(day * 5 + race + cloth * 3) % prices.count]
                rides.append(
                    #"{"cloth_number": \#(cloth), "horse": {"name": "Day \#(day) Race \#(race + 1) Runner \#(cloth)", "age": 4}, "#
                        + #""formsummary": "21", "handicap": "9-0", "odds_fluctuations": ["\#(before)"], "current_odds": "\#(now)"}"#
                )
            }
            raceTexts.append(
                #"{"race_summary": {"name": "Day \#(day) Stakes \#(race + 1)", "course_name": "Bench Park", "distance": "1m", "#
                    + #""date": "\#(date)", "time": "\#(time)", "ride_count": \#(runners), "race_stage": "DECLARED", "#
                    + #""going": "Good", "has_handicap": false, "hidden": false}, "rides": [\#(rides.joined(separator: ", "))]}"#
            )
        }
        return "[\n" + raceTexts.joined(separator: ",\n") + "\n]\n"
    }

    private static func build(day: Int, start: Date, into output: URL) async throws -> Double {
        let now = start.addingTimeInterval(Double(day) * 86_400)
        let date = String(UTCTime.iso(now).prefix(10))
        let bytes = Array(card(day: day, date: date).utf8)
        let report = ReportSpec(
            kind: .raceCard, title: "Bench Park", sources: [.embedded(name: "racecard.json", bytes: bytes)])
        let outcome = await BenchBuild.run([report], jobs: 1, into: output, now: now.addingTimeInterval(9 * 3600))
        if let error = outcome.result.fatal ?? outcome.result.reports.compactMap(\.error).first {
            throw BenchError("day \(day): \(error)")
        }
        return outcome.seconds
    }

    static func run(days: Int = 365, runs: Int) async throws {
        print("\nmarket. A race card's memory: one address, a new 10-race meeting each day, built daily into one site")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-bench-\(getpid())-market")
        defer { try? FileManager.default.removeItem(at: folder) }
        let start = Date(timeIntervalSince1970: 1_704_067_200)  // 2024-01-01
        // One meeting behind: day 0 built. A year behind: days 0…days-1 built in turn.
        let young = folder.appendingPathComponent("one-meeting")
        _ = try await build(day: 0, start: start, into: young)
        let old = folder.appendingPathComponent("a-year")
        let settingUp = ContinuousClock.now
        for day in 0..<days { _ = try await build(day: day, start: start, into: old) }
        let setup = (ContinuousClock.now - settingUp).seconds
        let entries = historyEntries(old)
        // The next day's build over a fresh copy of each site, the two taking turns so both are
        // timed in the same state of this process.
        var oneMeeting: [Double] = []
        var aYear: [Double] = []
        for run in 0..<max(1, runs) {
            oneMeeting.append(try await timed(day: 1, start: start, site: young, folder: folder, run: run))
            aYear.append(try await timed(day: days, start: start, site: old, folder: folder, run: run))
        }
        let median = { (times: [Double]) in times.sorted()[times.count / 2] }
        print(
            "   history: \(entries) entries, \(days) meetings, \(days * races * runners) runners "
                + "(built day by day in \(Figures.time(setup)), \(Figures.time(setup / Double(days))) a day)")
        print("   rebuild with one meeting behind it: \(Figures.time(median(oneMeeting))) (median of \(runs))")
        print(
            "   rebuild with \(days) meetings behind it: \(Figures.time(median(aYear))) (median of \(runs)), "
                + String(format: "%.2f× the one-meeting rebuild", median(aYear) / median(oneMeeting)))
    }

    /// One build of `day` over a fresh copy of `site`.
    private static func timed(day: Int, start: Date, site: URL, folder: URL, run: Int) async throws -> Double {
        let copy = folder.appendingPathComponent("run-\(run)")
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: site, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        return try await build(day: day, start: start, into: copy)
    }

    private static func historyEntries(_ site: URL) -> Int {
        guard
            let data = FileManager.default.contents(
                atPath: site.appendingPathComponent("bench-park/history.json").path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let entries = object["entries"] as? [Any]
        else { return 0 }
        return entries.count
    }
}
