import Foundation
import GazetteKindTestSupport
import GazetteTestSupport
import XCTest
import GazetteCore
import Jobs
import SiteBuild
import Racing
import Reports

/// Helpers of the next-to-go tests: builds, report.json selections, invented feeds.
package enum NextToGoTest {
    package static func spec(_ source: Source, categories: [String] = [], maxAge: TimeInterval = 300) -> ReportSpec {
        ReportSpec(
            sources: [source],
            options: .nextToGo(
                NextToGoOptions(categories: categories.compactMap(RaceCategory.init(filterName:)), maxAge: maxAge)))
    }

    package static func sample(_ name: String, categories: [String] = []) throws -> ReportSpec {
        spec(.file(try TestSupport.sharedData(name)), categories: categories)
    }

    /// Builds one next-to-go report at `now` into a new folder; returns the result and the report folder.
    package static func build(_ spec: ReportSpec, now: Int64) async -> (result: BuildResult, folder: URL) {
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        let result = await TestSupport.build(
            [spec], output: output, now: Date(timeIntervalSince1970: TimeInterval(now)))
        return (result, output.appendingPathComponent("next-to-go"))
    }

    /// "Palermo R11" for each race of a selection in report.json.
    package static func selection(_ key: String, in folder: URL) throws -> [String] {
        let data = try TestSupport.reportDocument(folder.appendingPathComponent("report.json")).data.nextToGo()
        return try selection(key, in: data)
    }

    /// `now` of a next-to-go report.json: the build's time, Unix seconds.
    package static func reportNow(in folder: URL) throws -> Int {
        try TestSupport.reportDocument(folder.appendingPathComponent("report.json")).data.nextToGo().now
    }

    /// "Palermo R11" for each race of a selection of the report's data.
    package static func selection(_ key: String, in data: NextToGoReportData) throws -> [String] {
        try NextToGoData.selection(key, in: data)
    }

    /// The rows of a page that are not hidden: "Palermo R11 0s".
    package static func shownRows(_ html: String) -> [String] {
        rows(html).filter { !$0.hidden }.map(\.text)
    }

    package static func rows(_ html: String) -> [(text: String, hidden: Bool)] {
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

    package struct Race {
        package var meeting: String
        package var number: Int
        package var category: RaceCategory = .horse
        package var start: Int64

        package init(meeting: String, number: Int, category: RaceCategory = .horse, start: Int64) {
            self.meeting = meeting
            self.number = number
            self.category = category
            self.start = start
        }
    }

    /// A feed in the Neds shape for invented races.
    package static func feedJSON(_ races: [Race]) -> String {
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
    package static func races(_ meeting: String, count: Int, first: Int64, gap: Int64 = 300) -> [Race] {
        (0..<count).map { Race(meeting: meeting, number: $0 + 1, start: first + Int64($0) * gap) }
    }
}
