import Graphics
import TextStyle
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

    public var title: String { "Credit score bands" }

    public var figure: ChartFigure { .bandBar(self) }

    public var summary: String {
        let scale = bandNames.joined(separator: ", ")
        if let current, bandNames.indices.contains(current) {
            return
                "Score bands from lowest to highest: \(scale). This score is in band \(current + 1) of \(bandNames.count): \(bandNames[current])."
        }
        return "Score bands from lowest to highest: \(scale). This score's band is unknown."
    }
}
