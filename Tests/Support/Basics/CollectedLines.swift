import Foundation

/// Lines a reporter hands over from any thread, kept in order for a test to read.
public final class CollectedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    public init() {}

    public func add(_ line: String) {
        lock.withLock { lines.append(line) }
    }

    public var all: [String] {
        lock.withLock { lines }
    }
}
