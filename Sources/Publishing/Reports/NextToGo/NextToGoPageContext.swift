import GazetteCore
/// The values the `next-to-go` template shows, all pre-formatted.
struct NextToGoPage: Encodable {
    var title: String
    var builtAt: String
    var builtAtISO: String
    /// The build's now in Unix seconds: the script counts on from here.
    var now: String
    /// How many races the page shows at once.
    var limit: String
    /// "Showing horse racing only." (the script rewrites it when the checkboxes change).
    var filterText: String
    var tabs: [NextToGoTab]
    var checkboxes: [NextToGoCheckbox]
    /// "Only 3 races left to go." / "No races left to go."; nil when the page is full.
    var status: String?
    /// Every race still visible at the build, in start order; the ones not shown are `hidden`,
    /// so the script can reveal them as earlier races leave or the filter changes.
    var races: [NextToGoRow]
    var source: String
}

/// A link to one of the report's filter pages.
struct NextToGoTab: Encodable {
    var label: String
    var href: String
    var current: Bool
}

/// A category checkbox of the script's in-page filter.
struct NextToGoCheckbox: Encodable {
    var value: String
    var label: String
    var icon: String
    var checked: Bool
}

/// One race row.
struct NextToGoRow: Encodable {
    var id: String
    /// The category's raw name: the row's CSS class and the script's filter key.
    var category: String
    var categoryName: String
    /// Inline SVG, rendered unescaped (our own markup, no input text in it).
    var icon: String
    var meeting: String
    var number: String
    var name: String?
    /// "Palermo race 11, horse racing": the script appends the spoken countdown.
    var label: String
    /// The label with the countdown as of the build: "…, starts in 5 minutes".
    var sentence: String
    /// Advertised start in Unix seconds, for the script.
    var start: String
    var startISO: String
    /// "21:05 UTC"
    var startTime: String
    var countdown: String
    var hidden: Bool
}
