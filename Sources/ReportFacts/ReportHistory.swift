import Foundation

/// A report's headline figures of earlier builds, kept with the site in `SLUG/history.json`: one
/// entry per build whose figures changed, stamped with that build's clock, oldest first. Bounded
/// (`capacity` entries; the oldest half thinned first) and written with sorted keys, so the same
/// builds over the same previous output give the same bytes.
package struct ReportHistory: Codable, Equatable, Sendable {
    package static let fileName = "history.json"
    package static let format = "gazette-history 1"
    /// At most this many entries are kept.
    package static let capacity = 1000

    package struct Entry: Codable, Equatable, Sendable {
        /// The build's clock, in Unix seconds.
        package var at: Int64
        package var figures: HeadlineFigures
        /// What the build said of them, in the readers' words: the change, or the headline of a
        /// first build (a feed's entry shows it).
        package var summary: String?

        package init(at: Int64, figures: HeadlineFigures, summary: String? = nil) {
            self.at = at
            self.figures = figures
            self.summary = summary
        }
    }

    package var format = Self.format
    package var entries: [Entry]

    package init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The history's path in the site.
    package static func path(_ slug: String) -> String { "\(slug)/\(fileName)" }

    /// The history after a build at `now` whose figures are `figures`: one entry more when they
    /// differ from the last entry's (a build that changed nothing leaves it as it was), thinned
    /// to `capacity`.
    /// The earlier entries keep only what the kind still needs beside the new figures
    /// (`KindFigures.kept(forLatest:)`), so a history does not grow with what no build reads again.
    package func recording(_ figures: HeadlineFigures, at now: Int64, summary: String? = nil) -> ReportHistory {
        guard entries.last?.figures != figures else { return self }
        var earlier = entries
        for (index, kept) in HeadlineFigures.kept(earlier.map(\.figures), forLatest: figures).enumerated() {
            earlier[index].figures = kept
        }
        return ReportHistory(entries: Self.thinned(earlier + [Entry(at: now, figures: figures, summary: summary)]))
    }

    /// The history a build with `figures` at `now` leaves: this one with them recorded, or a
    /// fresh one when this is another kind's (the slug now names another report).
    package func continued(with figures: HeadlineFigures, at now: Int64, summary: String? = nil) -> ReportHistory {
        let kept = entries.last.map { $0.figures.isSameKind(as: figures) } ?? true ? self : ReportHistory()
        return kept.recording(figures, at: now, summary: summary)
    }

    /// What a build at `now` says against this history, the one it leaves (`recording` done):
    /// its figures changed when the last entry is its own (stamped with its clock), measured from
    /// the entry before; else nothing changed since the last entry. A function of the history
    /// left and whether its last entry is this build's, so a report reused whole (its key holds
    /// both) says what a rebuild would.
    package func change(at now: Int64) -> HistoryComparison {
        guard let last = entries.last else { return HistoryComparison(since: nil, changed: false, unchangedSince: nil) }
        let before = entries.count >= 2 ? entries[entries.count - 2] : nil
        if last.at == now { return HistoryComparison(since: before, changed: true, unchangedSince: nil) }
        return HistoryComparison(since: before, changed: false, unchangedSince: last)
    }

    /// Entries over `capacity` are thinned from the oldest: every second entry of the older half
    /// goes, the oldest first and only as many as need to (the first entry stays, so the history
    /// still starts where it started; the newer half stays whole).
    static func thinned(_ entries: [Entry]) -> [Entry] {
        var kept = entries
        while kept.count > capacity {
            let needed = kept.count - capacity
            let half = kept.count / 2
            var removed = 0
            var result: [Entry] = []
            result.reserveCapacity(kept.count - needed)
            for (index, entry) in kept.enumerated() {
                if index < half, index % 2 == 1, removed < needed {
                    removed += 1
                    continue
                }
                result.append(entry)
            }
            kept = result
        }
        return kept
    }

    /// The file's bytes: JSON with sorted keys.
    package func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A history is plain numbers and strings: encoding cannot fail.
        return Array((try? encoder.encode(self)) ?? Data())
    }

    /// A history read back, its figures of the kinds `kinds` names; nil when the bytes are not a
    /// history of this format.
    package static func decoded(_ bytes: [UInt8], kinds: [any KindFigures.Type]) -> ReportHistory? {
        let decoder = JSONDecoder()
        decoder.userInfo[HeadlineFigures.typesKey] = kinds
        guard let history = try? decoder.decode(ReportHistory.self, from: Data(bytes)),
            history.format == format
        else { return nil }
        return history
    }
}

/// A build's figures against the history before it.
package struct HistoryComparison: Equatable, Sendable {
    /// The entry the change is measured from ("+16 since 1 October 2026"): the one before the
    /// last; nil without one.
    package var since: ReportHistory.Entry?
    /// Whether this build recorded new figures.
    package var changed: Bool
    /// When nothing changed: the entry of the last build that changed anything ("no change since …").
    package var unchangedSince: ReportHistory.Entry?
}

/// A kind's headline figures as its history keeps them: what its pages compare with. Each kind's
/// unit names its type (`ReportKindUnit.Figures`); this target knows none of them.
package protocol KindFigures: Codable, Equatable, Sendable {
    /// The figures' one key in a history entry (`{"creditScore": {"score": 530, …}}`).
    static var historyKey: String { get }

    /// What earlier entries still need to keep once `latest` is recorded after them.
    static func kept(_ earlier: [Self], forLatest latest: Self) -> [Self]
}

extension KindFigures {
    /// By default an earlier entry keeps all it has.
    package static func kept(_ earlier: [Self], forLatest latest: Self) -> [Self] { earlier }
}

/// One build's headline figures, of whichever kind: kept as an object of one key, the kind's.
package struct HeadlineFigures: Codable, Equatable, Sendable {
    package let figures: any KindFigures

    package init(_ figures: some KindFigures) {
        self.figures = figures
    }

    /// The figures as `type`; nil when they are another kind's.
    package func of<Figures: KindFigures>(_ type: Figures.Type) -> Figures? { figures as? Figures }

    /// Earlier entries' figures as they are kept once `latest` is recorded: those of its kind
    /// as the kind says, any other as they are.
    package static func kept(_ earlier: [HeadlineFigures], forLatest latest: HeadlineFigures) -> [HeadlineFigures] {
        func kept<Figures: KindFigures>(_ latest: Figures) -> [HeadlineFigures] {
            let same = earlier.compactMap { $0.figures as? Figures }
            guard same.count == earlier.count else { return earlier }
            return Figures.kept(same, forLatest: latest).map(HeadlineFigures.init)
        }
        return kept(latest.figures)
    }

    /// Whether both are figures of one kind: a history of another kind is not compared with.
    package func isSameKind(as other: HeadlineFigures) -> Bool {
        Swift.type(of: figures).historyKey == Swift.type(of: other.figures).historyKey
    }

    package static func == (lhs: HeadlineFigures, rhs: HeadlineFigures) -> Bool {
        func equals<Figures: KindFigures>(_ figures: Figures) -> Bool { rhs.figures as? Figures == figures }
        return equals(lhs.figures)
    }

    /// Where a decoder finds the kinds' figure types (`ReportHistory.decoded` puts them there).
    package static let typesKey = CodingUserInfoKey(rawValue: "gazette.kindFigures")!

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let types = decoder.userInfo[Self.typesKey] as? [any KindFigures.Type] ?? []
        guard let type = types.first(where: { container.contains(Key(stringValue: $0.historyKey)) }) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "figures of no kind this Gazette knows"))
        }
        func decode<Figures: KindFigures>(_ type: Figures.Type) throws -> any KindFigures {
            try container.decode(type, forKey: Key(stringValue: type.historyKey))
        }
        figures = try decode(type)
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        func encode<Figures: KindFigures>(_ figures: Figures) throws {
            try container.encode(figures, forKey: Key(stringValue: Figures.historyKey))
        }
        try encode(figures)
    }
}
