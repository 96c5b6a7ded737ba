import Foundation
import Synchronization

/// The site's own warnings as a build meets them: each is printed at once and kept, so the
/// summaries count and list every warning the terminal showed.
final class WarningList: Sendable {
    private let warnings = Mutex<[String]>([])
    private let reporter: Reporter

    init(reporter: Reporter) {
        self.reporter = reporter
    }

    /// `message`, printed as `about: warning: message` (or `warning: message`).
    func add(_ message: String, about subject: String? = nil) {
        let line = subject.map { "\($0): \(message)" } ?? message
        warnings.withLock { $0.append(line) }
        reporter.warning(subject.map { "\($0): warning: \(message)" } ?? "warning: \(message)")
    }

    var all: [String] { warnings.withLock { $0 } }
}
