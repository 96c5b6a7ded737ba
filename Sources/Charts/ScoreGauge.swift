import Graphics
import Localization
import Foundation

/// The credit-score ring: an open ring with a 36° gap centred at the bottom, filled clockwise
/// from the gap's left end by the score's share of the range, with the score in the middle.
public struct ScoreGauge: Chart {
    public var score: Int
    public var minimum: Int
    public var maximum: Int
    /// Index of the band (0…4) for the fill colour; nil draws the fill in the accent colour.
    public var band: Int?
    public var bandName: String
    public var size: Size
    /// The readers' conventions its words are written in (its cache key holds them).
    public var conventions: TextConventions

    /// The gap at the bottom of the ring, in degrees.
    public static let gapDegrees = 36.0

    public init(
        score: Int, minimum: Int, maximum: Int, band: Int?, bandName: String,
        size: Size = Size(width: 320, height: 300), conventions: TextConventions = .standard
    ) {
        self.score = score
        self.minimum = minimum
        self.maximum = maximum
        self.band = band
        self.bandName = bandName
        self.size = size
        self.conventions = conventions
    }

    /// The filled share of the ring, clamped to 0…1.
    public var fill: Double {
        // In Double, so no score or range can overflow.
        guard maximum > minimum else { return 0 }
        return min(1, max(0, (Double(score) - Double(minimum)) / (Double(maximum) - Double(minimum))))
    }

    public var title: String { conventions.words["charts.scoreGauge.title"] }

    public var figure: ChartFigure { .scoreGauge(self) }

    public var summary: String {
        conventions.words.text(
            "charts.scoreGauge.summary",
            [
                "score": String(score), "maximum": String(maximum), "minimum": String(minimum),
                "percent": String(Int((fill * 100).rounded())), "band": bandName
            ])
    }

    /// Start and end angles of the whole ring and of the filled part, in radians (clockwise, 0 = right).
    public var angles: (start: Double, end: Double, fillEnd: Double) {
        let start = (90 + Self.gapDegrees / 2) * .pi / 180
        let sweep = (360 - Self.gapDegrees) * .pi / 180
        return (start, start + sweep, start + sweep * fill)
    }
}
