/// One colour of a picture that carries both colour schemes: what it is in light and in dark, and
/// the system colour it becomes in forced-colours mode (Windows high contrast), so every mark
/// stays visible there.
public struct ThemedColor: Equatable, Sendable {
    public var light: Color
    public var dark: Color
    /// A CSS system colour: `Canvas`, `CanvasText`, `GrayText`, `Highlight`, `LinkText`.
    public var forced: String

    public init(light: Color, dark: Color, forced: String) {
        self.light = light
        self.dark = dark
        self.forced = forced
    }

    /// The stand-in colour a drawing uses for the themed colour numbered `slot` (below 256): a
    /// blue between 8-bit levels, which no literal colour has, so a writer that knows the slots
    /// tells them apart. Steps of Cairo's 16-bit levels, as Cairo shares a source between colours
    /// equal at those.
    public static func slot(_ slot: Int) -> Color {
        Color(red: 0, green: 0, blue: Double(slot + 1) / 65535)
    }
}
