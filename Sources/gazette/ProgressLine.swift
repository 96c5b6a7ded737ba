import Foundation
import SiteBuild

/// Writes the long step's counts as `ProgressDisplay` decides: rewritten in place on a terminal,
/// plain lines in a log. An in-place line is ended before any other message is written.
final class ProgressLine: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var display: ProgressDisplay
    private var started: ContinuousClock.Instant?
    private var lineOpen = false

    /// Every line in use, so an error written anywhere first ends an open in-place line.
    nonisolated(unsafe) private static var all: [ProgressLine] = []
    private static let allLock = NSLock()

    init(descriptor: Int32) {
        self.descriptor = descriptor
        display = ProgressDisplay(inPlace: isatty(descriptor) == 1)
        Self.allLock.lock()
        Self.all.append(self)
        Self.allLock.unlock()
    }

    func show(_ progress: BuildProgress) {
        lock.lock()
        defer { lock.unlock() }
        let now = ContinuousClock.now
        let start = started ?? now
        started = start
        guard let text = display.text(for: progress, elapsed: now - start) else { return }
        if display.inPlace {
            write("\r\u{1B}[K" + text)
            lineOpen = true
        } else {
            write(text + "\n")
        }
    }

    /// Ends an in-place line before the next step's line; the next step starts counting afresh.
    func end() {
        lock.lock()
        defer { lock.unlock() }
        endLine()
        started = nil
        display = ProgressDisplay(inPlace: display.inPlace)
    }

    /// Ends every open in-place line, so a message written next starts on a line of its own.
    static func endAll() {
        allLock.lock()
        let lines = all
        allLock.unlock()
        for line in lines {
            line.lock.lock()
            line.endLine()
            line.lock.unlock()
        }
    }

    private func endLine() {
        if lineOpen { write("\n") }
        lineOpen = false
    }

    private func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 { return }
            offset += written
        }
    }
}
