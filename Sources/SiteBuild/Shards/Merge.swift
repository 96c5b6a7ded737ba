import Foundation
import GazetteCore
import Jobs
import Rendering
import ReportFacts
import Reports
import SiteOutput
import Localization

/// `gazette merge PART... --output DIR`: the parts of one job's shards made into the site a single
/// build would have written — byte for byte, manifest included — and published atomically.
///
/// The parts must name the same job and together hold every shard of one count exactly once. A
/// report that failed in its shard keeps its previous pages from the output (or gets its error
/// page), and the exit status is the one a single build would give.
public struct Merge: Sendable {
    public var parts: [URL]
    public var output: URL
    public var templatesFolder: URL?
    public var jobs: Int
    public var reporter: Reporter

    public init(
        parts: [URL], output: URL, templatesFolder: URL? = nil,
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        reporter: Reporter = .silent
    ) {
        self.parts = parts
        self.output = output
        self.templatesFolder = templatesFolder
        self.jobs = max(1, jobs)
        self.reporter = reporter
    }

    private struct Part {
        let folder: URL
        let manifest: PartManifest
        let files: SiteManifest
    }

    public func run() async -> BuildResult {
        var merge = self
        do {
            // An output named through a link is published into the folder it points to, as a build's.
            merge.output = try OutputLink.resolve(output)
        } catch {
            return BuildResult(reports: [], fatal: error, output: output)
        }
        let lock: FileLock
        do {
            lock = try OutputLock.take(output: merge.output) {
                reporter.warning("note: another build is writing \(merge.output.path); waiting for it to end")
            }
        } catch {
            return BuildResult(reports: [], fatal: error, output: output)
        }
        defer { lock.release() }
        return await merge.runSteps()
    }

    /// The build's own finishing steps, for the site the parts describe.
    private func finish(_ first: PartManifest) -> SiteFinish {
        SiteFinish(
            output: output, now: Date(timeIntervalSince1970: first.site.now), cardsPerPage: FrontPages.cardsPerPage,
            inPlace: false, usesSpare: true, workers: jobs, reporter: reporter,
            memory: nil)
    }

    /// A part-reading first step, then the build's steps with the reports gathered, not built.
    private func runSteps() async -> BuildResult {
        let hadOutput = FileManager.default.fileExists(atPath: output.path)
        var steps = BuildSteps(count: 5, reporter: reporter)
        var outcomes: [ReportOutcome] = []
        var title: String?
        var site: SiteFinish.Site?
        var fatal: BuildError?
        var siteWeight: SiteWeight?
        do {
            let (parts, library) = try await steps.step("read the parts") { () throws(BuildError) in
                try readParts()
            }
            let first = parts[0].manifest
            title = first.site.title
            let prepared = try await steps.step("prepare the output") { () throws(BuildError) in
                try prepare(parts, library: library)
            }
            site = prepared
            let built = try await steps.step("gather the reports") { () throws(BuildError) in
                try gatherReports(parts, into: prepared)
            }
            outcomes = built.outcomes
            let weight = try await steps.step("render the front page") { () throws(BuildError) in
                let finished = FinishedReports(entries: built.entries, ledger: prepared.record.ledger)
                // A merge makes every report's folder anew, so its front page is never the previous one.
                return try finish(first).renderFrontPage(finished, prepared).weight
            }
            siteWeight = weight
            try await steps.step("publish") { () throws(BuildError) in
                let slugs = outcomes.map(\.slug)
                try finish(first).publish(prepared, slugs: slugs, made: slugs, unchanged: false, weight: weight)
            }
        } catch {
            fatal = error
            if let site { site.publisher.discard(site.staging) }
        }
        var result = BuildResult(reports: outcomes, fatal: fatal, output: output)
        result.hadPreviousOutput = hadOutput
        result.siteTitle = title
        result.siteWeight = siteWeight
        return result
    }

    /// Every part read and checked: together they hold each report once, and they were built
    /// with the templates given.
    private func readParts() throws(BuildError) -> ([Part], TemplateLibrary) {
        let parts = try self.parts.map { folder throws(BuildError) in try Self.read(folder) }
        try Self.checkCoverage(parts.map { ($0.folder, $0.manifest) })
        let library = try TemplateLibrary(overrides: templatesFolder)
        guard SiteFingerprint.templatesKey(library) == parts[0].manifest.templates else {
            throw BuildError(
                .usage, .file(templatesFolder?.path ?? "Templates/"),
                "the parts were built with other templates: give merge the --templates the shards had")
        }
        return (parts, library)
    }

    /// The staging folder with the site's assets and static files, and the renderer of the front
    /// page in the parts' readers' conventions; a locale or time zone that cannot be read is the
    /// usage error a build gives, never a silent default.
    private func prepare(_ parts: [Part], library: TemplateLibrary) throws(BuildError) -> SiteFinish.Site {
        let first = parts[0].manifest.site
        let words = try library.words(for: first.language) ?? .english
        let templates = library.speaking(words)
        var facts: SiteFacts
        do {
            facts = try first.facts(speaking: words)
        } catch {
            throw BuildError(.usage, .file(parts[0].folder.path), error.description)
        }
        let settings = SiteSettings(
            facts: facts, selfContained: first.selfContained, switches: Set(first.switches ?? []),
            staticFiles: first.staticFiles)
        facts.alternates = SiteChannels.alternates(settings)
        var pages = PageRenderer(templates: templates, site: facts, workers: jobs)
        if first.selfContained { pages = try pages.standalone(.selfContained) }
        let publisher = Publisher(target: output)
        let staging = try publisher.begin()
        let site = SiteFinish.Site(
            renderer: pages, publisher: publisher, staging: staging, previous: .none(output),
            record: BuildRecord(ledger: try ReportLedger()), settings: settings, keys: nil)
        do {
            try SiteChannels.begin(settings, templates: templates, into: staging)
            try StaticFolder.copy(
                first.staticFiles.map {
                    StaticFolder.File(path: $0, source: parts[0].folder.appendingPathComponent($0))
                },
                into: staging)
        } catch {
            publisher.discard(staging)
            throw error
        }
        return site
    }

    /// Every report of every part into the staging folder, in the job's order.
    /// Each is kept as its entry and outcome only (its record is in the ledger).
    private func gatherReports(_ parts: [Part], into site: SiteFinish.Site) throws(BuildError)
        -> (entries: [FinishedReports.Entry], outcomes: [ReportOutcome])
    {
        let reports = parts.flatMap { part in part.manifest.reports.map { (part, $0) } }.sorted {
            $0.1.index < $1.1.index
        }
        var gathered: (entries: [FinishedReports.Entry], outcomes: [ReportOutcome]) = ([], [])
        for (part, report) in reports {
            let built = try gather(report, from: part, into: site)
            gathered.entries.append(FinishedReports.Entry(built))
            gathered.outcomes.append(built.outcome)
        }
        return gathered
    }

    /// One report into the staging folder: its part's files, each found with the size its record
    /// gives and taken by hard link (copied across file systems), or — when it failed in its
    /// shard — its previous pages or its error page. The part's record itself is checked against
    /// the part's manifest; no other file is read.
    private func gather(_ report: PartManifest.Report, from part: Part, into site: SiteFinish.Site)
        throws(BuildError) -> BuiltReport
    {
        let (staging, record, renderer) = (site.staging, site.record, site.renderer)
        if report.error == nil {
            guard let (gathered, _) = part.files.record(report.slug) else {
                throw BuildError(
                    .io, .file(part.folder.appendingPathComponent(ReportRecord.path(report.slug)).path),
                    "the part's record of this report is missing or differs from the part's manifest")
            }
            for file in gathered.files {
                let url = part.folder.appendingPathComponent(file.path)
                guard let stat = FileStat(path: url.path), stat.size == file.size,
                    let digest = FileDigest(hex: file.sha256)
                else {
                    throw BuildError(
                        .io, .file(url.path), "this file of the part is missing or differs from the part's record")
                }
                let found = Staging.VerifiedFile(source: url, size: file.size, digest: digest, stat: stat)
                try staging.adopt(file.path, found)
            }
            try ReportFolder.finish(
                gathered.report, key: gathered.key, charts: gathered.charts, staging: staging, record: record)
            reporter.detail("  \(report.title): from \(part.folder.lastPathComponent)")
            return gathered.report
        }
        let error = report.error ?? BuildError(.io, .file(part.folder.path), "the part has no record of this report")
        let outcome = ReportOutcome(
            title: report.title, slug: report.slug, kind: report.kind, warnings: [], error: error)
        let built = BuiltReport(outcome: outcome, card: nil, thumbnail: nil, sources: report.sources)
        try ReportFolder.keepPreviousOrShowError(
            built, error: error, templates: renderer.templates, renderer: renderer, publisher: site.publisher,
            previous: site.previous.manifest, staging: staging)
        try ReportFolder.finish(built, key: nil, charts: [:], staging: staging, record: record)
        return built
    }

    private static func read(_ folder: URL) throws(BuildError) -> Part {
        let url = folder.appendingPathComponent(PartManifest.fileName)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw BuildError(
                .usage, .file(url.path),
                "not a Gazette part: there is no readable part.json (build one with --shard K/N)")
        }
        let manifest: PartManifest
        do {
            manifest = try JSONDecoder().decode(PartManifest.self, from: data)
        } catch {
            throw BuildError(.usage, .file(url.path), "not a Gazette part: part.json cannot be read (\(error))")
        }
        guard manifest.format == PartManifest.format else {
            throw BuildError(
                .usage, .file(url.path),
                "a part of another format (\(manifest.format)); build every shard with this Gazette")
        }
        return Part(folder: folder, manifest: manifest, files: SiteManifest(output: folder))
    }

    /// The parts name one job and one shard count, and hold each shard exactly once.
    static func checkCoverage(_ parts: [(folder: URL, manifest: PartManifest)]) throws(BuildError) {
        guard let first = parts.first else { throw BuildError(.usage, .none, "merge needs at least one part") }
        var byShard: [Int: [URL]] = [:]
        for (folder, manifest) in parts {
            guard manifest.job == first.manifest.job else {
                // Every report is in one shard: the parts together name every place in the job.
                var slugs: [Int: String] = [:]
                for part in parts { for report in part.manifest.reports { slugs[report.index] = report.slug } }
                throw BuildError(
                    .usage, .file(folder.path),
                    "this part belongs to another job than \(first.folder.path): it differs in "
                        + manifest.differences(from: first.manifest, slug: { slugs[$0] }).joined(separator: "; ")
                )
            }
            guard manifest.shards == first.manifest.shards else {
                throw BuildError(
                    .usage, .file(folder.path),
                    "this part is shard \(manifest.shard + 1)/\(manifest.shards), but \(first.folder.path) is one of \(first.manifest.shards) shards"
                )
            }
            byShard[manifest.shard, default: []].append(folder)
        }
        let count = first.manifest.shards
        if let (shard, folders) = byShard.filter({ $0.value.count > 1 }).min(by: { $0.key < $1.key }) {
            throw BuildError(
                .usage, .file(folders[1].path),
                "shard \(shard + 1)/\(count) is given twice (\(folders.map(\.path).joined(separator: ", ")))")
        }
        let missing = (0..<count).filter { byShard[$0] == nil }
        if !missing.isEmpty {
            throw BuildError(
                .usage, .none,
                "missing shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0 + 1)/\(count)" }.joined(separator: ", ")): "
                    + "every shard of the job must be merged")
        }
        let indices = parts.flatMap { $0.manifest.reports.map(\.index) }.sorted()
        guard indices == Array(0..<first.manifest.reportCount) else {
            throw BuildError(
                .usage, .none,
                "the parts do not hold each of the job's \(first.manifest.reportCount) reports exactly once")
        }
    }
}
