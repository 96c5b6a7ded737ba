import Localization
import Graphics
import Foundation

/// A figure marked on a `HalfGauge`'s ring by a tick with a small label outside it, such as a
/// guideline's limit.
public struct GaugeMark: Equatable, Sendable, Encodable {
    public var percent: Double
    public var label: String
    /// Drawn stronger than the others: the mark that matters most (the usual guideline).
    public var isMain: Bool

    public init(percent: Double, label: String, isMain: Bool = false) {
        self.percent = percent
        self.label = label
        self.isMain = isMain
    }
}

/// A half ring, left to right over the top, filled by a percentage (credit utilisation).
public struct HalfGauge: Chart {
    public var title: String
    /// The percentage shown, or nil when the input had none (the ring stays empty).
    public var percent: Double?
    /// The word under the figure, such as "utilised".
    public var caption: String
    /// A sentence with the figures behind the percentage, appended to the summary.
    public var detail: String
    public var size: Size
    /// The readers' conventions its numbers, days and words are written in (its cache key holds them).
    public var conventions: TextConventions
    /// Figures marked on the ring, the ring made smaller to leave their labels room; nil for none.
    public var marks: [GaugeMark]? = nil

    public init(
        title: String, percent: Double?, caption: String = "utilised", detail: String = "",
        size: Size = Size(width: 240, height: 150), conventions: TextConventions = .standard
    ) {
        self.title = title
        self.percent = percent
        self.caption = caption
        self.detail = detail
        self.size = size
        self.conventions = conventions
    }

    /// The filled share, clamped to 0…1 (0 when there is no figure).
    public var fill: Double {
        guard let percent, percent.isFinite else { return 0 }
        return min(1, max(0, percent / 100))
    }

    public var figure: ChartFigure { .halfGauge(self) }

    public var summary: String {
        let words = conventions.words
        let figure =
            percent.map {
                words.text(
                    "charts.halfGauge.figure", ["percent": Self.format($0, conventions.numbers), "caption": caption])
            } ?? words["charts.halfGauge.noFigure"]
        return words.text("charts.halfGauge.summary", ["title": title, "figure": figure])
            + (detail.isEmpty ? "" : " " + detail)
    }

    /// Whole percentages print without decimals; others with one.
    package static func format(_ value: Double, _ numbers: NumberText) -> String {
        numbers.decimal(value, fractionDigits: value == value.rounded() ? 0 : 1)
    }
}
