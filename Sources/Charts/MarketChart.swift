import Graphics
import Localization

/// One runner in a betting market.
public struct MarketEntry: Equatable, Sendable, Encodable {
    /// The runner as shown: `1 Osculation`.
    public var label: String
    /// The implied probability of winning, 0…1; nil when the odds are unpriced.
    public var probability: Double?
    /// The odds exactly as given: `13/8`, `EVS`, `SP`.
    public var odds: String
    /// The implied probability at the runner's opening price, when the report remembers one;
    /// drawn as a mark on the bar where it differs from now.
    public var opening: Double?
    /// The opening price as shown, for the chart's text.
    public var openingOdds: String?

    public init(label: String, probability: Double?, odds: String, opening: Double? = nil, openingOdds: String? = nil) {
        self.label = label
        self.probability = probability
        self.odds = odds
        self.opening = opening
        self.openingOdds = openingOdds
    }
}

/// A race's betting market: a horizontal bar of each runner's implied win probability, in the
/// order given (normally by odds, the favourite first).
///
/// Bars share one 0-based percentage scale whose top is the nice round value just above the
/// largest probability (38.1 % → 40 %), with faint grid lines at each step: the favourite nearly
/// fills the width, so differences between runners read clearly, while the grid keeps the
/// lengths honest as shares of 100 % (a 0–100 % axis would squeeze a typical field, where most
/// runners are under 20 %, into the left fifth). Unpriced runners are listed with their odds
/// and no bar. The favourite (the first entry with a probability) is drawn in the accent colour.
public struct MarketChart: Chart {
    public var title: String
    public var entries: [MarketEntry]
    public var size: Size
    /// The readers' conventions its numbers, days and words are written in (its cache key holds them).
    public var conventions: TextConventions

    /// The height of one runner's row, in px.
    public static let rowHeight = 34.0
    /// Space above the first row (title and scale) and below the last.
    package static let headerHeight = 72.0
    package static let footerHeight = 14.0

    /// - Parameter width: the drawing width; the height follows from the number of entries.
    public init(
        title: String, entries: [MarketEntry], size width: Double = 720, conventions: TextConventions = .standard
    ) {
        self.title = title
        self.conventions = conventions
        self.entries = entries
        let rows = Double(max(1, entries.count))
        self.size = Size(width: width, height: Self.headerHeight + rows * Self.rowHeight + Self.footerHeight)
    }

    /// The index of the favourite: the first entry with a probability.
    public var favouriteIndex: Int? {
        entries.firstIndex { $0.shownProbability != nil }
    }

    public var figure: ChartFigure { .market(self) }

    public var summary: String {
        let words = conventions.words
        guard !entries.isEmpty else { return words["market.noRunners"] }
        let priced = entries.compactMap { entry in
            entry.shownProbability.map {
                let text = "\(entry.label) \(conventions.numbers.percent(share: $0))\(Self.inParentheses(entry.odds))"
                guard let opening = entry.movedOpening else { return text }
                return words.text(
                    "market.openedAt",
                    [
                        "runner": text, "chance": conventions.numbers.percent(share: opening),
                        "odds": entry.openingOdds ?? ""
                    ])
            }
        }
        let unpriced = entries.filter { $0.shownProbability == nil }.map { $0.label + Self.inParentheses($0.odds) }
        let list = priced.joined(separator: ", ")
        guard !unpriced.isEmpty else { return words.text("market.pricedOnly", ["list": list]) }
        return words.text(
            priced.isEmpty ? "market.unpricedOnly" : "market.pricedAndUnpriced",
            ["list": list, "unpriced": unpriced.joined(separator: ", ")])
    }

    private static func inParentheses(_ odds: String) -> String {
        odds.isEmpty ? "" : " (\(odds))"
    }
}

extension MarketEntry {
    /// The probability when it can be drawn: finite and within 0…1 (clamped), else nil.
    package var shownProbability: Double? {
        guard let probability, probability.isFinite, probability >= 0 else { return nil }
        return min(1, probability)
    }

    /// The opening chance when it can be drawn and differs from now; nil otherwise.
    package var movedOpening: Double? {
        guard let now = shownProbability, let opening, opening.isFinite, opening >= 0 else { return nil }
        let shown = min(1, opening)
        return abs(shown - now) > 1e-12 ? shown : nil
    }
}

extension MarketChart {
    /// Whether any runner's opening mark is drawn (the chart then says what the mark means).
    public var showsOpening: Bool { entries.contains { $0.movedOpening != nil } }
}
