import TextStyle
import Canvas
import Foundation

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

    public init(
        title: String, percent: Double?, caption: String = "utilised", detail: String = "",
        size: Size = Size(width: 240, height: 150)
    ) {
        self.title = title
        self.percent = percent
        self.caption = caption
        self.detail = detail
        self.size = size
    }

    /// The filled share, clamped to 0…1 (0 when there is no figure).
    public var fill: Double {
        guard let percent, percent.isFinite else { return 0 }
        return min(1, max(0, percent / 100))
    }

    public var summary: String {
        let figure = percent.map { "\(Self.format($0)) percent \(caption)" } ?? "no figure given"
        return "\(title): \(figure)." + (detail.isEmpty ? "" : " " + detail)
    }

    /// Whole percentages print without decimals; others with one.
    static func format(_ value: Double) -> String {
        NumberText.decimal(value, fractionDigits: value == value.rounded() ? 0 : 1)
    }

    /// Low use reads as healthy, heavy use as a warning sign.
    func colour(_ theme: Theme) -> Color {
        guard let percent else { return theme.track }
        if percent < 30 { return theme.good }
        if percent < 75 { return theme.warning }
        return theme.bad
    }

    public func draw(in context: DrawingContext, theme: Theme) throws {
        let thickness = size.height * 0.13
        let center = Point(x: size.width / 2, y: size.height - thickness / 2 - 4)
        let radius = min(size.width / 2 - thickness / 2 - 4, center.y - thickness / 2 - 4)

        context.setLineCap(.round)
        context.setLineWidth(thickness)
        context.setColor(theme.track)
        context.newPath()
        context.arc(center: center, radius: radius, start: .pi, end: 2 * .pi)
        context.stroke()
        if fill > 0 {
            context.setColor(colour(theme))
            context.newPath()
            context.arc(center: center, radius: radius, start: .pi, end: .pi + .pi * fill)
            context.stroke()
        }

        context.setColor(theme.text)
        context.setFont(size: radius * 0.42, weight: .bold)
        let figure = percent.map { NumberText.withPercentSign(Self.format($0)) } ?? "—"
        context.drawText(
            figure, at: Point(x: center.x, y: center.y - radius * 0.28), anchor: .middle, baseline: .alphabetic)
        context.setColor(theme.mutedText)
        context.setFont(size: radius * 0.17)
        context.drawText(
            percent == nil ? "no data" : caption, at: Point(x: center.x, y: center.y), anchor: .middle,
            baseline: .alphabetic)
    }
}
