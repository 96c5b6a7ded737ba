import Graphics

/// The colours a chart is drawn with. Light and dark match the page's two colour schemes.
public struct Theme: Equatable, Sendable {
    public enum Name: String, CaseIterable, Sendable { case light, dark }

    public let name: Name
    public let background: Color
    public let text: Color
    public let mutedText: Color
    public let grid: Color
    public let track: Color
    public let accent: Color
    public let highlight: Color
    /// Very poor, Poor, Fair, Good, Excellent.
    public let bands: [Color]
    /// The bands as a shade behind a line: fainter on a light background than on a dark one.
    public let bandShades: [Color]
    public let good: Color
    public let warning: Color
    public let bad: Color

    public static let light = Theme(
        name: .light,
        background: Color(hex: 0xFFFFFF),
        text: Color(hex: 0x1B1F24),
        mutedText: Color(hex: 0x59636E),
        grid: Color(hex: 0xE3E6EA),
        track: Color(hex: 0xE8EBEF),
        accent: Color(hex: 0x0B63CE),
        highlight: Color(hex: 0xC2410C),
        bands: [
            Color(hex: 0xC62828), Color(hex: 0xE0691A), Color(hex: 0xC99A06), Color(hex: 0x5E9E2F), Color(hex: 0x16803C)
        ],
        good: Color(hex: 0x16803C),
        warning: Color(hex: 0xB7791F),
        bad: Color(hex: 0xC62828),
        bandShadeAlpha: 0.12
    )

    public static let dark = Theme(
        name: .dark,
        background: Color(hex: 0x161B22),
        text: Color(hex: 0xE6EDF3),
        mutedText: Color(hex: 0x9EA8B3),
        grid: Color(hex: 0x2D333B),
        track: Color(hex: 0x2D333B),
        accent: Color(hex: 0x58A6FF),
        highlight: Color(hex: 0xFFA657),
        bands: [
            Color(hex: 0xF47067), Color(hex: 0xF69D50), Color(hex: 0xE3C04B), Color(hex: 0x8DDB5E), Color(hex: 0x57D18A)
        ],
        good: Color(hex: 0x57D18A),
        warning: Color(hex: 0xE3C04B),
        bad: Color(hex: 0xF47067),
        bandShadeAlpha: 0.16
    )

    private init(
        name: Name, background: Color, text: Color, mutedText: Color, grid: Color, track: Color, accent: Color,
        highlight: Color, bands: [Color], good: Color, warning: Color, bad: Color, bandShadeAlpha: Double
    ) {
        self.init(
            name: name, background: background, text: text, mutedText: mutedText, grid: grid, track: track,
            accent: accent, highlight: highlight, bands: bands, bandShades: bands.map { $0.withAlpha(bandShadeAlpha) },
            good: good, warning: warning, bad: bad)
    }

    private init(
        name: Name, background: Color, text: Color, mutedText: Color, grid: Color, track: Color, accent: Color,
        highlight: Color, bands: [Color], bandShades: [Color], good: Color, warning: Color, bad: Color
    ) {
        self.name = name
        self.background = background
        self.text = text
        self.mutedText = mutedText
        self.grid = grid
        self.track = track
        self.accent = accent
        self.highlight = highlight
        self.bands = bands
        self.bandShades = bandShades
        self.good = good
        self.warning = warning
        self.bad = bad
    }

    public static func named(_ name: Name) -> Theme {
        name == .light ? .light : .dark
    }
}

extension Theme {
    /// The theme of a picture that carries both schemes: each colour is a stand-in
    /// (`ThemedColor.slot`) whose light, dark and forced colours `themedColors` gives.
    public static let themed: Theme = {
        let slots = (0..<themedPairs.count).map(ThemedColor.slot)
        return Theme(
            name: .light, background: slots[0], text: slots[1], mutedText: slots[2], grid: slots[3], track: slots[4],
            accent: slots[5], highlight: slots[6], bands: Array(slots[7..<12]), bandShades: Array(slots[12..<17]),
            good: slots[17], warning: slots[18], bad: slots[19])
    }()

    /// Each stand-in colour of `themed` as its light, dark and forced colours.
    public static let themedColors: [Color: ThemedColor] = {
        var colours: [Color: ThemedColor] = [:]
        for (index, pair) in themedPairs.enumerated() { colours[ThemedColor.slot(index)] = pair }
        return colours
    }()

    /// In `themed`'s order. In forced colours the background is the system's canvas, words its
    /// text colour, grid lines, tracks and shades its grey, series, bands and the gauges' ink
    /// its highlight: every mark stays visible against the canvas.
    private static let themedPairs: [ThemedColor] = {
        let light = Theme.light, dark = Theme.dark
        func pair(_ path: (Theme) -> Color, _ forced: String) -> ThemedColor {
            ThemedColor(light: path(light), dark: path(dark), forced: forced)
        }
        var pairs = [
            pair({ $0.background }, "Canvas"), pair({ $0.text }, "CanvasText"), pair({ $0.mutedText }, "CanvasText"),
            pair({ $0.grid }, "GrayText"), pair({ $0.track }, "GrayText"), pair({ $0.accent }, "Highlight"),
            pair({ $0.highlight }, "LinkText")
        ]
        pairs += light.bands.indices.map { index in pair({ $0.bands[index] }, "Highlight") }
        pairs += light.bandShades.indices.map { index in pair({ $0.bandShades[index] }, "GrayText") }
        pairs += [pair({ $0.good }, "Highlight"), pair({ $0.warning }, "Highlight"), pair({ $0.bad }, "Highlight")]
        return pairs
    }()
}
