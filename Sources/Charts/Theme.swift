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
        bad: Color(hex: 0xC62828)
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
        bad: Color(hex: 0xF47067)
    )

    public static func named(_ name: Name) -> Theme {
        name == .light ? .light : .dark
    }
}
