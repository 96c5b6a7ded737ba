import Foundation
import GazetteTestSupport
import XCTest

/// Weekly volume, stalls and RPE-aware estimates through the binary (issue 54), on logs worked
/// out by hand: Brzycki, w × 36 / (37 − r); volume = sets × reps × weight; 1 lb = 0.45359237 kg.
final class LiftingProgressCommandTests: XCTestCase {
    private var folder: URL!
    private var environment: [String: String] = [:]

    override func setUpWithError() throws {
        folder = TestSupport.temporaryFolder()
        environment = TestSupport.environmentWithOwnCache()
    }

    private func write(_ text: String, _ name: String) {
        TestSupport.writeFile(text, to: folder.appendingPathComponent(name))
    }

    private func build(_ arguments: [String], now: String = "2024-03-10T12:00:00Z") throws -> String {
        let result = try TestSupport.run(
            try TestSupport.gazette(), ["build"] + arguments + ["--now", now, "--output", "site", "--quiet"],
            environment: environment, in: folder)
        XCTAssertEqual(result.status, 0, result.output)
        return result.output
    }

    private func read(_ path: String) -> String {
        TestSupport.read(folder.appendingPathComponent("site/" + path))
    }

    private func json(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("site/" + path)))
            as! [String: Any]
    }

    private func job(_ options: String = "") {
        write(
            """
            reports:
              - kind: workouts
                title: Lifts
                input: log.txt
            \(options)
            """, "job.yml")
    }

    // MARK: Weekly volume

    /// Week 2024-W01 (Monday 1 January): bench 3 × 5 × 100 + 2 × 3 × 110 = 1,500 + 660 = 2,160 lb
    /// over 5 sets, squat 1 × 5 × 200 = 1,000 lb; W02: bench 1 × 8 × 80.5 = 644 lb. The athlete:
    /// W01 3,160 lb over 6 sets, W02 644 lb. 31 December 2024 is in 2025-W01.
    private static let volumeLog = """
        Jan 01 2024,Bench Press,3,5,100
        Jan 03 2024,Bench Press,2,3,110
        Jan 03 2024,Squat,1,5,200
        Jan 08 2024,Bench Press,1,8,80.5
        Dec 31 2024,Squat,1,1,10

        """

    private func weeks(_ list: Any?) -> [String] {
        (list as! [[String: Any]]).map { "\($0["week"] as! String) \($0["volume"] as! Double) \($0["sets"] as! Int)" }
    }

    func testWeeklyVolumeInPoundsAndKilograms() throws {
        write(Self.volumeLog, "log.txt")
        job()
        try build(["job.yml"])
        let pounds = try json("lifts/report.json")
        let exercises = pounds["exercises"] as! [[String: Any]]
        XCTAssertEqual(weeks(exercises[0]["weeklyVolume"]), ["2024-W01 2160.0 5", "2024-W02 644.0 1"])
        XCTAssertEqual(weeks(exercises[1]["weeklyVolume"]), ["2024-W01 1000.0 1", "2025-W01 10.0 1"])
        XCTAssertEqual(
            weeks(pounds["weeklyVolume"]), ["2024-W01 3160.0 6", "2024-W02 644.0 1", "2025-W01 10.0 1"])

        job("    unit: kg\n    weights-in: lb")
        try build(["job.yml"])
        let kilograms = try json("lifts/report.json")
        let bench = (kilograms["exercises"] as! [[String: Any]])[0]["weeklyVolume"] as! [[String: Any]]
        // 2,160 lb × 0.45359237 = 979.7595 kg; 644 lb = 292.1135 kg.
        XCTAssertEqual(bench[0]["volume"] as! Double, 2160 * 0.45359237, accuracy: 1e-9)
        XCTAssertEqual(bench[1]["volume"] as! Double, 644 * 0.45359237, accuracy: 1e-9)
        let page = read("lifts/bench-press.html")
        XCTAssertTrue(page.contains("Weekly volume"), page)
        XCTAssertTrue(page.contains("979 kg"), "the week's volume truncated to whole units, as every figure")
    }

    // MARK: Long logs

    /// Three years: Mon 29 Jan 2024 (Thursday 1 Feb) counts in February; Mon 30 Dec 2024 (Thursday
    /// 2 Jan 2025) in January 2025. Squat 1 × 5 × 100 = 500, 2 × 5 × 100 = 1,000, 1 × 1 × 300 = 300,
    /// 1 × 2 × 50 = 100, 1 × 10 × 20 = 200. Weeks from 2024-W01 to 2027-W01: more than two years.
    private static let threeYears = """
        Jan 01 2024,Squat,1,5,100
        Jan 29 2024,Squat,2,5,100
        Jan 01 2025,Squat,1,1,300
        Jan 05 2025,Squat,1,2,50
        Jan 04 2027,Squat,1,10,20

        """

    func testAThreeYearLogIsAddedUpByMonthOnThePageAndWeekByWeekInTheData() throws {
        write(Self.threeYears, "log.txt")
        job()
        try build(["job.yml"], now: "2027-01-10T12:00:00Z")
        let page = read("lifts/squat.html")
        XCTAssertTrue(page.contains("<h2 id=\"volume-title\">Monthly volume</h2>"), page)
        XCTAssertFalse(page.contains("Weekly volume"))
        let rows = tableRows(page)
        XCTAssertEqual(rows, ["Jan 2027 200 1", "Jan 2025 400 2", "Feb 2024 1,000 2", "Jan 2024 500 1"])
        XCTAssertTrue(page.contains("Monthly volume of Squat, newest month first"))
        let overview = read("lifts/index.html")
        XCTAssertTrue(overview.contains("each week counts whole in the month of its Thursday"), overview)
        // The chart is written into its page, the one page that shows it: no file of its own.
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("lifts/charts/squat--volume.svg").path)
        )
        XCTAssertTrue(page.contains("<title>Squat: monthly volume</title>"), page)
        XCTAssertTrue(page.contains("4 training months from Jan 2024 to Jan 2027"), page)
        // report.json keeps every ISO week, so the months add up weeks a reader can check.
        let data = try json("lifts/report.json")
        XCTAssertEqual(
            weeks(data["weeklyVolume"]),
            ["2024-W01 500.0 1", "2024-W05 1000.0 2", "2025-W01 400.0 2", "2027-W01 200.0 1"])
    }

    /// Eleven years and more: a bar a year, each week in its Thursday's year.
    func testALogOverADecadeIsAddedUpByYear() throws {
        write(
            """
            Jan 02 2012,Squat,1,5,100
            Dec 31 2012,Squat,1,5,100
            Jan 02 2024,Squat,1,1,300

            """, "log.txt")
        job()
        try build(["job.yml"], now: "2024-01-10T12:00:00Z")
        let page = read("lifts/squat.html")
        XCTAssertTrue(page.contains("<h2 id=\"volume-title\">Yearly volume</h2>"), page)
        // Mon 31 Dec 2012's Thursday is 3 Jan 2013.
        XCTAssertEqual(tableRows(page), ["2024 300 1", "2013 500 1", "2012 500 1"])
    }

    /// The volume table's rows as text: its row header and cells, newest first.
    private func tableRows(_ page: String) -> [String] {
        guard let start = page.range(of: "id=\"volume-title\"") else { return [] }
        let rest = page[start.upperBound...]
        guard let body = rest.range(of: "<tbody>"), let end = rest.range(of: "</tbody>") else { return [] }
        return rest[body.upperBound..<end.lowerBound].components(separatedBy: "</tr>").compactMap { row in
            let text = row.replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression)
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return text.isEmpty ? nil : text
        }
    }

    // MARK: Stalls

    /// Bench: a best of 100 × 5 (112.5) on Monday 1 January, then 90 × 5 (101.25) every Monday;
    /// squat: a new best every week.
    private func stallLog(until last: Int) -> String {
        var lines = ["Jan 01 2024,Bench Press,1,5,100", "Jan 01 2024,Squat,1,5,100"]
        for week in 1...last {
            let day = CivilDay(dayOfYear: 1 + 7 * week)
            lines.append("\(day),Bench Press,1,5,90")
            lines.append("\(day),Squat,1,5,\(100 + 5 * week)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func testAStallIsNamedWhenItBeginsOnTheCardInTheMessageAndInTheData() throws {
        job()
        // Seven weeks and seven sessions after the best: no stall yet.
        write(stallLog(until: 7), "log.txt")
        try build(["job.yml", "--email"], now: "2024-02-20T12:00:00Z")
        XCTAssertTrue((try json("lifts/report.json")["exercises"] as! [[String: Any]])[0]["stalledSince"] is NSNull)
        XCTAssertFalse(read("lifts/bench-press.html").contains(#"class="stall""#))

        // Nine weeks (1 January to 4 March) and nine sessions after it: stalled.
        write(stallLog(until: 9), "log.txt")
        try build(["job.yml", "--email"], now: "2024-03-05T12:00:00Z")
        let sentence = "Bench Press: no new best in 9 weeks, 9 sessions"
        let exercises = try json("lifts/report.json")["exercises"] as! [[String: Any]]
        XCTAssertEqual(exercises[0]["stalledSince"] as? String, "2024-01-01")
        XCTAssertTrue(exercises[1]["stalledSince"] is NSNull, "the squat rose every week")
        XCTAssertTrue(
            read("lifts/index.html").contains(
                #"<p class="change">New best 1RM since 20 February 2024: Squat 163 lb (+12); New rep record: Squat 5 × 145 lb; \#(sentence)</p>"#
            ), read("lifts/index.html"))
        let short = "No new best in 9 weeks, 9 sessions"
        XCTAssertTrue(read("lifts/bench-press.html").contains(#"<p class="stall">\#(short)</p>"#))
        XCTAssertTrue(read("lifts/index.html").contains(#"<p class="stall stall-compact">\#(short)</p>"#))
        XCTAssertTrue(read("index.html").contains("Stalled: Bench Press"), "the front page's card")
        let message = read("lifts/report.eml")
        XCTAssertTrue(message.contains(sentence), "the e-mail says it")
    }

    func testTheStallsThresholdsAreTheJobsOptions() throws {
        write(stallLog(until: 9), "log.txt")
        job("    stall-sessions: 10")
        try build(["job.yml"])
        XCTAssertTrue((try json("lifts/report.json")["exercises"] as! [[String: Any]])[0]["stalledSince"] is NSNull)
        job("    stall-weeks: 4\n    stall-sessions: 4")
        try build(["job.yml"])
        XCTAssertEqual(
            (try json("lifts/report.json")["exercises"] as! [[String: Any]])[0]["stalledSince"] as? String,
            "2024-01-01")
        XCTAssertTrue(read("lifts/bench-press.html").contains("No new best in 9 weeks, 9 sessions"))
    }

    // MARK: RPE

    /// Strong in kg with an RPE column. 4 March: 50 × 5 at RPE 8.5 leaves 1 rep, so 6 reps:
    /// 50 × 36 / 31 = 58.06 (52.5 × 3, no RPE: 55.59). 11 March: 50 × 10 at RPE 6 leaves 4, 14
    /// reps capped at 12: 50 × 36 / 25 = 72. Without RPE: 56.25 and 66.67.
    private static let strongWithRPE = """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
        2024-03-04 18:00:00,"Push",45m,"Overhead Press",1,50,5,0,0,"","",8.5
        2024-03-04 18:00:00,"Push",45m,"Overhead Press",2,52.5,3,0,0,"","",
        2024-03-11 18:00:00,"Push",45m,"Overhead Press",1,50,10,0,0,"","",6

        """

    private func days() throws -> [Double] {
        let exercise = (try json("lifts/report.json")["exercises"] as! [[String: Any]])[0]
        return (exercise["days"] as! [[String: Any]]).map { $0["oneRepMax"] as! Double }
    }

    func testTheRepsInReserveCountTowardTheEstimateUnlessTurnedOff() throws {
        write(Self.strongWithRPE, "log.txt")
        job("    weights-in: kg")
        try build(["job.yml"], now: "2024-03-12T12:00:00Z")
        let withRPE = try days()
        XCTAssertEqual(withRPE[0], 50 * 36 / 31.0, accuracy: 1e-9)
        XCTAssertEqual(withRPE[1], 72, accuracy: 1e-9)
        let page = read("lifts/overhead-press.html")
        XCTAssertTrue(page.contains(#"<span class="set-part muted">· RPE 6</span>"#), page)
        XCTAssertTrue(page.contains(#"<span class="set-part muted">· RPE 8.5</span>"#), page)

        // The record book is about reps done: 50 kg at 5 and at 10 reps, not at 6 or 12.
        let book = ((try json("lifts/report.json")["exercises"] as! [[String: Any]])[0]["repMaxes"] as! [[String: Any]])
            .map { "\($0["reps"] as! Int) \($0["weight"] as! Double)" }
        XCTAssertEqual(book, ["3 52.5", "5 50.0", "10 50.0"])

        job("    weights-in: kg\n    rpe-estimates: false")
        try build(["job.yml"], now: "2024-03-12T12:00:00Z")
        let without = try days()
        XCTAssertEqual(without[0], 56.25, accuracy: 1e-9)
        XCTAssertEqual(without[1], 50 * 36 / 27.0, accuracy: 1e-9)
        XCTAssertFalse(read("lifts/overhead-press.html").contains("RPE"))
    }

    // MARK: A record alone

    /// The second build adds 60 × 12 (86.4, under the best 112.5): a count first lifted, no new best.
    func testABuildWhoseOnlyNewsIsARecordSaysSoInTheSubject() throws {
        write("Jan 01 2024,Bench Press,1,5,100\n", "log.txt")
        job()
        try build(["job.yml", "--email"], now: "2024-01-02T12:00:00Z")
        write("Jan 01 2024,Bench Press,1,5,100\nJan 08 2024,Bench Press,1,12,60\n", "log.txt")
        try build(["job.yml", "--email"], now: "2024-01-09T12:00:00Z")
        XCTAssertTrue(
            read("lifts/index.html").contains(
                #"<p class="change">No new best 1RM since 2 January 2024; New rep record: Bench Press 12 × 60 lb</p>"#),
            read("lifts/index.html"))
        let head = read("lifts/report.eml").components(separatedBy: "\r\n\r\n")[0].components(separatedBy: "\r\n")
        let start = try XCTUnwrap(head.firstIndex { $0.hasPrefix("Subject: ") })
        let subject = MIMEReader.decodeWords(
            ([String(head[start].dropFirst("Subject: ".count))] + head[(start + 1)...].prefix { $0.hasPrefix(" ") })
                .joined(separator: "\r\n"))
        XCTAssertEqual(subject, "1 new rep record — Lifts", "the subject says the record")
        XCTAssertTrue(
            read("lifts/bench-press.html").contains(#"12 <span class="badge badge-new">New</span>"#),
            "marked in the book")
    }

    /// An RPE cell that is no number is no effort: the set is estimated from its reps.
    func testAnRPEThatIsNoNumberIsNoEffort() throws {
        write(
            """
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
            2024-03-04 18:00:00,"Push",45m,"Overhead Press",1,50,5,0,0,"","",hard

            """, "log.txt")
        job("    weights-in: kg")
        try build(["job.yml"], now: "2024-03-12T12:00:00Z")
        XCTAssertEqual(try days(), [56.25])
        XCTAssertFalse(read("lifts/overhead-press.html").contains("RPE"))
    }
}

/// A day of 2024 written as the line format writes it (`Jan 08 2024`).
private struct CivilDay: CustomStringConvertible {
    var dayOfYear: Int

    var description: String {
        let months = ["Jan", "Feb", "Mar", "Apr"]
        let lengths = [31, 29, 31, 30]
        var day = dayOfYear
        var month = 0
        while day > lengths[month] {
            day -= lengths[month]
            month += 1
        }
        return "\(months[month]) \(day < 10 ? "0" : "")\(day) 2024"
    }
}
