import Foundation
import Racing
import Localization

/// A next-to-go countdown in the readers' words (the `countdown` messages): English is SPEC
/// §1.2's exact grammar (`1h 5m`, `12m`, `3m 20s`, `45s`, `-30s`), as `Countdown` writes it for
/// `report.json`. `countdown.js` gets the same messages from the page (`liveWords`) to tick with.
public struct CountdownText: Sendable {
    public let words: Words

    public init(_ words: Words) {
        self.words = words
    }

    /// `1h 5m`, `2h`, `12m`, `3m 20s`, `3m`, `45s`, `0s`; the `past` form once the race has started.
    public func format(seconds delta: Int64) -> String {
        let parts = Countdown.Parts(delta.magnitude)
        let text: String
        switch parts.largest {
        case .hours:
            text =
                parts.minutes == 0
                ? words.text("countdown.hours", ["hours": String(parts.hours)])
                : words.text(
                    "countdown.hoursMinutes", ["hours": String(parts.hours), "minutes": String(parts.minutes)])
        case .minutes:
            text = words.text("countdown.minutes", ["minutes": String(parts.totalMinutes)])
        case .minutesAndSeconds:
            text =
                parts.seconds == 0
                ? words.text("countdown.minutes", ["minutes": String(parts.totalMinutes)])
                : words.text(
                    "countdown.minutesSeconds",
                    ["minutes": String(parts.totalMinutes), "seconds": String(parts.seconds)])
        case .seconds:
            text = words.text("countdown.seconds", ["seconds": String(parts.seconds)])
        }
        return delta < 0 ? words.text("countdown.past", ["time": text]) : text
    }

    /// The countdown in words for screen readers: `starts in 1 hour 5 minutes`, `starts now`,
    /// `started 30 seconds ago`.
    package func spoken(seconds delta: Int64) -> String {
        guard delta != 0 else { return words["countdown.now"] }
        let parts = Countdown.Parts(delta.magnitude)
        let text: String
        switch parts.largest {
        case .hours:
            text = join(
                unit("countdown.hour", parts.hours),
                parts.minutes == 0 ? nil : unit("countdown.minute", parts.minutes))
        case .minutes:
            text = unit("countdown.minute", parts.totalMinutes)
        case .minutesAndSeconds:
            text = join(
                unit("countdown.minute", parts.totalMinutes),
                parts.seconds == 0 ? nil : unit("countdown.second", parts.seconds))
        case .seconds:
            text = unit("countdown.second", parts.seconds)
        }
        return words.text(delta > 0 ? "countdown.startsIn" : "countdown.startedAgo", ["time": text])
    }

    /// When a race starts, for the front page's card and the digest: `starts now`, `in 5m`,
    /// `started 30s ago`.
    package func when(seconds delta: Int64) -> String {
        if delta == 0 { return words["countdown.now"] }
        let time = format(seconds: Int64(delta.magnitude))
        return words.text(delta > 0 ? "countdown.in" : "countdown.startedAgo", ["time": time])
    }

    private func unit(_ key: String, _ value: UInt64) -> String {
        words.count(key, Int(value), String(value))
    }

    private func join(_ first: String, _ second: String?) -> String {
        second.map { words.text("countdown.join", ["first": first, "second": $0]) } ?? first
    }

    /// The messages `countdown.js` words the page with, as JSON for the list's `data-words`;
    /// nil when they are the script's own (English) words, so an English page carries none.
    package var live: String? {
        let json = Self.live(words)
        return json == Self.englishLive ? nil : json
    }

    /// The script's own words as the list would carry them, made once.
    private static let englishLive = live(.english)

    /// The messages the script uses, in the order of its `ORDER`, each with its placeholders in
    /// the order the script numbers them (`{0}`, `{1}`): the page carries words only, no names.
    static let liveMessages: [(key: String, placeholders: [String])] = [
        ("countdown.hoursMinutes", ["hours", "minutes"]), ("countdown.hours", ["hours"]),
        ("countdown.minutes", ["minutes"]), ("countdown.minutesSeconds", ["minutes", "seconds"]),
        ("countdown.seconds", ["seconds"]), ("countdown.past", ["time"]), ("countdown.now", []),
        ("countdown.startsIn", ["time"]), ("countdown.startedAgo", ["time"]), ("countdown.hour", ["count"]),
        ("countdown.minute", ["count"]), ("countdown.second", ["count"]), ("countdown.join", ["first", "second"]),
        ("nextToGo.sentence", ["label", "countdown"]), ("nextToGo.statusNone", []),
        ("nextToGo.statusOnly", ["count"]), ("nextToGo.goneAll", ["time"]), ("nextToGo.goneSome", ["count", "time"])
    ]

    /// `["de", "{0} Std. {1} Min.", …]`: the language, then each message (`Words.scriptList`).
    static func live(_ words: Words) -> String {
        words.scriptList(liveMessages)
    }
}
