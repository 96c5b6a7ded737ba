import Graphics
import Localization

/// A chart as a value: everything needed to draw it, and the sentence that says what it shows.
///
/// Specs are plain data, with no drawing in them, so the presenter builds them without Cairo;
/// `ChartDrawing` draws any chart in any theme and format, in any order, with the same bytes out.
public protocol Chart: Sendable, Equatable, Encodable {
    /// The drawing size in chart pixels (CSS pixels on the page).
    var size: Size { get }
    /// A short title, used for the SVG `<title>`.
    var title: String { get }
    /// The data in words, used for the SVG `<desc>` and the `<img alt>`.
    var summary: String { get }
    /// The chart as one of the kinds there are, so the drawing side picks its drawer by a
    /// `switch` the compiler checks: a new kind cannot be left undrawn.
    var figure: ChartFigure { get }
    /// The readers' conventions its numbers, days and words are written in.
    var conventions: TextConventions { get }
}

/// Every kind of chart, each with its spec.
public enum ChartFigure: Sendable, Equatable {
    case line(LineChart)
    case market(MarketChart)
    case scoreGauge(ScoreGauge)
    case halfGauge(HalfGauge)
    case bandBar(BandBar)
    case weeklyBars(WeeklyBarChart)

    /// The kind's name in keys: written here, never taken from Swift's name of the type.
    public var tag: String {
        switch self {
        case .line: "line"
        case .market: "market"
        case .scoreGauge: "score-gauge"
        case .halfGauge: "half-gauge"
        case .bandBar: "band-bar"
        case .weeklyBars: "weekly-bars"
        }
    }
}
