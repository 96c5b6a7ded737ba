import Foundation

/// Seconds taken by `body`. The clock only measures; nothing it reads reaches any output.
func measure(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    return (ContinuousClock.now - start).seconds
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}

/// Collects the time at which each pipeline step starts, from the build's progress lines.
final class StepClock: @unchecked Sendable {
    private let lock = NSLock()
    private var marks: [(line: String, at: ContinuousClock.Instant)] = []

    func mark(_ line: String) {
        lock.lock()
        marks.append((line, ContinuousClock.now))
        lock.unlock()
    }

    /// Seconds from the start of the step whose line contains `name` to the start of the next.
    func duration(of name: String) -> Double? {
        lock.lock()
        defer { lock.unlock() }
        guard let index = marks.firstIndex(where: { $0.line.contains(name) }), index + 1 < marks.count else { return nil }
        return (marks[index + 1].at - marks[index].at).seconds
    }
}

enum Figures {
    static func mib(_ value: Double?) -> String {
        value.map { String(format: "%.1f MiB", $0) } ?? "n/a"
    }

    static func time(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "n/a" }
        return value < 1 ? String(format: "%.1f ms", value * 1000) : String(format: "%.2f s", value)
    }
}
