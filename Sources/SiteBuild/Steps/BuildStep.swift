import CMemory
import Foundation
import GazetteCore
/// One named step of the build and its work. The runner prints `[n/N] name` before each step
/// and tags an error that stops the build with the step it happened in.
struct BuildStep {
    var name: String
    var work: () async throws(BuildError) -> Void

    init(_ name: String, work: @escaping () async throws(BuildError) -> Void) {
        self.name = name
        self.work = work
    }

    /// Runs the steps in order; the first error stops the run and is returned, tagged.
    static func run(_ steps: [BuildStep], reporter: Reporter) async -> BuildError? {
        for (number, step) in steps.enumerated() {
            reporter.progress("[\(number + 1)/\(steps.count)] \(step.name)")
            let start = ContinuousClock.now
            defer {
                reporter.timing(step.name, nil, (ContinuousClock.now - start).seconds)
                reporter.detail(
                    "  peak memory after \"\(step.name)\": \(Self.peakMegabytes) MB (held now: \(Self.heapMegabytes) MB of heap)"
                )
            }
            do {
                try await step.work()
            } catch {
                var tagged = error
                if tagged.step == nil { tagged.step = step.name }
                return tagged
            }
        }
        return nil
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
