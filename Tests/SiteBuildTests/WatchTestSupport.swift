import Foundation
@testable import SiteBuild

/// A clock the test moves: sleeping jumps straight to the deadline.
final class ManualClock: WatchClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ seconds: Int64) {
        current = Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    var seconds: Int64 {
        Int64(now().timeIntervalSince1970)
    }

    func now() -> Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func set(_ seconds: Int64) {
        lock.lock()
        current = Date(timeIntervalSince1970: TimeInterval(seconds))
        lock.unlock()
    }

    func sleep(until deadline: Date) async -> Bool {
        advance(to: deadline)
        return !Task.isCancelled
    }

    private func advance(to deadline: Date) {
        lock.lock()
        if deadline > current { current = deadline }
        lock.unlock()
    }
}

/// Lines a watch reported, by channel.
final class ReportedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [(channel: String, text: String)] = []

    var reporter: Reporter {
        Reporter(
            progress: { self.add("progress", $0) }, warning: { self.add("warning", $0) },
            error: { self.add("error", $0) })
    }

    func add(_ channel: String, _ text: String) {
        lock.lock()
        lines.append((channel, text))
        lock.unlock()
    }

    func all(_ channel: String) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines.filter { $0.channel == channel }.map(\.text)
    }
}
