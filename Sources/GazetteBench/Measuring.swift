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

enum Figures {
    static func mib(_ value: Double?) -> String {
        value.map { String(format: "%.1f MiB", $0) } ?? "n/a"
    }

    static func time(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "n/a" }
        return value < 1 ? String(format: "%.1f ms", value * 1000) : String(format: "%.2f s", value)
    }
}
