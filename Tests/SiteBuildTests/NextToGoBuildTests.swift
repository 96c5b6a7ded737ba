import Foundation
import GazetteBuildTestSupport
import GazetteKindTestSupport
import GazetteTestSupport
import XCTest
@testable import SiteBuild
import Racing
import Reports
@testable import GazetteCore
@testable import Jobs

/// Whole builds of next-to-go reports on the recorded samples (SPEC §1.2, §2, §6): report.json and
/// what the pages show (the rows a browser shows, the tabs, the sentences). The selections
/// themselves are checked on the report model (ReportsTests' NextToGoReportTests).
final class NextToGoBuildTests: XCTestCase {
    private let mixedNow: Int64 = 1_687_208_700

    func testTheMixedSampleSelectsTheSpecRaces() async throws {
        let (result, folder) = await NextToGoTest.build(
            try NextToGoTest.sample("nextraces_9_mixed.json"), now: mixedNow)
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        XCTAssertEqual(
            try NextToGoTest.selection("all", in: folder),
            ["Palermo R11", "Plainridge Racecourse R5", "Santiago R12", "Louisiana Downs R6", "Gavea R2"])
        XCTAssertEqual(
            try NextToGoTest.selection("selected", in: folder), try NextToGoTest.selection("all", in: folder),
            "no filter in the job means all")
        XCTAssertEqual(
            try NextToGoTest.selection("horse", in: folder),
            ["Palermo R11", "Santiago R12", "Louisiana Downs R6", "Gavea R2", "Prairie Meadows R3"])
        XCTAssertEqual(
            try NextToGoTest.selection("harness", in: folder), ["Plainridge Racecourse R5", "Plainridge Racecourse R7"])
        XCTAssertEqual(try NextToGoTest.selection("greyhound", in: folder), ["Manawatu R2"])

        let page = TestSupport.read(folder.appendingPathComponent("index.html"))
        XCTAssertEqual(
            NextToGoTest.shownRows(page),
            [
                "Palermo R11 0s", "Plainridge Racecourse R5 15m", "Santiago R12 16m",
                "Louisiana Downs R6 20m", "Gavea R2 25m"
            ])
        let horse = TestSupport.read(folder.appendingPathComponent("horse.html"))
        XCTAssertEqual(
            NextToGoTest.shownRows(horse),
            [
                "Palermo R11 0s", "Santiago R12 16m", "Louisiana Downs R6 20m",
                "Gavea R2 25m", "Prairie Meadows R3 45m"
            ])
    }

    func testARaceLeavesOneMinuteAfterItsStart() async throws {
        let (_, before) = await NextToGoTest.build(
            try NextToGoTest.sample("nextraces_9_mixed.json"), now: mixedNow + 59)
        XCTAssertEqual(try NextToGoTest.selection("horse", in: before).first, "Palermo R11")
        let page = TestSupport.read(before.appendingPathComponent("horse.html"))
        XCTAssertTrue(page.contains(">-59s</time>"), "a race that has jumped counts down below zero")
        XCTAssertTrue(page.contains("Palermo race 11, horse racing, started 59 seconds ago."))

        let (_, after) = await NextToGoTest.build(try NextToGoTest.sample("nextraces_9_mixed.json"), now: mixedNow + 60)
        XCTAssertEqual(
            try NextToGoTest.selection("horse", in: after),
            ["Santiago R12", "Louisiana Downs R6", "Gavea R2", "Prairie Meadows R3", "Palermo R13"])
        XCTAssertEqual(
            try NextToGoTest.selection("all", in: after).last, "Prairie Meadows R3", "Prairie Meadows R3 is fifth")
        XCTAssertFalse(
            TestSupport.read(after.appendingPathComponent("index.html")).contains("data-label=\"Palermo race 11,"),
            "a race gone at the build is not carried in the page")
    }

    func testTheJobsFilterIsTheIndexPageAndItsOwnTab() async throws {
        let spec = try NextToGoTest.sample("nextraces_9_mixed.json", categories: ["greyhound", "harness"])
        let (result, folder) = await NextToGoTest.build(spec, now: mixedNow)
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        XCTAssertEqual(
            try NextToGoTest.selection("selected", in: folder),
            ["Plainridge Racecourse R5", "Plainridge Racecourse R7", "Manawatu R2"])
        let page = TestSupport.read(folder.appendingPathComponent("index.html"))
        XCTAssertTrue(
            page.contains(#"<li><a href="index.html" aria-current="page">Harness &amp; greyhound</a></li>"#), page)
        XCTAssertTrue(page.contains(#"<li><a href="all.html">All</a></li>"#))
        XCTAssertFalse(
            page.contains("type=\"checkbox\"") || page.contains("ntg-filter"), "the tabs are the one filter control")
        XCTAssertTrue(page.contains("Showing harness and greyhound racing."))
        XCTAssertTrue(page.contains(#"<p class="ntg-status" role="status">Only 3 races left to go.</p>"#))
        XCTAssertEqual(NextToGoTest.rows(page).count, 3, "a page carries its own filter's races only")
        let all = TestSupport.read(folder.appendingPathComponent("all.html"))
        XCTAssertEqual(NextToGoTest.rows(all).count, 9, "every visible race is carried for the script")
        XCTAssertEqual(NextToGoTest.rows(all).filter(\.hidden).count, 4, "the races past the first five are held back")

        let horse = TestSupport.read(folder.appendingPathComponent("horse.html"))
        XCTAssertTrue(horse.contains(#"<li><a href="horse.html" aria-current="page">Horse</a></li>"#))
        XCTAssertTrue(horse.contains(#"<li><a href="index.html">Harness &amp; greyhound</a></li>"#))
    }

    func testRowsCarryTheIconTheLabelAndASentence() async throws {
        let (_, folder) = await NextToGoTest.build(
            try NextToGoTest.sample("nextraces_9_mixed.json"), now: mixedNow - 300)
        let page = TestSupport.read(folder.appendingPathComponent("index.html"))
        XCTAssertTrue(
            page.contains("Palermo race 11, horse racing, starts in 5 minutes."), "the issue's example sentence")
        XCTAssertTrue(page.contains(#"<span class="ntg-kind" aria-hidden="true"><svg class="ntg-glyph""#))
        XCTAssertTrue(page.contains(#"<span class="ntg-kind-name">Harness</span>"#))
        XCTAssertTrue(page.contains(#"<time class="ntg-countdown" datetime="2023-06-19T21:05:00Z">5m</time>"#))
        XCTAssertTrue(page.contains(#"<script src="../assets/countdown.js" defer></script>"#))
        XCTAssertTrue(page.contains(#"data-now="1687208400" data-built-at="21:00 UTC" data-limit="5""#))
        XCTAssertTrue(page.contains(#"<span class="ntg-name">1M Stakes</span>"#))
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: folder.deletingLastPathComponent().appendingPathComponent("assets/countdown.js").path))
    }

    func testIdsWithoutASummaryAreSkippedWithAWarning() async throws {
        let (result, folder) = await NextToGoTest.build(
            try NextToGoTest.sample("nextraces_7ids_6summaries.json"), now: mixedNow)
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        let data = try TestSupport.reportDocument(folder.appendingPathComponent("report.json")).data.nextToGo()
        XCTAssertEqual(data.visibleRaces, 6)
        XCTAssertEqual(data.skippedIDs.count, 1)
        XCTAssertEqual(result.reports[0].warnings.count, 1)
        XCTAssertTrue(result.reports[0].warnings[0].text.contains("has no summary"), result.reports[0].warnings[0].text)
        XCTAssertEqual(NextToGoTest.rows(TestSupport.read(folder.appendingPathComponent("all.html"))).count, 6)
    }

    func testAnInvalidBodyFailsNamingItsFirstFault() async throws {
        let path = try TestSupport.sharedData("nextraces_invalid_body.json").standardizedFileURL.path
        let (result, folder) = await NextToGoTest.build(
            try NextToGoTest.sample("nextraces_invalid_body.json"), now: mixedNow)
        XCTAssertEqual(result.exitCode, 1)
        let error = try XCTUnwrap(result.reports[0].error)
        guard case let .text(file, line, column, _, _) = error.location else { return XCTFail("\(error)") }
        XCTAssertEqual([file, String(line), String(column)], [path, "10", "17"])
        XCTAssertTrue(
            error.message.hasPrefix(
                "data.summaries.0f48a5a6-c68c-4114-ac08-7e5724dc5318.name: invalid JSON: the key \"name\" is given twice"
            ), error.message)
        XCTAssertTrue(
            TestSupport.read(folder.appendingPathComponent("index.html")).contains("given twice"),
            "the error page names the fault")
    }

    func testTiedStartsOrderByMeetingName() async throws {
        let (_, folder) = await NextToGoTest.build(
            try NextToGoTest.sample("nextraces_10_horse.json"), now: 1_699_077_300)
        let horse = try NextToGoTest.selection("horse", in: folder)
        XCTAssertEqual(horse, ["Alice Springs R2", "Dubbo R6", "Flemington R8", "Kranji R5", "Beaudesert R6"])
        let page = TestSupport.read(folder.appendingPathComponent("index.html"))
        XCTAssertEqual(
            NextToGoTest.shownRows(page),
            ["Alice Springs R2 0s", "Dubbo R6 1m", "Flemington R8 5m", "Kranji R5 5m", "Beaudesert R6 7m"])
    }

    func testReportJSONFollowsTheContract() async throws {
        let (_, folder) = await NextToGoTest.build(try NextToGoTest.sample("nextraces_9_mixed.json"), now: mixedNow)
        let document = try TestSupport.reportDocument(folder.appendingPathComponent("report.json"))
        XCTAssertEqual(document.kind, .nextToGo)
        XCTAssertEqual(document.generatedAt, Int(mixedNow))
        let data = try document.data.nextToGo()
        XCTAssertEqual(data.now, Int(mixedNow))
        XCTAssertEqual(Set(data.selections.keys), ["all", "horse", "harness", "greyhound", "selected"])
        let first = try XCTUnwrap(data.selections["all"]?.first)
        XCTAssertEqual(first.id, "1bdf5d35-0300-4e1e-8a2b-2cc331eda045")
        XCTAssertEqual(first.meeting, "Palermo")
        XCTAssertEqual(first.number, 11)
        XCTAssertEqual(first.name, "1M Stakes")
        XCTAssertEqual(first.category, "horse")
        XCTAssertEqual(first.start, 1_687_208_700)
        XCTAssertEqual(first.countdown, "0s")
        // Exactly the contract's keys for a race, no more.
        guard case let .sortedObject(fields) = try JSONTreeEncoder.value(of: first) else {
            return XCTFail("a race is an object")
        }
        XCTAssertEqual(Set(fields.map(\.key)), ["id", "meeting", "number", "name", "category", "start", "countdown"])
    }

    /// A feed whose races all went years ago is years-old data: past its error-after (an hour by
    /// default) the report is an error; with a long enough one it says the list is empty.
    func testAnEmptyListSaysSoAndWarnsOfStaleData() async throws {
        var spec = try NextToGoTest.sample("nextraces_9_mixed.json")
        let (expired, _) = await NextToGoTest.build(spec, now: 1_800_000_000)
        XCTAssertEqual(expired.exitCode, 1)
        XCTAssertTrue(expired.reports[0].error?.message.contains("No new data since") ?? false, expired.summaryLine)
        spec.fresh = Cadence(warnAfter: nil, errorAfter: 3650 * 86400)
        let (result, folder) = await NextToGoTest.build(spec, now: 1_800_000_000)
        XCTAssertEqual(result.exitCode, 0)
        XCTAssertTrue(result.reports[0].warnings.first?.text.contains("no race is still to go") ?? false)
        let page = TestSupport.read(folder.appendingPathComponent("index.html"))
        XCTAssertTrue(page.contains(#"<p class="ntg-status" role="status">No races left to go.</p>"#))
        XCTAssertEqual(NextToGoTest.rows(page).count, 0)
    }

    func testUnknownCategoriesShowOnlyUnfiltered() async throws {
        let feed = NextToGoTest.feedJSON([
            .init(meeting: "Alpha", number: 1, category: .other, start: 1000),
            .init(meeting: "Bravo", number: 2, category: .horse, start: 1100)
        ])
        let url = TestSupport.temporaryFolder().appendingPathComponent("feed.json")
        TestSupport.writeFile(feed, to: url)
        let (_, folder) = await NextToGoTest.build(NextToGoTest.spec(.file(url), categories: ["horse"]), now: 900)
        XCTAssertEqual(try NextToGoTest.selection("all", in: folder), ["Alpha R1", "Bravo R2"])
        XCTAssertEqual(try NextToGoTest.selection("selected", in: folder), ["Bravo R2"])
        let page = TestSupport.read(folder.appendingPathComponent("all.html"))
        XCTAssertTrue(page.contains("Alpha race 1, other racing, starts in 1 minute 40 seconds."))
        XCTAssertTrue(page.contains(#"<span class="ntg-kind-name">Other</span>"#))
    }

    func testInputTextIsEscaped() async throws {
        let feed = NextToGoTest.feedJSON([.init(meeting: "<b>Bad</b> & Co", number: 1, start: 1000)])
        let url = TestSupport.temporaryFolder().appendingPathComponent("feed.json")
        TestSupport.writeFile(feed, to: url)
        let (_, folder) = await NextToGoTest.build(NextToGoTest.spec(.file(url)), now: 900)
        let page = TestSupport.read(folder.appendingPathComponent("index.html"))
        XCTAssertFalse(page.contains("<b>Bad</b>"))
        XCTAssertTrue(page.contains("&lt;b&gt;Bad&lt;/b&gt; &amp; Co"))
    }

    func testTheDemoShowsFiveLiveRacesWheneverItIsBuilt() async throws {
        for now in [Int64(0), 1_687_208_700, 1_900_000_123] {
            let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
            let date = Date(timeIntervalSince1970: TimeInterval(now))
            var job = DemoJob.make(output: output, now: date)
            job.reports.removeAll { $0.kind != .nextToGo }  // the other demo reports are not under test here
            let result = await Pipeline(job: job, options: BuildOptions(now: date, jobs: 2)).run()
            let report = try XCTUnwrap(result.reports.first { $0.kind == .nextToGo })
            XCTAssertNil(report.error)
            XCTAssertEqual(report.warnings, [])
            let folder = output.appendingPathComponent(report.slug)
            XCTAssertEqual(
                try NextToGoTest.selection("selected", in: folder),
                ["Thornvale R3", "Wattle Creek R4", "Bluegum Raceway R7", "Millbrook R2", "Copper Flat R1"])
            let page = TestSupport.read(folder.appendingPathComponent("index.html"))
            XCTAssertEqual(
                NextToGoTest.shownRows(page),
                [
                    "Thornvale R3 -25s", "Wattle Creek R4 1m 35s", "Bluegum Raceway R7 4m 20s",
                    "Millbrook R2 13m", "Copper Flat R1 21m"
                ])
            XCTAssertGreaterThan(NextToGoTest.rows(page).count, 10, "more races for the script to reveal")
        }
    }

    func testTheSameInputsGiveTheSameBytes() async throws {
        let spec = try NextToGoTest.sample("nextraces_9_mixed.json", categories: ["horse"])
        let (firstResult, first) = await NextToGoTest.build(spec, now: mixedNow)
        let (secondResult, second) = await NextToGoTest.build(spec, now: mixedNow)
        // Two failed builds would compare equal too: both must have built the report.
        for result in [firstResult, secondResult] {
            XCTAssertNil(result.fatal)
            XCTAssertEqual(result.exitCode, 0)
            XCTAssertEqual(result.reports.map { $0.error == nil }, [true])
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: first.appendingPathComponent("index.html").path))
        XCTAssertEqual(TestSupport.snapshot(first), TestSupport.snapshot(second))
    }
}
