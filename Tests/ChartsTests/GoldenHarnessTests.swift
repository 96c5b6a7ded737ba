@testable import GazetteTestSupport
import XCTest
@testable import GazettePictureTestSupport

/// The shared golden harness compares SVGs by layout: glyph outlines may change with the font's
/// version, where glyphs are placed may not.
final class GoldenHarnessTests: XCTestCase {
    private let svg = """
        <svg>
        <defs>
        <symbol overflow="visible" id="glyph1">
        <path style="stroke:none;" d="M 0.89 3.18 L 0.89 -12.68 Z"/>
        </symbol>
        </defs>
        <use xlink:href="#glyph1" x="16" y="30"/>
        </svg>
        """

    func testGlyphOutlinesAreNotCompared() {
        let otherOutline = svg.replacingOccurrences(of: "M 0.89 3.18", with: "M 0.9 3.2")
        XCTAssertNil(Golden.firstDifference(Golden.layout(svg), Golden.layout(otherOutline)))
    }

    func testGlyphPlacementIsCompared() {
        let moved = svg.replacingOccurrences(of: "x=\"16\"", with: "x=\"17\"")
        let difference = Golden.firstDifference(Golden.layout(svg), Golden.layout(moved))
        XCTAssertEqual(
            difference,
            "differs at line 6:\n  expected: <use xlink:href=\"#glyph1\" x=\"16\" y=\"30\"/>\n"
                + "  actual:   <use xlink:href=\"#glyph1\" x=\"17\" y=\"30\"/>")
    }
}
