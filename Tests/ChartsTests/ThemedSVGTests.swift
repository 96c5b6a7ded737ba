import ChartDrawing
import Foundation
import GazettePictureTestSupport
import Graphics
import XCTest
@testable import Charts

/// One SVG per chart: both colour schemes in the file's style, forced colours for every class,
/// and a chart's layouts in one file sharing its glyphs.
final class ThemedSVGTests: XCTestCase {
    private static let goldens = Golden(besides: #filePath)
    private let wide = TestData.lineChart(TestData.typicalYear, title: "Bench Press")
    private let phone = TestData.lineChart(TestData.typicalYear, title: "Bench Press", size: TestData.phone)

    func testATwoLayoutFileMatchesItsGolden() throws {
        Self.goldens.assertSVG(try ChartRenderer.themedSVG([wide, phone]), "line-typical-year-themed.svg")
    }

    /// No colour of either theme is written on an element: each is a class, and every class the
    /// drawing uses has a light rule, a dark rule and a forced-colours rule.
    func testEveryColourIsAClassWithLightDarkAndForcedRules() throws {
        let svg = String(decoding: try ChartRenderer.themedSVG([wide, phone]), as: UTF8.self)
        let parts = svg.components(separatedBy: "</style>")
        XCTAssertEqual(parts.count, 2, "one style")
        let (style, drawing) = (parts[0], parts[1])
        for theme in [Theme.light, .dark] {
            for colour in [theme.background, theme.text, theme.mutedText, theme.grid, theme.accent, theme.highlight] {
                XCTAssertFalse(drawing.lowercased().contains(colour.hexString), "\(colour.hexString) written as is")
            }
        }
        let used = Set(
            drawing.components(separatedBy: "class=\"").dropFirst().flatMap {
                $0.prefix { $0 != "\"" }.split(separator: " ").map(String.init)
            }.filter { !$0.hasPrefix("l") })
        XCTAssertGreaterThanOrEqual(used.count, 6, "background, words, grid, line, best: \(used.sorted())")
        let blocks = style.components(separatedBy: "@media ")
        XCTAssertEqual(blocks.count, 4, "light rules, dark, forced and the phone layout's")
        XCTAssertTrue(blocks[1].hasPrefix("(prefers-color-scheme:dark){"))
        XCTAssertTrue(blocks[2].hasPrefix("(forced-colors:active){"))
        for name in used {
            for block in blocks.prefix(3) { XCTAssertTrue(block.contains(".\(name){"), "\(name) in \(block)") }
        }
        let systemColours = ["Canvas", "CanvasText", "GrayText", "Highlight", "LinkText"]
        let forced = blocks[2].dropFirst("(forced-colors:active){".count).prefix { $0 != "\n" }
        for value in forced.components(separatedBy: ":").dropFirst().map({ $0.prefix { $0.isLetter } }) {
            XCTAssertTrue(systemColours.contains(String(value)), "forced colours are system colours: \(value)")
        }
    }

    /// Each stand-in colour is a themed colour, and none is a colour a theme draws with.
    func testTheThemedThemeIsAllStandIns() {
        let themed = Theme.themed
        let slots =
            [
                themed.background, themed.text, themed.mutedText, themed.grid, themed.track, themed.accent,
                themed.highlight
            ]
            + themed.bands + themed.bandShades + [themed.good, themed.warning, themed.bad]
        XCTAssertEqual(Set(slots).count, slots.count)
        for slot in slots { XCTAssertNotNil(Theme.themedColors[slot]) }
        XCTAssertEqual(Theme.themedColors[themed.bandShades[0]]?.light, Theme.light.bandShades[0])
        XCTAssertEqual(Theme.themedColors[themed.bandShades[0]]?.dark.alpha, 0.16)
        for theme in [Theme.light, .dark] {
            for colour in [theme.background, theme.text, theme.accent] + theme.bands {
                XCTAssertNil(Theme.themedColors[colour], "a theme's own colour is no stand-in")
            }
        }
    }

    /// The layouts share one title, one style, the font family and a root without a size (the
    /// page gives the box); the phone layout shows when the box is narrower in shape than halfway
    /// between the two.
    func testTwoLayoutsShareOneFileAndItsStyle() throws {
        let both = String(decoding: try ChartRenderer.themedSVG([wide, phone]), as: UTF8.self)
        let alone = try [wide, phone].map { String(decoding: try ChartRenderer.themedSVG([$0]), as: UTF8.self) }
        XCTAssertTrue(both.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\""), "no size of its own")
        XCTAssertTrue(alone[0].hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"720\" height=\"360\""))
        XCTAssertEqual(both.components(separatedBy: "<title>").count, 2)
        XCTAssertTrue(both.contains("<svg class=\"l1\" viewBox=\"0 0 720 360\">"))
        XCTAssertTrue(both.contains("<svg class=\"l2\" viewBox=\"0 0 360 300\">"))
        for once in ["<style>", "font-family=", "text{font-kerning:none;white-space:pre}"] {
            XCTAssertEqual(both.components(separatedBy: once).count, 2, once)
        }
        XCTAssertEqual(
            both.components(separatedBy: "<text").count - 1,
            alone.map { $0.components(separatedBy: "<text").count - 1 }.reduce(0, +), "each layout's labels")
        XCTAssertLessThan(both.utf8.count, alone[0].utf8.count + alone[1].utf8.count)
        // √(2 × 1.2) ≈ 1.549: between the wide shape (2) and the phone's (1.2).
        XCTAssertTrue(both.contains("@media (max-aspect-ratio:1549/1000){.l1{display:none}.l2{display:inline}}"))
        XCTAssertTrue(both.contains(".l2{display:none}"))
    }
}
