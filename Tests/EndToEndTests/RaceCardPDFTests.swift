import Foundation
import XCTest
import GazetteKindTestSupport
import GazetteTestSupport
@testable import SiteBuild
@testable import GazetteCore
@testable import Jobs
import Racing
@testable import Reports

/// The race card's `report.pdf` as its reader meets it, read back with pdftotext (poppler-utils):
/// every race with every runner in the card's order, with odds and form, and page breaks that
/// never leave one or two rows of a race's table alone on a page.
final class RaceCardPDFTests: XCTestCase {
    private struct Printed {
        /// pdftotext -layout's text, one string per page.
        let pages: [String]
        var text: String { pages.joined(separator: "\n") }
    }

    private func pdf(_ json: String, title: String = "Card") async throws -> Printed {
        let pdftotext = try ToolOnPath.require("pdftotext")
        let output = TestSupport.temporaryFolder().appendingPathComponent("site")
        var options = BuildOptions(now: TestSupport.fixedNow, seed: 3, jobs: 2)
        options.switches.insert("pdf")
        let job = Job(
            title: "Racing", output: output,
            reports: [
                ReportSpec(
                    kind: .raceCard, title: title, sources: [.embedded(name: "card.json", bytes: Array(json.utf8))])
            ])
        let result = await Pipeline(job: job, options: options).run()
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        let file = output.appendingPathComponent("\(result.reports[0].slug)/report.pdf").path
        let run = try TestSupport.run(pdftotext, ["-layout", file, "-"])
        XCTAssertEqual(run.status, 0, run.output)
        return Printed(
            pages: run.output.components(separatedBy: "\u{0C}").filter {
                !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            })
    }

    /// The PDF's line for a ride: cloth number, horse, odds, then the form where the card has one.
    private func pattern(_ ride: Ride, nonRunner: Bool) -> String {
        let name = NSRegularExpression.escapedPattern(for: ride.horse.name + (nonRunner ? " (non-runner)" : ""))
        let odds = NSRegularExpression.escapedPattern(for: RaceCardFormat.odds(ride.odds, .standard))
        let form = NSRegularExpression.escapedPattern(for: RaceCardFormat.form(ride.form))
        return #"(?m)^\s*\#(ride.cloth)\s+\#(name)\s+\#(odds)\s+\S+\s+\#(form)\s"#
    }

    func testEveryRunnerOfTheDemoCardIsPrintedInOrderWithOddsAndForm() async throws {
        let json = DemoRaceCard.json(now: 1_700_000_000)
        let printed = try await pdf(json)
        let races = try RaceCardReaders.decode(Data(json.utf8), format: nil, timeZone: "UTC").racesInStartOrder
        XCTAssertEqual(races.count, 8)
        let text = printed.text
        var cursor = text.startIndex
        var rides = 0
        for race in races {
            let heading = try XCTUnwrap(
                text.range(
                    of: "Runners of \(RaceCardFormat.heading(race)), by cloth number", range: cursor..<text.endIndex),
                "\(RaceCardFormat.heading(race)): no runners' table after the previous race")
            cursor = heading.upperBound
            for (ride, nonRunner) in race.byCloth.map({ ($0, false) }) + race.nonRunners.map({ ($0, true) }) {
                let found = text.range(
                    of: pattern(ride, nonRunner: nonRunner), options: .regularExpression, range: cursor..<text.endIndex)
                guard let found else {
                    return XCTFail(
                        "\(RaceCardFormat.heading(race)): \(ride.cloth) \(ride.horse.name) not printed in order")
                }
                cursor = found.upperBound
                rides += 1
            }
        }
        XCTAssertEqual(rides, races.reduce(0) { $0 + $1.rides.count })
        XCTAssertTrue(text.contains("Captain Juniper (non-runner)"), "the demo's non-runner is marked")
        XCTAssertNotNil(
            text.range(of: #"Featured: \d\d:\d\d UTC Kestrel Downs"#, options: .regularExpression),
            "the featured race stays")
        XCTAssertTrue(text.contains("Market: "), "with its market chart")
        XCTAssertFalse(text.contains("…"), "no text is cut short, in the tiles or the tables")
        XCTAssertEqual(printed.pages.count, 4)
    }

    /// Races of 2 to 40 runners: the long ones run over pages; every page holds at least three rows
    /// of each race it shows (or the whole table of a race too small for that), and a table that
    /// continues says so under its header.
    func testNoPageStartsOrEndsWithARemnantOfARace() async throws {
        let fields = [2, 9, 40, 5, 7, 26, 4, 33, 6, 12, 3]
        let races = fields.enumerated().map { race, field in
            RaceCardJSON.race(
                name: "Field Stakes \(race + 1)", time: String(format: "%02d:%02d", 12 + race / 2, race % 2 * 30),
                rides: (1...field).map { RaceCardJSON.ride($0, "R\(race + 1) Runner \($0)", odds: "\($0 + 1)/1") })
        }
        let printed = try await pdf(RaceCardJSON.card(races))
        XCTAssertGreaterThan(printed.pages.count, 5)
        var seen = [Int](repeating: 0, count: fields.count)
        for (number, page) in printed.pages.enumerated() {
            var rows: [Int: Int] = [:]
            for line in page.split(separator: "\n") {
                // A table row has the odds before the chance; the featured race's market chart the other way round.
                guard
                    let match = line.range(
                        of: #"^\s*\d+\s+R(\d+) Runner \d+\s+\d+/1\s+[\d.]+%\s"#, options: .regularExpression)
                else { continue }
                let race = Int(line[match].split(separator: "R")[1].split(separator: " ")[0])! - 1
                rows[race, default: 0] += 1
            }
            for (race, count) in rows {
                seen[race] += count
                XCTAssertTrue(
                    count >= 3 || count == fields[race],
                    "page \(number + 1) holds \(count) of the \(fields[race]) rows of race \(race + 1)")
            }
        }
        XCTAssertEqual(seen, fields, "every runner printed once")
        XCTAssertTrue(printed.text.contains("by cloth number (continued)"), "a long race's table goes on over a page")
    }
}
