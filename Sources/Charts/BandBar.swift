import Graphics
import Localization
import Foundation

/// Five coloured segments, Very poor to Excellent, with a marker over the current band.
public struct BandBar: Chart {
    public var bandNames: [String]
    /// The current band's index, or nil when the band is unknown (no marker).
    public var current: Int?
    public var size: Size
    /// The readers' conventions its words are written in (its cache key holds them).
    public var conventions: TextConventions

    public init(
        bandNames: [String], current: Int?, size: Size = Size(width: 440, height: 112),
        conventions: TextConventions = .standard
    ) {
        self.bandNames = bandNames
        self.current = current
        self.size = size
        self.conventions = conventions
    }

    public var title: String { conventions.words["charts.bandBar.title"] }

    public var figure: ChartFigure { .bandBar(self) }

    public var summary: String {
        let words = conventions.words
        let scale = bandNames.joined(separator: words["charts.bandBar.listSeparator"])
        if let current, bandNames.indices.contains(current) {
            return words.text(
                "charts.bandBar.summary",
                [
                    "scale": scale, "position": String(current + 1), "count": String(bandNames.count),
                    "band": bandNames[current]
                ])
        }
        return words.text("charts.bandBar.summaryUnknown", ["scale": scale])
    }
}
