import CMemory
import Foundation
import GazetteCore

/// A build's named steps, run one after another: each is printed as `[n/N] name` before it runs,
/// timed, and an error that stops the build is tagged with the step it happened in. A step is a
/// function from what the steps before it returned to what it returns:
///
///     var steps = BuildSteps(count: 4, reporter: reporter)
///     let context = try await steps.step("prepare the output") { () throws(BuildError) in … }
struct BuildSteps {
    let count: Int
    let reporter: Reporter
    private var number = 0

    init(count: Int, reporter: Reporter) {
        self.count = count
        self.reporter = reporter
    }

    /// Runs the next step and returns its output; its error is thrown tagged with its name.
    mutating func step<Output>(_ name: String, _ work: () async throws(BuildError) -> Output)
        async throws(BuildError) -> Output
    {
        number += 1
        reporter.progress("[\(number)/\(count)] \(name)")
        let start = ContinuousClock.now
        defer {
            reporter.timing(name, nil, (ContinuousClock.now - start).seconds)
            reporter.detail(
                "  peak memory after \"\(name)\": \(Self.peakMegabytes) MB (held now: \(Self.heapMegabytes) MB of heap)"
            )
        }
        do {
            return try await work()
        } catch {
            var tagged = error
            if tagged.step == nil { tagged.step = name }
            throw tagged
        }
    }

    /// The heap the build holds now, in MB (for `--verbose`): what a step keeps for the next.
    static var heapMegabytes: Int { gazette_heap_in_use() / 1_048_576 }

    /// The process's peak resident memory so far, in MB (for `--verbose`).
    static var peakMegabytes: Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024
    }
}

extension Duration {
    /// The duration in seconds, for timing lines.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}

/// Runs `work` and reports how long it took as `part` of `report`.
func timed<T>(_ part: String, report: String?, _ reporter: Reporter, _ work: () throws(BuildError) -> T)
    throws(BuildError) -> T
{
    let start = ContinuousClock.now
    defer { reporter.timing(part, report, (ContinuousClock.now - start).seconds) }
    return try work()
}
