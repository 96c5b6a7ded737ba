import GazetteCore
import Racing

/// How a report's pages age with the clock alone, as its kind reads them from its own decoded
/// input: when pages built at some moment change next, and when the input is worth loading again.
/// `gazette watch` asks; only the kind knows (next to go: a race leaves a minute after its start).
package protocol ReportFreshness: Sendable {
    /// The first change, after `builtAt`, to the pages built then; nil when none comes.
    func nextChange(after builtAt: Int64) -> ReportChange?
    /// Why an input fetched at `loadedAt` is worth fetching again at `now`, or nil.
    func reloadReason(loadedAt: Int64, now: Int64) -> ReloadReason?
    /// When an input fetched at `loadedAt` is too old to keep.
    func reloadDue(loadedAt: Int64) -> Int64
}

/// A moment the pages change by the clock, in the kind's words ("Palermo R11 left the list").
package struct ReportChange: Equatable, Sendable {
    package var at: Int64
    package var what: String

    package init(at: Int64, what: String) {
        self.at = at
        self.what = what
    }
}

/// Why a kind wants its remote input fetched again.
package enum ReloadReason: Equatable, Sendable, CustomStringConvertible {
    /// The data reached the report's `max-age` (seconds old).
    case stale(age: Int64)
    /// Fewer races than a page shows remain of the report's filter, and one left since the last fetch.
    case runningLow(visible: Int)

    package var description: String {
        switch self {
        case let .stale(age): return "data \(Countdown.format(seconds: age)) old, fetched again"
        case let .runningLow(visible): return "only \(visible) race\(visible == 1 ? "" : "s") left, fetched again"
        }
    }
}
