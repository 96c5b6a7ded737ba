import Foundation
import Racing
import Deterministic
import GazetteCore
import JSONSupport
import ReportFacts
import Localization

/// Next to go: the next five races for the job's filter and for each category (SPEC §1.2).
///
/// Pages: `index.html` shows the job's filter; `all.html`, `horse.html`, `harness.html` and
/// `greyhound.html` are the filter tabs, plain links between pages. Every page carries every race
/// of its filter still visible at the build, so `countdown.js` can keep five on show as races leave.
package enum NextToGoKind: ReportKindUnit {
    package typealias Figures = NextToGoFigures

    package static let keys = [
        OptionKey(
            "categories",
            .object([
                "type": .string("array"),
                "items": OptionKey.oneOf(["horse", "harness", "greyhound"], "a race category"),
                "description": .string("the categories shown (default all)")
            ])),
        OptionKey(
            "format",
            OptionKey.oneOf(
                ["auto"] + NextToGoReaders.all.map { $0.name },
                "the list's format: auto (default: found by shape) or one of the formats docs/reference/inputs.md lists"
            )),
        OptionKey.maxAge("the feed"),
        OptionKey.fields(MappedNextToGo.keys, "a next-to-go list")
    ]
    package static let takesSeveralInputs = false
    package static let kind = ReportKind.nextToGo
    package static let defaultTitle = "Next to go"
    package static let nameKey = "kinds.nextToGo"
    package static func reportOptions(_ options: NextToGoOptions) -> ReportOptions { .nextToGo(options) }
    package static func reportData(_ data: NextToGoReportData) -> ReportData { .nextToGo(data) }
    package static let defaultOptions = NextToGoOptions()

    package static func options(_ fields: OptionFields) throws(BuildError) -> NextToGoOptions {
        var options = NextToGoOptions()
        if let value = fields["categories"] {
            for item in try value.items(named: "categories") {
                let name = try item.text().lowercased()
                guard let category = RaceCategory(filterName: name) else {
                    throw item.error("unknown category \"\(name)\" (expected horse, harness or greyhound)")
                }
                options.categories.append(category)
            }
        }
        if let value = fields["format"] {
            let name = try value.text().lowercased()
            let names = ["auto"] + NextToGoReaders.all.map { $0.name }
            guard names.contains(name) else {
                throw value.error("unknown format \"\(name)\" (expected one of: \(names.joined(separator: ", ")))")
            }
            options.format = name
        }
        if let value = fields["max-age"] { options.maxAge = try value.maxAge() }
        if let value = fields["fields"] {
            guard options.format == "auto" else {
                throw value.error("fields: reads an input no format knows; it goes without format: \(options.format)")
            }
            options.fields = try value.fieldMapping(MappedNextToGo.keys)
        }
        return options
    }

    /// The races a page shows.
    package static let racesShown = 5
    package static let changesWithTime = true

    /// The feed, decoded once the one way the build and the watch both read it.
    private static func decode(_ bytes: [UInt8], from source: Source, options: NextToGoOptions) throws(BuildError)
        -> NextToGoFeed
    {
        do {
            if let mapping = options.fields { return try MappedNextToGo.decode(Data(bytes), mapping: mapping) }
            let format = options.format
            return try NextToGoReaders.decode(Data(bytes), format: format == "auto" ? nil : format)
        } catch {
            throw BuildError.decoding(source, bytes: bytes, error)
        }
    }

    package static func freshness(
        _ bytes: [UInt8], from source: Source, options: NextToGoOptions, loadedAt: Int64, timeZone: String
    ) throws(BuildError) -> (any ReportFreshness)? {
        NextToGoFreshness(
            races: try decode(bytes, from: source, options: options).races, categories: Set(options.categories),
            maxAge: Int64(options.maxAge.rounded(.up)), loadedAt: loadedAt)
    }

    package static func build(_ input: ReportInput, options: NextToGoOptions) throws(BuildError) -> ReportContent {
        let (source, bytes) = try input.single()
        let feed = try decode(bytes, from: source, options: options)
        let now = Self.seconds(input.now)
        let filter = Set(options.categories)
        let selected = NextToGoView.selected(filter)
        let visible = NextToGoSelection.visible(feed.races, now: now, categories: [])
        let presenter = NextToGoPresenter(
            visible: visible, now: now, selected: selected, source: source.displayName, conventions: input.conventions)

        let title = input.title
        var pages = [
            PageSpec(
                path: selected.path, title: title, context: .nextToGo(presenter.page(selected, title: title)),
                script: "countdown.js")
        ]
        for view in NextToGoView.standard {
            let pageTitle = view.title(input.conventions.words)
            pages.append(
                PageSpec(
                    path: view.path, title: pageTitle, context: .nextToGo(presenter.page(view, title: pageTitle)),
                    script: "countdown.js"))
        }

        let selectable = NextToGoSelection.visible(visible, now: now, categories: filter)
        return ReportContent(
            pages: pages,
            charts: [],
            data: .nextToGo(NextToGoReportData(visible: visible, now: now, filter: filter, feed: feed)),
            warnings: input.warnings { Self.warnings(feed: feed, visible: visible, $0.words) }.map {
                $0.placed(in: source)
            },
            card: Self.card(selectable, now: now, filter: filter, input.conventions.words),
            summary: NextToGoSummary.lines(selectable, now: now, input.conventions.words),
            digest: NextToGoDigest.make(selectable, now: now, filter: filter, input.conventions),
            freshness: Self.freshness(feed, now: now)
        )
    }

    /// A feed lists races still to go when it is made, so its data is no newer than a minute after
    /// its first race's start (a feed of yesterday's races is yesterday's data), nor than this
    /// build's fetch. Stale ten minutes on, an error after an hour.
    static func freshness(_ feed: NextToGoFeed, now: Int64) -> FreshnessBasis {
        let first = feed.races.map { NextToGoSelection.expiry(of: $0) }.min()
        return FreshnessBasis(dataAsOf: min(now, first ?? now), cadence: Cadence(warnAfter: 600, errorAfter: 3600))
    }

    /// The front page's card: the next race, the two after it, and how many are left.
    package static func card(
        _ races: [RaceSummary], now: Int64, filter: Set<RaceCategory>, _ words: Words = .english
    ) -> ReportCard {
        let countdown = CountdownText(words)
        func name(_ race: RaceSummary) -> String {
            words.text("race.short", ["meeting": race.meetingName, "number": String(race.number)])
        }
        func when(_ race: RaceSummary) -> String { countdown.when(seconds: race.advertisedStart - now) }
        let categories = NextToGoView.phrase(filter, words)
        guard let next = races.first else {
            return ReportCard(
                headline: words["nextToGo.cardNone"],
                detail: words.text("nextToGo.showing", ["categories": categories]),
                thumbnail: nil)
        }
        let then = races.dropFirst().prefix(2).map {
            words.text("nextToGo.cardThenItem", ["race": name($0), "when": when($0)])
        }
        let count = words.count("nextToGo.toGo", races.count, String(races.count), ["categories": categories])
        return ReportCard(
            headline: words.text("nextToGo.cardNext", ["race": name(next), "when": when(next)]),
            detail: then.isEmpty
                ? count
                : words.text("nextToGo.cardThen", ["races": NextToGoView.list(then[...], words), "count": count]),
            thumbnail: nil)
    }

    /// Whole seconds: the feed's instants are Unix seconds and so is every rule on them.
    package static func seconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }

    package static func warnings(
        feed: NextToGoFeed, visible: [RaceSummary], _ words: Words = .english
    ) -> [ReportWarning] {
        var warnings: [ReportWarning] = []
        if !feed.skippedIDs.isEmpty {
            let count = feed.skippedIDs.count
            warnings.append(
                ReportWarning(
                    .leftOut,
                    words.count(
                        "nextToGo.warningSkipped", count, String(count),
                        ["ids": feed.skippedIDs.joined(separator: ", ")])))
        }
        if visible.isEmpty, let last = feed.races.last {
            // Stale data is the usual cause: say how stale, so the fix (fetch again) is obvious.
            let start = UTCTime.iso(Date(timeIntervalSince1970: TimeInterval(last.advertisedStart)))
            warnings.append(ReportWarning(.nothingToShow, words.text("nextToGo.warningNothingLeft", ["time": start])))
        }
        return warnings
    }
}

/// A next-to-go report's options: the categories of its own view (none means all), and how old
/// fetched data may get in `gazette watch`.
public struct NextToGoOptions: Equatable, Sendable, Encodable {
    public var categories: [RaceCategory] = []
    public var maxAge: TimeInterval = 300
    /// The list's format: `auto` (found by shape) or a name from `NextToGoReaders`.
    public var format = "auto"
    /// Where each value is in a JSON input no format knows (`fields:`), read instead of a format.
    public var fields: FieldMapping?

    public init(
        categories: [RaceCategory] = [], maxAge: TimeInterval = 300, format: String = "auto",
        fields: FieldMapping? = nil
    ) {
        self.fields = fields
        self.categories = categories
        self.maxAge = maxAge
        self.format = format
    }

    /// Seconds from `300`, `90s`, `5m` or `1h`, at most a year (longer is surely a mistake).
    public static func duration(_ text: String) -> TimeInterval? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600]
        var number = text.trimmingCharacters(in: .whitespaces)
        var factor = 1.0
        if let last = number.last, let unit = units[last] {
            factor = unit
            number.removeLast()
        }
        guard let value = Double(number), value > 0, value.isFinite, value * factor <= 366 * 86400 else { return nil }
        return value * factor
    }
}
