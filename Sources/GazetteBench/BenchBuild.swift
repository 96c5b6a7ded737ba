import Foundation
import Jobs
import Loading
import SiteBuild

/// One build of the benchmark's reports through the real pipeline, at a fixed clock, with the
/// time of every step and phase summed per name.
enum BenchBuild {
    struct Outcome {
        var result: BuildResult
        var seconds: Double
        var parts: PartClock
    }

    /// Set in a child build's environment: nothing is reused, as with `--no-cache`.
    static let noCache = "GAZETTE_BENCH_NO_CACHE"
    /// Set in a child build's environment: each report's message is written too, as with `--email`.
    static let email = "GAZETTE_BENCH_EMAIL"

    /// `trace` also prints each part's time and the memory so far on standard error.
    /// `now`: the build's clock (a fixed one by default).
    static func run(
        _ reports: [ReportSpec], jobs: Int, into output: URL, trace: Bool = false,
        now: Date = Date(timeIntervalSince1970: 1_700_000_000)
    ) async -> Outcome {
        let clock = PartClock()
        let reporter = Reporter(
            progress: { _ in }, warning: { _ in }, error: { _ in },
            timing: { part, _, seconds in
                clock.add(part, seconds)
                if trace {
                    FileHandle.standardError.write(
                        Data(
                            "\(part): \(seconds) s, peak \(ProcessMemory.peak ?? 0) MiB, now \(ProcessMemory.resident ?? 0) MiB, heap in use \(ProcessMemory.heapInUse) MiB\n"
                                .utf8))
                }
            })
        // The bench's logs are larger than an input's default limit (32 MiB): raised, as --max-input-size does.
        var options = BuildOptions(now: now, jobs: jobs)
        options.reusesEarlierWork = ProcessInfo.processInfo.environment[noCache] == nil
        if ProcessInfo.processInfo.environment[email] != nil { options.switches.insert(OutputChannels.message.name) }
        let pipeline = Pipeline(
            job: Job(title: "Bench", output: output, reports: reports),
            options: options,
            loader: SourceLoader(policy: FetchPolicy(maximumBytes: 1 << 30)), reporter: reporter)
        let start = ContinuousClock.now
        let result = await pipeline.run()
        return Outcome(result: result, seconds: (ContinuousClock.now - start).seconds, parts: clock)
    }
}
