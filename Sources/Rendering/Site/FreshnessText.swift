import Deterministic
import Foundation
import Localization
import ReportFacts

/// A report's freshness in its readers' words, for its pages, its e-mail, its feed entry and its
/// warning: the data's time, until when it is valid, and (past that) that no new data came. Every
/// word is a property of the data and of the state, never of the build's clock, so pages made on
/// a later clock in the same state are the same bytes.
package struct FreshnessText: Sendable, Equatable {
    /// The script that turns a page's hidden banner on once the reader's clock passes its time.
    package static let script = "freshness.js"

    package let freshness: DataFreshness
    package let state: DataFreshness.State
    let conventions: TextConventions

    package init(_ freshness: DataFreshness, state: DataFreshness.State, conventions: TextConventions) {
        self.freshness = freshness
        self.state = state
        self.conventions = conventions
    }

    private func time(_ seconds: Int64) -> String {
        conventions.longTime(Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// "Data as of 3 March 2026 at 10:00 UTC."; nil when the data has no known time.
    package var dataAsOf: String? {
        freshness.dataAsOf.map { conventions.words.text("freshness.dataAsOf", ["time": time($0)]) }
    }

    /// "Valid until 4 March 2026 at 10:00 UTC."; nil when the data never turns stale.
    package var validUntil: String? {
        freshness.validUntil.map { conventions.words.text("freshness.validUntil", ["time": time($0)]) }
    }

    /// "No new data since 3 March 2026: it was due by …", once the data is past its valid-until time.
    package var staleSentence: String? {
        guard state != .fresh, let due = freshness.validUntil ?? freshness.errorAt else { return nil }
        // A card first seen after its results were due: no new data since they were due.
        let since = min(freshness.dataAsOf ?? due, due)
        return conventions.words.text(
            "freshness.stale",
            ["day": conventions.fullDay(of: Date(timeIntervalSince1970: TimeInterval(since))), "time": time(due)])
    }

    /// The lines the e-mail and the summary show beside the build's time.
    package var lines: [String] { [dataAsOf, validUntil, staleSentence].compactMap { $0 } }

    /// A message's subject, marked when the report has turned stale.
    package func subject(_ subject: String) -> String {
        state == .fresh ? subject : conventions.words.text("freshness.subject", ["subject": subject])
    }

    /// What the layout shows.
    var line: FreshnessLine {
        FreshnessLine(
            dataAsOf: dataAsOf, validUntil: validUntil,
            staleHeading: staleSentence == nil ? nil : conventions.words["freshness.staleHeading"],
            stale: staleSentence,
            banner: state == .fresh
                ? freshness.validUntil.map {
                    StaleBanner(
                        text: conventions.words.text("freshness.banner", ["time": time($0)]), validUntil: String($0))
                } : nil)
    }
}

/// The layout's freshness: beside the build's time, the data's and until when it is valid; the
/// notice of stale data; the hidden banner `freshness.js` shows once the reader's clock passes.
struct FreshnessLine: Codable {
    var dataAsOf: String?
    var validUntil: String?
    var staleHeading: String?
    var stale: String?
    var banner: StaleBanner?
}

/// The banner a fresh page carries hidden, with the moment it turns stale (Unix seconds).
struct StaleBanner: Codable {
    var text: String
    var validUntil: String
}
