import Foundation
import Loading
import SiteOutput

/// Part "scale" (issue 27, part 6): the released `gazette` binary, run as a child process on a job
/// of N generated athletes (240 lines, 3 exercises, one workouts report each, a fixed `now:`):
/// cold, nothing changed and one log edited (each rebuild `--runs` times: medians and ranges),
/// four shards and their merge, each with its wall time and peak memory; the largest files; and,
/// at one count, `gazette serve`'s time from saving a log to its page showing the new figure.
enum ScaleBench {
    static let lines = 240
    static let exercises = 3
    /// The job's clock, so rebuilds can reuse the earlier output (and shards agree).
    static let now = "2026-11-24T05:00:00Z"
    /// `serve` runs at this count, or at the largest count below it.
    static let serveCount = 1000

    /// What one count measured.
    struct Row {
        var athletes: Int
        var cold: ChildProcess.Exit
        /// The rebuilds with nothing changed, and those after one log was edited, in run order.
        var unchangedRuns: [ChildProcess.Exit]
        var changedRuns: [ChildProcess.Exit]
        var unchanged: ChildProcess.Exit { Self.median(unchangedRuns) }
        var changed: ChildProcess.Exit { Self.median(changedRuns) }
        var shards: [ChildProcess.Exit]
        /// Nil with `--scale-rebuilds-only`, as are the comparisons that need a second cold build.
        var merge: ChildProcess.Exit?
        var largestHTML: FileSize
        var largestIndex: FileSize
        var manifest: Int
        /// Files that differ from a cold build of the same inputs: after the unchanged rebuild,
        /// after the one-changed rebuild, and in the merged site.
        var unchangedDiff: [String]
        var changedDiff: [String]?
        var mergeDiff: [String]?
        var serve: Serve?
        /// The cold site's files and bytes, and each report's (issue 67, point 2).
        var weight: WeightBudget.Site
        /// Nothing changed, on a clock a day later each build (issue 67, point 4).
        var dayLater: DayLater

        /// Every path's peak, in bytes: the builds, the shards, the merge and the server.
        var peaks: [Double] {
            [cold.peakBytes, merge?.peakBytes ?? 0]
                + (unchangedRuns + changedRuns + shards + [dayLater.settle] + dayLater.runs).map(\.peakBytes)
                + (serve.map { [$0.peakBytes] } ?? [])
        }

        /// The run of median wall time (of an even count, the lower middle).
        static func median(_ runs: [ChildProcess.Exit]) -> ChildProcess.Exit {
            runs.sorted { $0.wall < $1.wall }[(runs.count - 1) / 2]
        }

        /// The median of the runs' CPU-seconds (user and system), taken on its own: the run of
        /// median wall time may have waited on a busy machine more than it worked.
        static func medianCPU(_ runs: [ChildProcess.Exit]) -> Double {
            runs.map(\.cpuSeconds).sorted()[(runs.count - 1) / 2]
        }

        /// `0.231 s (0.220–0.260 over 5 runs), 0.41 CPU-s, 50 MB`: the median wall time and its
        /// range, the median CPU-seconds and the largest peak.
        static func summary(_ runs: [ChildProcess.Exit]) -> String {
            let walls = runs.map(\.wall)
            return String(
                format: "%.3f s (%.3f–%.3f over %d runs), %.2f CPU-s, %.0f MB", median(runs).wall, walls.min() ?? 0,
                walls.max() ?? 0, runs.count, medianCPU(runs), (runs.map(\.peakBytes).max() ?? 0) / 1e6)
        }
    }

    struct FileSize {
        var path: String
        var bytes: Int
    }

    struct Serve {
        /// From the log's save to its page showing the new figure; nil when it never did.
        var seconds: Double?
        var peakBytes: Double
    }

    /// The gazette binary beside the bench (a release build of both).
    static func gazetteBesideTheBench() throws -> URL {
        let gazette = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("gazette")
        guard FileManager.default.isExecutableFile(atPath: gazette.path) else {
            throw BenchError(
                "no gazette beside the bench (\(gazette.path)): swift build -c release --product gazette")
        }
        return gazette
    }

    /// `rebuildsOnly` (`--scale-rebuilds-only`) measures the cold build and the rebuilds alone: no
    /// shards, no merge, no second cold build to compare an edited rebuild with — what a count
    /// whose cold build takes half an hour can afford. `keep` (`--scale-keep`) leaves each count's
    /// folder behind.
    static func run(counts: [Int], jobs: Int, runs: Int, rebuildsOnly: Bool = false, keep: Bool = false) async throws {
        let gazette = try gazetteBesideTheBench()
        let serveAt = counts.filter { $0 <= serveCount }.max()
        let demo = try demoWeight(gazette: gazette)
        var rows: [Row] = []
        for count in counts {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "gazette-bench-\(getpid())-scale-\(count)")
            defer {
                if keep {
                    say("   kept \(folder.path) (job.yml, logs/, site/; XDG_CACHE_HOME=\(folder.path)/cache)")
                } else {
                    try? FileManager.default.removeItem(at: folder)
                }
            }
            say("   \(count) athletes (\(lines) lines, \(exercises) exercises each), --jobs \(jobs):")
            rows.append(
                try await measure(
                    count: count, gazette: gazette, folder: folder, jobs: jobs, runs: max(1, runs),
                    serve: count == serveAt && !rebuildsOnly, rebuildsOnly: rebuildsOnly))
        }
        print("")
        printTable(rows)
        printPaths(rows)
        printDayLater(rows)
        WeightBudget.printBudget(sites: rows.map { ($0.athletes, $0.weight) }, demo: demo)
        printTargets(rows)
    }

    /// The demo built once, in a folder of its own, and weighed.
    static func demoWeight(gazette: URL) throws -> WeightBudget.Site {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-bench-\(getpid())-demo")
        defer { try? FileManager.default.removeItem(at: folder) }
        setenv("XDG_CACHE_HOME", folder.appendingPathComponent("cache").path, 1)
        let demo = try WeightBudget.demo(gazette: gazette, folder: folder)
        say("   the demo: \(WeightBudget.said(demo.total))")
        return demo
    }

    /// Part "weight" (`--only weight`): the demo and, for each count, a cold build alone, weighed.
    static func runWeight(counts: [Int], jobs: Int) throws {
        let gazette = try gazetteBesideTheBench()
        let demo = try demoWeight(gazette: gazette)
        var sites: [(Int, WeightBudget.Site)] = []
        for count in counts {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "gazette-bench-\(getpid())-weight-\(count)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let (job, _, _) = try writeJob(athletes: count, into: folder)
            setenv("XDG_CACHE_HOME", folder.appendingPathComponent("cache").path, 1)
            let site = folder.appendingPathComponent("site")
            let cold = try ChildProcess.run(
                gazette, ["build", job.path, "--output", site.path, "--jobs", String(jobs), "--quiet"],
                log: folder.appendingPathComponent("build.log"))
            guard cold.status == 0 else { throw BenchError("the cold build of \(count) athletes failed") }
            let weight = try WeightBudget.measure(site)
            report("\(count) athletes, cold", cold, ", \(WeightBudget.said(weight.total))")
            sites.append((count, weight))
        }
        WeightBudget.printBudget(sites: sites, demo: demo)
    }

    /// Dates a log an hour back, as a user's logs are: a build never vouches by its stat for a file
    /// changed within two seconds of it (its clock's tick could hide a second change), so logs
    /// written just before the cold build would all be read again by the next.
    private static func dateBack(_ url: URL) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: url.path)
    }

    /// The job file: one workouts report per athlete, titled by its slug.
    private static func writeJob(athletes: Int, into folder: URL) throws -> (job: URL, logs: [URL], slugs: [String]) {
        let logs = folder.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        var text = "title: Scale bench\nnow: \(now)\nreports:\n"
        var urls: [URL] = []
        var slugs: [String] = []
        for seed in 1...athletes {
            let slug = "athlete-\(seed)"
            let url = logs.appendingPathComponent("\(slug).txt")
            try Data(PeerBench.generatedBytes(seed: seed, lines: lines, exercises: exercises)).write(to: url)
            try dateBack(url)
            text += "  - kind: workouts\n    title: \(slug)\n    input: logs/\(slug).txt\n"
            urls.append(url)
            slugs.append(slug)
        }
        let job = folder.appendingPathComponent("job.yml")
        try Data(text.utf8).write(to: job)
        return (job, urls, slugs)
    }

    private static func measure(
        count: Int, gazette: URL, folder: URL, jobs: Int, runs repeats: Int, serve: Bool, rebuildsOnly: Bool
    ) async throws -> Row {
        let (job, logs, slugs) = try writeJob(athletes: count, into: folder)
        // The builds' stat files and spares go with the folder: a spare holds links to its
        // output's files, and the outputs here are removed at the end.
        setenv("XDG_CACHE_HOME", folder.appendingPathComponent("cache").path, 1)
        let site = folder.appendingPathComponent("site")
        let runs = folder.appendingPathComponent("runs")
        try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
        var runNumber = 0
        func gazetteRun(_ arguments: [String]) throws -> ChildProcess.Exit {
            runNumber += 1
            return try ChildProcess.run(
                gazette, arguments + ["--jobs", String(jobs), "--quiet"],
                log: runs.appendingPathComponent("\(runNumber).log"))
        }
        func build(into output: URL, shard: String? = nil) throws -> ChildProcess.Exit {
            try gazetteRun(["build", job.path, "--output", output.path] + (shard.map { ["--shard", $0] } ?? []))
        }
        let cold = try build(into: site)
        let coldFiles = try regularFiles(in: site)
        let weight = try WeightBudget.measure(site, files: coldFiles)
        report(
            "cold", cold,
            "; \(WeightBudget.said(weight.total)), a report \(weight.typical.map(WeightBudget.said) ?? "-")")
        // The cold site is kept as its files' digests, not as a copy: a copy's 360,000 names
        // would sit in the kernel's name cache, whose chains every stat of a rebuild walks.
        let coldPrint = try fingerprints(of: site)
        // The cold build leaves the kernel writing back hundreds of thousands of files for a
        // while: flushed first, so the rebuilds are not timed against it.
        sync()

        let unchangedRuns = try (1...repeats).map { _ in try build(into: site) }
        let unchangedDiff = try differences(coldPrint, site)
        say("     nothing changed: \(Row.summary(unchangedRuns)); same bytes as cold: \(same(unchangedDiff))")

        let (largestHTML, largestIndex, manifest) = largest(coldFiles, reportFolders: Set(slugs))

        let sharded =
            rebuildsOnly
            ? nil : try shardsAndMerge(in: folder, comparedWith: coldPrint, build: build, run: gazetteRun)
        sync()

        let (changedRuns, changedDiff) = try editedRebuilds(
            log: logs[0], repeats: repeats, rebuildsOnly: rebuildsOnly, folder: folder, site: site,
            build: { try build(into: site) },
            noCacheBuild: { _ = try gazetteRun(["build", job.path, "--output", $0.path, "--no-cache"]) })

        let served =
            serve
            ? try await measureServe(
                gazette: gazette, job: job, site: site, log: logs[0], slug: slugs[0], jobs: jobs, runs: runs) : nil
        // Last, as it moves the site's clock on: a cron's builds, a day apart, nothing changed.
        let dayLater = try DayLater.measure(now: now, repeats: repeats, site: site) {
            try gazetteRun(["build", job.path, "--output", site.path, "--now", $0])
        }
        say("     nothing changed, a day later each build: \(dayLater.summary)")
        return Row(
            athletes: count, cold: cold, unchangedRuns: unchangedRuns, changedRuns: changedRuns,
            shards: sharded?.shards ?? [],
            merge: sharded?.merge,
            largestHTML: largestHTML, largestIndex: largestIndex, manifest: manifest, unchangedDiff: unchangedDiff,
            changedDiff: changedDiff, mergeDiff: sharded?.differences, serve: served, weight: weight,
            dayLater: dayLater)
    }

    /// The first athlete's log edited before each of `repeats` timed rebuilds; unless
    /// `rebuildsOnly`, one more edit built both ways and compared (the files that differ).
    private static func editedRebuilds(
        log: URL, repeats: Int, rebuildsOnly: Bool, folder: URL, site: URL, build: () throws -> ChildProcess.Exit,
        noCacheBuild: (URL) throws -> Void
    ) throws -> ([ChildProcess.Exit], [String]?) {
        // A set added on the log's newest day, as a lifter does, heavier each time, so the
        // report's figures and charts change.
        var changedRuns: [ChildProcess.Exit] = []
        for edit in 1...repeats {
            try addSet(to: log, weight: 400 + edit)
            changedRuns.append(try build())
        }
        guard !rebuildsOnly else {
            say("     one log edited: \(Row.summary(changedRuns)); not compared with a build without the cache")
            return (changedRuns, nil)
        }
        // One more edit, untimed (a copy of the output would sit in the kernel's caches the
        // timed ones walk), also built with `--no-cache` over a copy of the output before it:
        // a site that remembers differs from a cold build of its last inputs by its
        // histories, so that is what the reuse must equal.
        let reference = folder.appendingPathComponent("reference")
        try FileManager.default.copyItem(at: site, to: reference)
        try addSet(to: log, weight: 400 + repeats + 1)
        _ = try build()
        try noCacheBuild(reference)
        let changedDiff = try differences(fingerprints(of: reference), site)
        say(
            "     one log edited: \(Row.summary(changedRuns)); same bytes as a --no-cache build over the output before: \(same(changedDiff))"
        )
        try FileManager.default.removeItem(at: reference)
        return (changedRuns, changedDiff)
    }

    /// Four shards, one after the other, each into its own part, then merged into a fresh site
    /// and compared with the cold build's files.
    private static func shardsAndMerge(
        in folder: URL, comparedWith cold: [String: FileDigest], build: (URL, String?) throws -> ChildProcess.Exit,
        run: ([String]) throws -> ChildProcess.Exit
    ) throws -> (shards: [ChildProcess.Exit], merge: ChildProcess.Exit, differences: [String]) {
        let parts = (1...4).map { folder.appendingPathComponent("parts/\($0)") }
        let shards = try parts.enumerated().map { try build($0.element, "\($0.offset + 1)/4") }
        let merged = folder.appendingPathComponent("merged")
        let merge = try run(["merge"] + parts.map(\.path) + ["--output", merged.path])
        let differing = try differences(cold, merged)
        report(
            "merge of 4 parts", merge,
            String(
                format: " (shards: %@ s, peak %.1f MB); same bytes as one build: %@",
                shards.map { String(format: "%.2f", $0.wall) }.joined(separator: ", "),
                (shards.map(\.peakBytes).max() ?? 0) / 1e6, same(differing)))
        try FileManager.default.removeItem(at: merged)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("parts"))
        return (shards, merge, differing)
    }

    private static func report(_ name: String, _ exit: ChildProcess.Exit, _ extra: String = "") {
        say(
            String(
                format: "     %@: %.3f s wall, %.2f CPU-s, %.1f MB peak%@", name, exit.wall, exit.cpuSeconds,
                exit.peakBytes / 1e6, extra))
    }

    private static func same(_ differences: [String]) -> String {
        differences.isEmpty ? "yes" : "NO (\(differences.count) files: \(differences.prefix(5)))"
    }

    /// The largest page, the largest file outside the report folders and the manifest's size,
    /// said as they are measured.
    private static func largest(_ files: [String: Int], reportFolders: Set<String>) -> (FileSize, FileSize, Int) {
        let html = files.filter { $0.key.hasSuffix(".html") }.max { $0.value < $1.value }
        let index = files.filter {
            !reportFolders.contains(String($0.key.prefix { $0 != "/" })) && $0.key != "manifest.json"
        }.max { $0.value < $1.value }
        let largestHTML = FileSize(path: html?.key ?? "-", bytes: html?.value ?? 0)
        let largestIndex = FileSize(path: index?.key ?? "-", bytes: index?.value ?? 0)
        let manifest = files["manifest.json"] ?? 0
        say(
            String(
                format: "     largest HTML %@ %.1f KB; largest outside the reports %@ %.1f KB; manifest.json %.2f MB",
                largestHTML.path, Double(largestHTML.bytes) / 1e3, largestIndex.path,
                Double(largestIndex.bytes) / 1e3, Double(manifest) / 1e6))
        return (largestHTML, largestIndex, manifest)
    }

    /// Adds one set of `weight` kg on the log's first line's day and exercise, at the top.
    private static func addSet(to log: URL, weight: Int) throws {
        let text = try String(contentsOf: log, encoding: .utf8)
        let first = text.prefix { $0 != "\n" }.split(separator: ",")
        guard first.count == 5 else { throw BenchError("unexpected log line \(first)") }
        try Data("\(first[0]),\(first[1]),1,1,\(weight)\n\(text)".utf8).write(to: log)
    }

    /// Starts `gazette serve` on the built site, waits for its first build and its front page,
    /// then saves `log` with a new best set and polls the athlete's page until it shows it.
    private static func measureServe(
        gazette: URL, job: URL, site: URL, log: URL, slug: String, jobs: Int, runs: URL
    ) async throws -> Serve {
        let output = runs.appendingPathComponent("serve.log")
        let server = try ChildProcess(
            gazette,
            [
                "serve", job.path, "--output", site.path, "--port", String(18_000 + Int(getpid()) % 2000),
                "--jobs", String(jobs), "--poll", "1"
            ], log: output)
        // Stopped however this ends; its peak is known once it is reaped.
        defer { server.stop() }
        let loader = SourceLoader(policy: FetchPolicy(timeout: 2, retries: 0))
        func page(_ url: URL) async -> String? {
            (try? await loader.fetch(url)).map { String(decoding: $0, as: UTF8.self) }
        }
        func waitFor(_ seconds: Double, _ condition: () async throws -> Bool) async throws -> Bool {
            let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
            while ContinuousClock.now < deadline {
                if try server.wait(blocking: false) != nil {
                    throw BenchError("gazette serve ended early:\n\(server.logTail)")
                }
                if try await condition() { return true }
                try await Task.sleep(for: .milliseconds(20))
            }
            return false
        }
        // "Serving SITE at http://127.0.0.1:PORT (port … is taken); watching …", then "… Built …".
        var address: String?
        let ready = try await waitFor(120) {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            guard text.contains("Built "), let range = text.range(of: "http://127.0.0.1:") else { return false }
            address = "http://127.0.0.1:" + text[range.upperBound...].prefix(while: \.isNumber)
            return await page(URL(string: address! + "/")!) != nil
        }
        guard ready, let address else { throw BenchError("gazette serve did not come up:\n\(server.logTail)") }
        let athletePage = URL(string: "\(address)/\(slug)/index.html")!
        guard let before = await page(athletePage) else { throw BenchError("no page at \(athletePage)") }

        // A set far heavier than any generated one, on the log's newest day: the exercise's best 1RM.
        let text = try String(contentsOf: log, encoding: .utf8)
        let first = text.prefix { $0 != "\n" }.split(separator: ",")
        guard first.count == 5 else { throw BenchError("unexpected log line \(first)") }
        let figure = "987,654"
        guard !before.contains(figure) else { throw BenchError("the page shows \(figure) already") }
        try Data("\(first[0]),\(first[1]),1,1,987654\n\(text)".utf8).write(to: log, options: .atomic)
        let saved = ContinuousClock.now
        var seconds: Double?
        if try await waitFor(120, { await page(athletePage)?.contains(figure) == true }) {
            seconds = (ContinuousClock.now - saved).seconds
        }
        let exit = server.stop()
        let served = Serve(seconds: seconds, peakBytes: exit?.peakBytes ?? .nan)
        say(
            "     serve: \(served.seconds.map { String(format: "%.2f s", $0) } ?? "never") from the save to the page; "
                + String(format: "server peak %.1f MB", served.peakBytes / 1e6))
        return served
    }

    /// A progress line, flushed at once even into a file: a run at 10,000 athletes takes long.
    private static func say(_ line: String) {
        print(line)
        fflush(nil)
    }

    /// Every regular file under `folder` with its size, by relative path.
    static func regularFiles(in folder: URL) throws -> [String: Int] {
        var files: [String: Int] = [:]
        let keys: Set<URLResourceKey> = [.isRegularFileKey, .fileSizeKey]
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: Array(keys)) else {
            throw BenchError("cannot list \(folder.path)")
        }
        let prefix = folder.standardizedFileURL.path.count + 1
        for case let url as URL in walk {
            let values = try url.resourceValues(forKeys: keys)
            if values.isRegularFile == true {
                files[String(url.standardizedFileURL.path.dropFirst(prefix))] = values.fileSize ?? 0
            }
        }
        return files
    }

    /// Every regular file under `folder` by relative path, with its bytes' SHA-256 (read one
    /// file at a time, as `treeContents` would hold 10,000 athletes' sites whole).
    static func fingerprints(of folder: URL) throws -> [String: FileDigest] {
        var digests: [String: FileDigest] = [:]
        for path in try regularFiles(in: folder).keys {
            digests[path] = FileDigest(of: try Data(contentsOf: folder.appendingPathComponent(path)))
        }
        return digests
    }

    /// The files of `folder` that differ from `expected` (missing on one side, or other bytes), sorted.
    static func differences(_ expected: [String: FileDigest], _ folder: URL) throws -> [String] {
        let found = try fingerprints(of: folder)
        return Set(expected.keys).union(found.keys).filter { expected[$0] != found[$0] }.sorted()
    }

    private static func printTable(_ rows: [Row]) {
        print(
            "| athletes | cold s | nothing changed s (median) | one log edited s (median) | peak MB cold / unchanged / edited / merge "
                + "| shards' peak MB | largest HTML KB | largest index file KB | manifest MB | merge s "
                + "| same bytes as cold (unchanged / changed / merged) |")
        print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
        for row in rows {
            let peaks = [[row.cold], row.unchangedRuns, row.changedRuns, row.merge.map { [$0] } ?? []].map { runs in
                runs.isEmpty ? "-" : String(format: "%.0f", (runs.map(\.peakBytes).max() ?? 0) / 1e6)
            }
            let same = [row.unchangedDiff, row.changedDiff, row.mergeDiff].map {
                $0.map { $0.isEmpty ? "yes" : "NO" } ?? "-"
            }
            print(
                String(
                    format: "| %d | %.2f | %.3f | %.3f | %@ | %.0f | %.1f | %.1f | %.2f | %.2f | ",
                    row.athletes, row.cold.wall, row.unchanged.wall, row.changed.wall,
                    peaks.joined(separator: " / "), (row.shards.map(\.peakBytes).max() ?? 0) / 1e6,
                    Double(row.largestHTML.bytes) / 1e3, Double(row.largestIndex.bytes) / 1e3,
                    Double(row.manifest) / 1e6, row.merge?.wall ?? 0) + same.joined(separator: " / ") + " |")
        }
        for row in rows {
            guard let serve = row.serve else { continue }
            print(
                "\nserve, \(row.athletes) athletes: "
                    + (serve.seconds.map { String(format: "%.2f s", $0) } ?? "never (120 s)")
                    + " from saving a log to its page showing the new figure (--poll 1)"
                    + String(format: "; server peak %.0f MB", serve.peakBytes / 1e6))
        }
        print("\n(MB and KB: 10⁶ and 10³ bytes; peaks are each child's own, as ChildProcess measures them.)")
    }

    /// Nothing changed on the same clock and a day later, side by side (issue 67: within 2×).
    private static func printDayLater(_ rows: [Row]) {
        print(
            "\n| athletes | nothing changed, same clock s (median) | nothing changed, a day later s (median) "
                + "| ratio | within 2× | first build a day later s | files changed from day to day |")
        print("|---:|---:|---:|---:|---|---:|---|")
        for row in rows {
            let ratio = row.dayLater.median.wall / row.unchanged.wall
            print(
                String(
                    format: "| %d | %.3f | %.3f | %.2f× | %@ | %.2f | %@ |", row.athletes, row.unchanged.wall,
                    row.dayLater.median.wall, ratio, ratio <= 2 ? "met" : "not met", row.dayLater.settle.wall,
                    row.dayLater.changed.count <= 6
                        ? row.dayLater.changed.joined(separator: ", ") : "\(row.dayLater.changed.count) files"))
        }
    }
}
