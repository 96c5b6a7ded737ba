import Foundation

/// The site's own warnings as a build meets them: each is printed at once and kept, so the
/// summaries count and list every warning the terminal showed.
final class WarningList: @unchecked Sendable {
    private let lock = NSLock()
    private var warnings: [String] = []
    private let reporter: Reporter

    init(reporter: Reporter) {
        self.reporter = reporter
    }

    /// `message`, printed as `about: warning: message` (or `warning: message`).
    func add(_ message: String, about subject: String? = nil) {
        let line = subject.map { "\($0): \(message)" } ?? message
        lock.withLock { warnings.append(line) }
        reporter.warning(subject.map { "\($0): warning: \(message)" } ?? "warning: \(message)")
    }

    var all: [String] { lock.withLock { warnings } }
}
