import Foundation
import GazetteTestSupport
import ReportFacts
import Localization
import XCTest
@testable import GazetteCore
@testable import Jobs
@testable import SiteBuild
import Reports
import Rendering

/// Builds split into shards and merged: the same site as one build, and clear errors when the
/// parts do not make a whole.
final class ShardTests: XCTestCase {
    /// 45 reports, nine of each demo report (every kind), under their own titles.
    private func bigJob(into output: URL) -> Job {
        let demo = DemoJob.make(output: output, now: TestSupport.fixedNow)
        var reports: [ReportSpec] = []
        for copy in 1...9 {
            for spec in demo.reports {
                var report = spec
                report.title = "\(spec.resolvedTitle) \(copy)"
                reports.append(report)
            }
        }
        return Job(title: "Many reports", output: output, reports: reports)
    }

    /// Chart files shared by every build of a test (the copies draw the same charts): the tests
    /// build the same reports many times, and what the cache gives is byte-identical anyway.
    private let chartCache = TestSupport.temporaryFolder()

    private func build(
        _ job: Job, shard: Shard? = nil, output: URL? = nil, locale: String? = nil, language: String? = nil,
        now: Date = TestSupport.fixedNow, templates: URL? = nil
    ) async -> BuildResult {
        var job = job
        if let output { job.output = output }
        var options = BuildOptions(now: now, jobs: 2, templatesFolder: templates)
        options.shard = shard
        options.readers.locale = locale.map { try! ReaderLocale($0) }
        options.readers.language = language
        options.cacheFolder = chartCache
        // As `gazette build --summary` asks: every report's headline and summary in the result.
        options.completeOutcomes = true
        return await Pipeline(job: job, options: options).run()
    }

    private func parts(of job: Job, count: Int, in folder: URL) async -> [URL] {
        var parts: [URL] = []
        for index in 0..<count {
            let part = folder.appendingPathComponent("part-\(index)")
            let result = await build(job, shard: Shard(index: index, count: count)!, output: part)
            XCTAssertEqual(result.fatal, nil)
            parts.append(part)
        }
        return parts
    }

    func testMergedPartsEqualASingleBuildForOneThreeAndSevenShards() async throws {
        let folder = TestSupport.temporaryFolder()
        let single = folder.appendingPathComponent("single")
        let job = bigJob(into: single)
        XCTAssertGreaterThanOrEqual(job.reports.count, 40)
        XCTAssertEqual(Set(job.reports.map(\.kind)), Set(ReportKind.allCases))
        let whole = await build(job)
        XCTAssertEqual(whole.exitCode, 0)
        for count in [1, 3, 7] {
            let parts = await parts(of: job, count: count, in: folder.appendingPathComponent("parts-\(count)"))
            // Every report is in exactly one part.
            let held = parts.flatMap { part in
                (try? FileManager.default.contentsOfDirectory(atPath: part.path))?.filter { !$0.hasSuffix(".json") }
                    ?? []
            }
            XCTAssertEqual(held.count, job.reports.count)
            let merged = folder.appendingPathComponent("merged-\(count)")
            let result = await Merge(parts: parts.reversed(), output: merged, jobs: 2).run()
            XCTAssertEqual(result.exitCode, 0, result.summaryLine)
            XCTAssertEqual(result.siteTitle, "Many reports")
            XCTAssertEqual(
                result.reports.map(\.headline), whole.reports.map(\.headline), "the summaries see what a build sees")
            TestSupport.assertSameTree(single, merged)
        }
    }

    /// A merge says the front page in the parts' language: German words with Swiss formats, as
    /// the single build.
    func testMergedPartsSpeakTheLanguageTheShardsSpoke() async throws {
        let folder = TestSupport.temporaryFolder()
        let single = folder.appendingPathComponent("single")
        let job = DemoJob.make(output: single, now: TestSupport.fixedNow)
        let whole = await build(job, locale: "fr-CH", language: "de")
        XCTAssertEqual(whole.exitCode, 0)
        var parts: [URL] = []
        for index in 0..<2 {
            let part = folder.appendingPathComponent("part-\(index)")
            let result = await build(
                job, shard: Shard(index: index, count: 2)!, output: part, locale: "fr-CH", language: "de")
            XCTAssertEqual(result.fatal, nil)
            parts.append(part)
        }
        let merged = folder.appendingPathComponent("merged")
        let result = await Merge(parts: parts, output: merged, jobs: 2).run()
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        TestSupport.assertSameTree(single, merged)
        let front = TestSupport.read(merged.appendingPathComponent("index.html"))
        XCTAssertTrue(front.contains("<html lang=\"de\">"))
        XCTAssertTrue(front.contains(">Zum Inhalt springen</a>"), "German words")
    }

    func testAMissingOrRepeatedShardOrAPartOfAnotherJobIsAUsageError() async throws {
        let folder = TestSupport.temporaryFolder()
        let job = DemoJob.make(output: folder.appendingPathComponent("unused"), now: TestSupport.fixedNow)
        let parts = await parts(of: job, count: 3, in: folder)
        let output = folder.appendingPathComponent("site")

        let missing = await Merge(parts: [parts[0], parts[2]], output: output).run()
        XCTAssertEqual(missing.exitCode, 64)
        XCTAssertEqual(missing.fatal?.message, "missing shard 2/3: every shard of the job must be merged")

        let repeated = await Merge(parts: [parts[0], parts[1], parts[2], parts[1]], output: output).run()
        XCTAssertEqual(repeated.exitCode, 64)
        XCTAssertEqual(repeated.fatal?.message, "shard 2/3 is given twice (\(parts[1].path), \(parts[1].path))")

        var other = job
        other.title = "Another site"
        let foreign = folder.appendingPathComponent("foreign")
        _ = await build(other, shard: Shard(index: 1, count: 3), output: foreign)
        let mixed = await Merge(parts: [parts[0], foreign, parts[2]], output: output).run()
        XCTAssertEqual(mixed.exitCode, 64)
        XCTAssertEqual(mixed.fatal?.location, .file(foreign.path))
        XCTAssertTrue(
            mixed.fatal?.message.hasPrefix("this part belongs to another job") == true, mixed.fatal?.message ?? "")
        XCTAssertTrue(
            mixed.fatal?.message.contains("it differs in the title (\"Another site\" here, \"\(job.title)\" there)")
                == true, mixed.fatal?.message ?? "")

        // Shards built on two clocks: the merge names both, as ISO 8601.
        let later = folder.appendingPathComponent("later")
        _ = await build(job, shard: Shard(index: 1, count: 3), output: later, now: TestSupport.fixedNow + 3600)
        let clocks = await Merge(parts: [parts[0], later, parts[2]], output: output).run()
        XCTAssertEqual(clocks.exitCode, 64)
        let iso = ISO8601DateFormatter()
        XCTAssertTrue(
            clocks.fatal?.message.contains(
                "the clock (\(iso.string(from: TestSupport.fixedNow + 3600)) here, \(iso.string(from: TestSupport.fixedNow)) there"
            ) == true, clocks.fatal?.message ?? "")

        let notAPart = await Merge(parts: [folder], output: output).run()
        XCTAssertEqual(notAPart.exitCode, 64)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "nothing is published")
    }

    /// 6 of issue 39: a part of a job whose templates or reports' options differ is refused
    /// naming the template files and the reports (by slug) that differ, not "the templates" or
    /// "the reports' options" alone.
    func testAMergeNamesTheTemplatesAndTheReportsThatDiffer() async throws {
        let folder = TestSupport.temporaryFolder()
        let job = DemoJob.make(output: folder.appendingPathComponent("unused"), now: TestSupport.fixedNow)
        let parts = await parts(of: job, count: 3, in: folder)
        let output = folder.appendingPathComponent("site")
        let manifests = try parts.map { part in
            try JSONDecoder().decode(
                PartManifest.self, from: Data(contentsOf: part.appendingPathComponent(PartManifest.fileName)))
        }
        XCTAssertEqual(manifests[0].reportKeys.count, job.reports.count, "a key per report of the whole job")
        let slug = try XCTUnwrap(manifests.flatMap(\.reports).first { $0.index == 2 }?.slug)

        let theme = folder.appendingPathComponent("theme")
        try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        let stale = try XCTUnwrap(TemplateLibrary.builtInFiles.first { $0.name == "stale-notice.mustache" })
        try (stale.text + "<!-- ours -->\n").write(
            to: theme.appendingPathComponent(stale.name), atomically: true, encoding: .utf8)
        let themed = folder.appendingPathComponent("themed")
        _ = await build(job, shard: Shard(index: 1, count: 3), output: themed, templates: theme)
        let templates = await Merge(parts: [parts[0], themed, parts[2]], output: output).run()
        XCTAssertEqual(templates.exitCode, 64)
        XCTAssertTrue(
            templates.fatal?.message.contains(
                "the templates stale-notice.mustache (give every shard the same --templates)") == true,
            templates.fatal?.message ?? "")

        var other = job
        other.reports[2].readers.timeZone = try! ReaderTimeZone("Europe/Berlin")
        let changed = folder.appendingPathComponent("changed")
        _ = await build(other, shard: Shard(index: 1, count: 3), output: changed)
        let options = await Merge(parts: [parts[0], changed, parts[2]], output: output).run()
        XCTAssertEqual(options.exitCode, 64)
        XCTAssertTrue(
            options.fatal?.message.hasSuffix("it differs in the options or inputs of the reports \"\(slug)\"") == true,
            options.fatal?.message ?? "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "nothing is published")
    }

    func testADifferenceNamesAFewAndCountsTheRest() {
        XCTAssertEqual(PartManifest.listed(["a"]), "a")
        XCTAssertEqual(PartManifest.listed(["a", "b", "c"]), "a, b and c")
        XCTAssertEqual(PartManifest.listed((1...8).map { "r\($0)" }), "r1, r2, r3, r4, r5 and 3 more")
        XCTAssertEqual(
            PartManifest.differingTemplates(
                "template a b.mustache 11\ntemplate c.mustache 22\ntemplate gone 33\n",
                "template a b.mustache 12\ntemplate c.mustache 22\ntemplate new 44\n"),
            ["a b.mustache", "gone", "new"])
    }

    /// A report that fails in its shard keeps its previous pages in the merged site, and the merge
    /// exits as the single build does: both compared on copies of the same earlier output.
    func testAReportThatFailedInItsShardKeepsItsPreviousPages() async throws {
        let folder = TestSupport.temporaryFolder()
        let input = folder.appendingPathComponent("alex.txt")
        TestSupport.writeFile("Oct 04 2017,Back Squat,1,10,175.0\nOct 03 2017,Back Squat,1,8,185.0\n", to: input)
        let demo = DemoJob.make(output: folder, now: TestSupport.fixedNow)
        var job = Job(
            title: "Site", output: folder.appendingPathComponent("single"),
            reports: demo.reports + [ReportSpec(kind: .workouts, title: "Alex", sources: [.file(input)])])
        let first = await build(job)
        XCTAssertEqual(first.exitCode, 0)
        let merged = folder.appendingPathComponent("merged")
        try FileManager.default.copyItem(at: job.output, to: merged)

        TestSupport.writeFile("Oct 04 2017,Back Squat,1,ten,175.0\n", to: input)
        let single = await build(job)
        XCTAssertEqual(single.exitCode, 1)
        let parts = await parts(of: job, count: 3, in: folder.appendingPathComponent("parts"))
        job.output = merged
        let result = await Merge(parts: parts, output: merged).run()
        XCTAssertEqual(result.exitCode, 1)
        XCTAssertEqual(result.reports.map(\.error), single.reports.map(\.error))
        TestSupport.assertSameTree(folder.appendingPathComponent("single"), merged)
        XCTAssertTrue(FileManager.default.fileExists(atPath: merged.appendingPathComponent("alex/index.html").path))
    }

    func testTheShardOfAReportDependsOnItsSlugAndTheCountOnly() {
        let slugs = (1...200).map { "athlete-\($0)" }
        let before = slugs.map { Shard.index(of: $0, count: 7) }
        // Another report added elsewhere moves no one.
        let after = (["coach"] + slugs).map { Shard.index(of: $0, count: 7) }
        XCTAssertEqual(Array(after.dropFirst()), before)
        // Every shard gets some of 200 reports.
        XCTAssertEqual(Set(before).count, 7)
        // Counted from 1, as Playwright's, Jest's and Vitest's --shard: 1/3 … 3/3.
        XCTAssertEqual(Shard("3/7"), Shard(index: 2, count: 7))
        XCTAssertEqual(Shard("1/3")?.description, "1/3")
        XCTAssertEqual(Shard("7/7"), Shard(index: 6, count: 7))
        XCTAssertNil(Shard("8/7"))
        XCTAssertNil(Shard("0/3"))
        XCTAssertTrue(Shard.problem(with: "0/3").hasPrefix("--shard counts from 1"))
        XCTAssertNil(Shard("-1/3"))
        XCTAssertNil(Shard("1/0"))
        XCTAssertNil(Shard("a/3"))
    }

    func testAutoReadsEachEngineAndNamesTheVariableThatIsWrong() throws {
        XCTAssertEqual(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "2"], shards: 4), Shard(index: 2, count: 4))
        XCTAssertEqual(
            try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "0", "GAZETTE_SHARDS": "3"], shards: nil),
            Shard(index: 0, count: 3))
        XCTAssertEqual(
            try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4"], shards: nil),
            Shard(index: 3, count: 4))
        XCTAssertEqual(
            try Shard.fromEnvironment(
                ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "4", "SLURM_ARRAY_TASK_COUNT": "2"],
                shards: nil), Shard(index: 1, count: 2))
        XCTAssertEqual(
            try Shard.fromEnvironment(["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "5"], shards: nil),
            Shard(index: 0, count: 5))

        func message(_ environment: [String: String], shards: Int? = nil) -> String {
            do {
                _ = try Shard.fromEnvironment(environment, shards: shards)
                return "no error"
            } catch {
                XCTAssertEqual(error.kind, .usage)
                return error.message
            }
        }
        XCTAssertTrue(message(["JOB_COMPLETION_INDEX": "1"]).contains("give --shards N or GAZETTE_SHARDS"))
        XCTAssertEqual(
            message(["JOB_COMPLETION_INDEX": "x", "GAZETTE_SHARDS": "3"]),
            "--shard auto: JOB_COMPLETION_INDEX is \"x\", not a whole number")
        XCTAssertEqual(message(["SLURM_ARRAY_TASK_ID": "1"]), "--shard auto: SLURM_ARRAY_TASK_COUNT is not set")
        XCTAssertTrue(
            message(["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "3"]).contains("CI_NODE_INDEX − 1 of CI_NODE_TOTAL) is -1"))
        XCTAssertEqual(
            message(["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "3"], shards: 4),
            "--shard auto: --shards 4 disagrees with CI_NODE_TOTAL 3")
        XCTAssertTrue(message([:]).hasPrefix("--shard auto: no engine's variables are set"))
    }

    /// 9 of issue 23: the command line counts shards from 1 and says so for `0/3`.
    func testTheCommandLineCountsShardsFromOne() throws {
        let folder = TestSupport.temporaryFolder()
        let zero = try TestSupport.run(
            try TestSupport.gazette(), ["build", "--shard", "0/3", "--output", folder.appendingPathComponent("p").path])
        XCTAssertEqual(zero.status, 64, zero.output)
        XCTAssertTrue(
            zero.output.contains(
                "--shard counts from 1, as Playwright's, Jest's and Vitest's do: the first of 3 is 1/3, not 0/3"),
            zero.output)
        for k in 1...3 {
            let part = try TestSupport.run(
                try TestSupport.gazette(),
                [
                    "build", "--shard", "\(k)/3", "--now", "1700000000", "-q",
                    "--output", folder.appendingPathComponent("part-\(k)").path
                ])
            XCTAssertEqual(part.status, 0, part.output)
        }
        let merged = try TestSupport.run(
            try TestSupport.gazette(),
            ["merge", "-q", "--output", folder.appendingPathComponent("site").path]
                + (1...3).map { folder.appendingPathComponent("part-\($0)").path })
        XCTAssertEqual(merged.status, 0, merged.output)
    }
}
