import Foundation
import GazetteTestSupport
import GazetteCore
import Jobs
import SiteBuild
import Reports
import XCTest

/// One whole build of a race-card report into a temporary folder, and ways to read it back.
package struct RaceCardSite {
    package let output: URL
    package let result: BuildResult
    /// The report's folder name (`race-card` for the default title).
    package var slug: String { result.reports[0].slug }

    /// Builds one race-card report from a file or from JSON text.
    package static func build(
        _ source: Source, seed: UInt64? = 7, now: Date = TestSupport.fixedNow,
        title: String? = nil
    ) async -> RaceCardSite {
        let output = TestSupport.temporaryFolder().appendingPathComponent("Output")
        let job = Job(
            title: "Race test site", output: output,
            reports: [ReportSpec(kind: .raceCard, title: title, sources: [source])])
        let result = await Pipeline(job: job, options: BuildOptions(now: now, seed: seed, jobs: 2)).run()
        return RaceCardSite(output: output, result: result)
    }

    package static func build(sample name: String, seed: UInt64? = 7, now: Date = TestSupport.fixedNow) async throws
        -> RaceCardSite
    {
        await build(.file(try TestSupport.sharedData(name)), seed: seed, now: now)
    }

    package static func build(json: String, seed: UInt64? = 7, now: Date = TestSupport.fixedNow) async -> RaceCardSite {
        await build(.embedded(name: "card.json", bytes: Array(json.utf8)), seed: seed, now: now)
    }

    /// The race-card keys of report.json, typed.
    package func reportData() throws -> RaceCardReportData {
        try TestSupport.reportDocument(output.appendingPathComponent("\(slug)/report.json")).data.raceCard()
    }

    /// `races` of report.json.
    package func races() throws -> [RaceCardReportData.Race] {
        try reportData().races
    }

    /// A page of the report, by its path inside the report's folder.
    package func page(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent("\(slug)/\(path)"), encoding: .utf8)
    }

    /// The page of race `index` (start order), found through report.json's `page` key.
    package func racePage(_ index: Int) throws -> String {
        try page(try races()[index].page)
    }

    /// Every file the build wrote, relative to the output folder.
    package var files: [String] { TestSupport.snapshot(output).keys.sorted() }
}

/// The body rows of the runners table `id` (`by-odds`, `by-form`, `by-cloth`) of a race page.
package func runnerRows(_ html: String, table id: String) -> [String] {
    guard let start = html.range(of: "<section class=\"ordering\" id=\"\(id)\""),
        let end = html.range(of: "</section>", range: start.upperBound..<html.endIndex),
        let body = html.range(of: "<tbody>", range: start.upperBound..<end.lowerBound)
    else { return [] }
    return html[body.upperBound..<end.lowerBound]
        .components(separatedBy: "\n")
        .filter { $0.hasPrefix("<tr") }
}
