import Email
import GazetteCore
import Reports

/// What a report of a job sets only now and then: its channels' switches and settings (its
/// e-mail), the recipients its inputs name, a missing input, its own readers, its `fresh:`. Held in a box that a `ReportSpec` keeps only when any
/// of it is set: inline, these were some hundreds of bytes of every report of a job, 100,000
/// reports' worth held through the build.
struct ReportSpecExtras: Equatable, Sendable {
    var switches: [String: Bool] = [:]
    var settings = ChannelValues()
    var recipients: [Mailbox] = []
    var inputProblem: BuildError?
    var readers = ReaderSettings()
    var fresh: Cadence?

    /// An unchanging box: a change makes a new one, so copies never see each other's.
    final class Box: Sendable {
        let value: ReportSpecExtras

        init(_ value: ReportSpecExtras) { self.value = value }
    }
}
