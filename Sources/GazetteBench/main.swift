// Benchmarks of the workouts report (issue 3, item 6). Run in release mode:
//
//     swift run -c release GazetteBench [--lines N] [--runs N] [--athletes N] [--jobs N]
//
// 1. Parse and aggregate a generated 1,000,000-line log (about 33 MB, 50 exercises): the best
//    time of a few runs and the peak memory (VmHWM), each way of reading in its own process
//    (WorkoutsParseBench, which links the Workouts module alone).
// 2. Build the reports of 20 generated athletes through the pipeline with one worker and with
//    `--jobs` workers, timing the chart rendering and checking the outputs are identical.
//
// 3. The issue-9 figures: a whole build of the bench's 1M-line, 50-exercise log with the time of
//    each step; 100 and 1,000 athlete reports (2,000 lines, 5 exercises each) in one job, with the
//    peak memory of each; a 20,000-row table page rendered by reflection, lowered and compiled; and, where
//    `perf` works, the share of CPU samples in the Swift runtime and in Gazette's own code.
//    `--skip-parse`, `--skip-athletes` (parts 2 and 4), `--big-athletes N` shorten a run;
//    `--big-runs N` builds the big log N times for a median; `--table-only` measures the table
//    page alone.
// 5. (issue 15) PNG encoding: Cairo's writer and Gazette's libdeflate writer on the same pixels,
//    for the desktop and phone charts at 1× and 2×, with decoded pixels compared.
//
// 6. (issue 15) The athletes built cold by Gazette and by ../shared/bench/peer_workouts.py in the
//    same session: CPU seconds of each, the ratio, byte-identity across runs and --jobs, and where
//    Gazette's CPU goes (perf).
// 7. (issue 15) 100 athletes built cold, rebuilt unchanged and with one log changed: the rebuilds'
//    share of the cold build's time, and their trees compared with cold builds.
// 8. (issue 15) A 5,000-point daily series: SVG and PNG sizes reduced and whole, pixels compared;
//    (issue 42) Gazette's SVG writer against Cairo's SVG surface, time and bytes.
// 9. (issue 24) The same sets in every workout format (line format, Strong, Hevy, Fitbod, FitNotes,
//    csv): parsing alone in MB/s on one core, and the whole site's build against the line format's.
//
// scale. (issue 27, part 6) The released `gazette` binary (built beside the bench: `swift build -c
//    release --product gazette`) run as a child on a job of N generated athletes (240 lines, 3
//    exercises, one report each, a fixed `now:`), for each N of `--scale-counts` (default
//    100,1000,10000): cold, nothing changed and one log edited (each rebuild `--runs` times, 5 by
//    default: the median and the range), 4 shards and their merge, each
//    child's wall time and peak memory (its own: see ChildProcess); the largest HTML file,
//    the largest file outside the reports' folders and manifest.json; the rebuilt and merged
//    trees compared with cold builds. At 1,000 (or the largest count below it) `gazette serve`:
//    seconds from saving a log to its page showing the new figure. A markdown table, and each
//    of the issue's targets met or missed. Runs only when named: `--only scale`.
//    `--scale-rebuilds-only` leaves out shards, merge and serve; `--scale-keep` leaves each count's
//    folder behind (its path is printed) to look into a rebuild with `gazette build -v`.
//    (issue 67) Then, last, nothing changed on a clock a day later each build (`--now`, one
//    untimed build first, as every report says "No change since" once), beside the same
//    clock's figure with the ratio (within 2×?); and the weight: the typical report's and the
//    demo's files and bytes, the site's at each count, the issue's targets beside.
//
// weight. (issue 67, point 2) The demo and, for each N of `--scale-counts`, a cold build of N
//    generated athletes alone: files and bytes per report and per site against the targets
//    (≤ 12 files and ≤ 120 KB a report, ≤ 20,000 files at 1,000, ≤ 1.2 GB at 10,000). Runs only
//    when named: `--only weight`.
//
// market. (issue 63, part 6) One race-card address serving a new 10-race meeting each day, built
//    daily for a year into one site: the rebuild with 365 meetings in the history beside the
//    rebuild with one (median of `--runs`). Runs only when named: `--only market`;
//    `--market-days N` builds N days instead of 365.
//
// `--only 5,6` runs just those parts; `--only scale` the scale part, `--only weight` the weight part.
import Foundation

if CommandLine.arguments.dropFirst().first == "--table-only" {
    let table = try TableBench.run(rows: 20_000, runs: 3)
    print(
        "20,000-row page: reflection \(Figures.time(table.reflection)), lowered \(Figures.time(table.lowered)), "
            + "compiled \(Figures.time(table.compiled)), same HTML: \(table.identical)")
    exit(0)
}
// `--write-athletes N FOLDER`: the athletes' logs of part 4, kept for looking into a figure.
if CommandLine.arguments.dropFirst().first == "--write-athletes", CommandLine.arguments.count == 4,
    let count = Int(CommandLine.arguments[2])
{
    let folder = URL(fileURLWithPath: CommandLine.arguments[3])
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    print(try IssueNineBench.athleteLogs(in: folder, count: count).count, "logs in", folder.path)
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "--child-build" {
    await SiteBench.childMain(Array(CommandLine.arguments.dropFirst(2)))
}
let options = Options(Array(CommandLine.arguments.dropFirst()))
// Builds run in this process keep what they cache in a home of the bench's own, removed at the
// end, so no measured build tidies what earlier runs left in the user's cache.
let benchCacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-bench-\(getpid())-cache")
setenv("XDG_CACHE_HOME", benchCacheHome.path, 1)

let cores = ProcessInfo.processInfo.activeProcessorCount
print("GazetteBench: \(cores) cores")
if !options.skipParse && options.runs(part: 1) {
    let log = try ParseBench.generate(lines: options.lines)
    defer { try? FileManager.default.removeItem(at: log.url) }
    print("\n1. Parse and aggregate a generated log")
    let size = (try FileManager.default.attributesOfItem(atPath: log.url.path)[.size] as? Int) ?? 0
    print(
        "   \(log.lines) lines, \(String(format: "%.1f", Double(size) / 1e6)) MB, \(ParseBench.exerciseNames.count) exercises "
            + "(generated in \(Figures.time(log.seconds)))")
    var digests: Set<String> = []
    for mode in ParseMode.allCases {
        let result = try ParseBench.runChild(file: log.url, mode: mode, runs: options.runs)
        digests.insert(result.digest)
        let rate = Double(log.lines) / result.best / 1e6
        print(
            "   \(mode.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) best of \(options.runs): \(Figures.time(result.best)) "
                + "(\(String(format: "%.1f", rate)) M lines/s); peak \(Figures.mib(result.peak)): "
                + "\(Figures.mib(result.baseline)) at start\(result.ingestPeak.isNaN ? "" : ", \(Figures.mib(result.ingestPeak)) before the summary")"
        )
    }
    print(
        "   every way of reading gives the same figures: \(digests.count == 1 ? "yes (\(digests.first!))" : "NO: \(digests.sorted())")"
    )
}

if !options.skipAthletes && options.runs(part: 2) {
    print("\n2. Build \(options.athletes) athlete reports through the pipeline")
    let reports = ChartBench.athletes(options.athletes)
    let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-bench-\(getpid())-sites")
    defer { try? FileManager.default.removeItem(at: workspace) }
    var manifests: Set<String> = []
    for jobs in Set([1, options.jobs]).sorted() {
        let run = try await ChartBench.build(
            reports, jobs: jobs, into: workspace.appendingPathComponent("jobs-\(jobs)"))
        manifests.insert(run.manifest)
        print(
            "   --jobs \(jobs): drawing charts \(Figures.time(run.charts)) (summed over reports) for \(run.chartFiles) files; "
                + "whole build \(Figures.time(run.total))")
    }
    print("   output identical across --jobs values: \(manifests.count == 1 ? "yes" : "NO")")
}

if options.runs(part: 3) || options.runs(part: 4) {
    try await IssueNineBench.run(options: options)
}

if options.runs(part: 5) {
    print("\n5. PNG encoding of the same pixels (best of \(options.runs)), light theme")
    PNGBench.printTable(try PNGBench.run(runs: options.runs))
}

if options.runs(part: 6) {
    print("\n6. A cold build of \(options.athletes) athletes against the peer pipeline, CPU time")
    try PeerBench.run(options: options)
}

if options.runs(part: 7) {
    print("\n7. Rebuilds of \(options.rebuildAthletes) athletes: cold, nothing changed, one log changed")
    try RebuildBench.run(athletes: options.rebuildAthletes, jobs: options.jobs)
}

if options.runs(part: 8) {
    print("\n8. A 5,000-point daily series, reduced to each column's extremes (M4) and whole")
    try DenseSeriesBench.run()
}

if options.runs(part: 9) {
    print("\n9. One log in every workout format: parsing alone and the whole site")
    try await FormatsBench.run(options: options)
}

if options.runs(part: "market") {
    try await MarketMemoryBench.run(days: options.marketDays, runs: options.runs)
}

if options.runs(part: "weight") {
    print("\nweight. The demo and generated athletes built cold through the gazette binary: files and bytes")
    try ScaleBench.runWeight(counts: options.scaleCounts, jobs: options.jobs)
}

if options.runs(part: "scale") {
    print("\nscale. Many athletes through the gazette binary: builds, rebuilds, shards and merge, serve")
    try await ScaleBench.run(
        counts: options.scaleCounts, jobs: options.jobs, runs: options.runs, rebuildsOnly: options.scaleRebuildsOnly,
        keep: options.scaleKeep)
}

try? FileManager.default.removeItem(at: benchCacheHome)
