import Foundation
import XCTest
@testable import Publishing
import Racing
@testable import GazetteCore
@testable import Jobs
@testable import Reports

/// Helpers of the next-to-go tests: builds, report.json selections, invented feeds, a manual clock.
enum NextToGoTest {
    static func spec(_ source: Source, categories: [String] = [], maxAge: TimeInterval = 300) -> ReportSpec {
        ReportSpec(
            sources: [source],
            options: .nextToGo(
                NextToGoOptions(categories: categories.compactMap(RaceCategory.init(filterName:)), maxAge: maxAge)))
    }

    static func sample(_ name: String, categories: [String] = []) throws -> ReportSpec {
        spec(.file(try TestSupport.sharedData(name)), categories: categories)
    }

    /// Builds one next-to-go report at `now` into a new folder; returns the result and the report folder.
    static func build(_ spec: ReportSpec, now: Int64) async -> (result: BuildResult, folder: URL) {
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        let result = await TestSupport.build(
            [spec], output: output, now: Date(timeIntervalSince1970: TimeInterval(now)))
        return (result, output.appendingPathComponent("next-to-go"))
    }

    /// "Palermo R11" for each race of a selection in report.json.
    static func selection(_ key: String, in folder: URL) throws -> [String] {
        let json = try TestSupport.reportJSON(folder.appendingPathComponent("report.json"))
        let selections = try XCTUnwrap(json["selections"] as? [String: Any])
        let races = try XCTUnwrap(selections[key] as? [[String: Any]], "no selection \(key)")
        return races.map { "\($0["meeting"] as? String ?? "?") R\($0["number"] as? Int ?? -1)" }
    }

    /// The rows of a page that are not hidden: "Palermo R11 0s".
    static func shownRows(_ html: String) -> [String] {
        rows(html).filter { !$0.hidden }.map(\.text)
    }

    static func rows(_ html: String) -> [(text: String, hidden: Bool)] {
        html.components(separatedBy: "<li class=\"ntg-race").dropFirst().map { chunk in
            let head = chunk.prefix { $0 != ">" }
            func inner(_ cls: String) -> String {
                guard let start = chunk.range(of: "class=\"\(cls)\"") ?? chunk.range(of: "class=\"\(cls) ") else {
                    return ""
                }
                let after = chunk[start.upperBound...].drop { $0 != ">" }.dropFirst()
                return String(after.prefix { $0 != "<" })
            }
            return (
                "\(inner("ntg-meeting")) \(inner("ntg-number")) \(inner("ntg-countdown"))", head.contains(" hidden")
            )
        }
    }

    struct Race {
        var meeting: String
        var number: Int
        var category: RaceCategory = .horse
        var start: Int64
    }

    /// A feed in the Neds shape for invented races.
    static func feedJSON(_ races: [Race]) -> String {
        var summaries: [String: Any] = [:]
        for race in races {
            let id = "\(race.meeting.lowercased().replacingOccurrences(of: " ", with: "-"))-\(race.number)"
            summaries[id] =
                [
                    "race_id": id,
                    "race_name": "\(race.meeting) race \(race.number)",
                    "race_number": race.number,
                    "meeting_name": race.meeting,
                    "category_id": race.category.categoryID ?? "00000000-0000-0000-0000-000000000000",
                    "advertised_start": ["seconds": race.start]
                ] as [String: Any]
        }
        let body: [String: Any] = [
            "status": 200, "data": ["next_to_go_ids": Array(summaries.keys), "race_summaries": summaries],
            "message": "test"
        ]
        let data = try! JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// `count` horse races at `meeting`, starting at `first` and every `gap` seconds after.
    static func races(_ meeting: String, count: Int, first: Int64, gap: Int64 = 300) -> [Race] {
        (0..<count).map { Race(meeting: meeting, number: $0 + 1, start: first + Int64($0) * gap) }
    }
}

/// A clock the test moves: sleeping jumps straight to the deadline.
final class ManualClock: WatchClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ seconds: Int64) {
        current = Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    var seconds: Int64 {
        Int64(now().timeIntervalSince1970)
    }

    func now() -> Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func set(_ seconds: Int64) {
        lock.lock()
        current = Date(timeIntervalSince1970: TimeInterval(seconds))
        lock.unlock()
    }

    func sleep(until deadline: Date) async -> Bool {
        advance(to: deadline)
        return !Task.isCancelled
    }

    private func advance(to deadline: Date) {
        lock.lock()
        if deadline > current { current = deadline }
        lock.unlock()
    }
}

/// Lines a watch reported, by channel.
final class ReportedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [(channel: String, text: String)] = []

    var reporter: Reporter {
        Reporter(
            progress: { self.add("progress", $0) }, warning: { self.add("warning", $0) },
            error: { self.add("error", $0) })
    }

    func add(_ channel: String, _ text: String) {
        lock.lock()
        lines.append((channel, text))
        lock.unlock()
    }

    func all(_ channel: String) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines.filter { $0.channel == channel }.map(\.text)
    }
}
