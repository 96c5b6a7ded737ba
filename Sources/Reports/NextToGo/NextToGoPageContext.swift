import Racing
import GazetteCore
/// The values the `next-to-go` template shows, all pre-formatted.
// gazette:template next-to-go
package struct NextToGoPage: Codable, Sendable, Equatable {
    package var title: String
    package var builtAt: String
    package var builtAtISO: String
    /// The build's now in Unix seconds (the script counts from the reader's clock, not this).
    package var now: String
    /// "21:05 UTC": the build's time of day, for the script's "every race … has gone" line.
    package var builtAtClock: String
    /// How many races the page shows at once.
    package var limit: String
    /// The words `countdown.js` ticks with, as JSON (`CountdownText.live`); nil for its own
    /// English words, so an English page carries none.
    package var liveWords: String?
    /// "Showing horse racing only."
    package var filterText: String
    package var tabs: [NextToGoTab]
    /// "Only 3 races left to go." / "No races left to go."; nil when the page is full.
    package var status: String?
    /// Every race of the page's filter still visible at the build, in start order; the ones past
    /// the first `limit` are `hidden`, so the script can reveal them as earlier races leave.
    package var races: [NextToGoRow]
    package var source: String
}

/// A link to one of the report's filter pages.
package struct NextToGoTab: Codable, Sendable, Equatable {
    package var label: String
    package var href: String
    package var current: Bool
}

/// One race row.
package struct NextToGoRow: Codable, Sendable, Equatable {
    package var id: String
    /// The category's raw name: the row's CSS class.
    package var category: String
    package var categoryName: String
    /// Which picture `race-icon.mustache` draws for the row's category.
    package var icon: RaceIcon
    package var meeting: String
    /// The race's number as the row shows it: "R11".
    package var number: String
    package var name: String?
    /// "Palermo race 11, horse racing": the script adds the spoken countdown (`nextToGo.sentence`).
    package var label: String
    /// The label with the countdown as of the build: "…, starts in 5 minutes.".
    package var sentence: String
    /// Advertised start in Unix seconds, for the script.
    package var start: String
    package var startISO: String
    /// "21:05 UTC"
    package var startTime: String
    package var countdown: String
    package var hidden: Bool
}

/// A race category's picture: the one flag that is set picks the shapes `race-icon.mustache` draws.
package struct RaceIcon: Codable, Sendable, Equatable {
    package var horse = false
    package var harness = false
    package var greyhound = false
    package var other = false

    package init(_ category: RaceCategory) {
        switch category {
        case .horse: horse = true
        case .harness: harness = true
        case .greyhound: greyhound = true
        case .other: other = true
        }
    }
}
