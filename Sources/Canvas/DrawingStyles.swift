// How a `DrawingContext` strokes lines and sets text: its own vocabulary, used only where Cairo draws.

public enum LineCap: Sendable { case butt, round, square }
public enum LineJoin: Sendable { case miter, round, bevel }
public enum FontWeight: Sendable, CaseIterable { case regular, bold }
/// Where a text's anchor point lies horizontally.
public enum TextAnchor: Sendable { case start, middle, end }
/// Where a text's anchor point lies vertically.
public enum TextBaseline: Sendable { case alphabetic, middle, top, bottom }

/// Measured size of a run of text at the current font.
public struct TextExtents: Equatable, Sendable {
    /// How far the pen advances: the width to use for layout.
    public var advance: Double
    /// Ink box relative to the pen position (y grows downwards).
    public var inkX: Double
    public var inkY: Double
    public var inkWidth: Double
    public var inkHeight: Double
}

/// Ascent and descent of the current font, for vertical placement.
public struct FontMetrics: Equatable, Sendable {
    public var ascent: Double
    public var descent: Double
    public var height: Double
}
