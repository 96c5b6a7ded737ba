import Foundation
import XCTest
import GazetteTestSupport
@testable import Canvas
import Graphics

/// The compact SVG form: the rules on small inputs, and whole drawings that an SVG renderer
/// (librsvg's `rsvg-convert`, installed by `.ci/run`) draws the same before and after.
final class SVGCompactorTests: XCTestCase {
    func testHundredthsAreWrittenWithoutTrailingZeros() {
        XCTAssertEqual(Hundredths.of(10.722656), 1072)
        XCTAssertEqual(Hundredths.of(-0.004), 0)
        XCTAssertEqual(
            [1234, 1230, 1200, -5, 0, -100, 7].map(Hundredths.text), ["12.34", "12.3", "12", "-0.05", "0", "-1", "0.07"]
        )
    }

    func testPathsBecomeRelativeAtHundredthsWithRepeatedLettersLeftOut() {
        let cairo = Array(
            "M 2.21875 7.890625 L 2.21875 -31.46875 L 24.53125 -31.46875 Z M 4.734375 5.40625 C 5 6 7 8 9.5 10 Z M 4.734375 5.40625 "
                .utf8)
        let compact = String(decoding: PathData.compact(cairo[...]), as: UTF8.self)
        XCTAssertEqual(compact, "M2.22 7.89l0-39.36 22.31 0zm2.51-2.48c0.27 0.59 2.27 2.59 4.77 4.59z")
    }

    /// Relative steps are taken between rounded absolute points, so summing them back lands on
    /// every point within half a hundredth, however long the path.
    func testALongPathDoesNotDrift() throws {
        var text = "M 0.123456 0.987654"
        var points: [(Double, Double)] = [(0.123456, 0.987654)]
        for step in 1...5000 {
            let point = (Double(step) * 0.1234567, 100 + sin(Double(step)) * 37.777777)
            points.append(point)
            text += " L \(point.0) \(point.1)"
        }
        let compact = PathData.compact(Array(text.utf8)[...])
        // Read the relative form back (implicit repeats spelled out again) and add it up.
        var spelled = String(decoding: compact, as: UTF8.self).replacingOccurrences(of: "-", with: " -")
        spelled = spelled.replacingOccurrences(of: "M", with: "M ").replacingOccurrences(of: "l", with: " ")
        let numbers = spelled.split(separator: " ").compactMap { Double($0) }
        XCTAssertEqual(numbers.count, points.count * 2)
        var x = 0.0, y = 0.0
        for (index, point) in points.enumerated() {
            x += numbers[index * 2]
            y += numbers[index * 2 + 1]
            XCTAssertEqual(x, point.0, accuracy: 0.0051)
            XCTAssertEqual(y, point.1, accuracy: 0.0051)
        }
    }

    func testRememberedPathsGiveWhatCompactingGives() {
        // Many distinct short paths (past the memo's capacity), each asked for twice.
        for round in 0..<2 {
            for index in 0..<(CompactedPaths.capacity + 50) {
                let x = Double(index) / 7
                let path = Array("M \(x) 1.5 L \(x + 2.25) 3 C 1 2 3 4 5 \(index) Z M 0 0".utf8)[...]
                XCTAssertEqual(
                    CompactedPaths.compact(path, PathData.compact), PathData.compact(path),
                    "path \(index), round \(round)")
            }
        }
        let long = Array(("M 0 0" + String(repeating: " L 1.5 2.5", count: 400)).utf8)[...]
        XCTAssertGreaterThan(long.count, CompactedPaths.longestKept)
        XCTAssertEqual(CompactedPaths.compact(long, PathData.compact), PathData.compact(long))
    }

    func testColoursAndDefaultOpacities() {
        let svg = Array(
            #"<g style="fill:rgb(10.588235%,12.156863%,14.117647%);fill-opacity:1;stroke:rgb(100%,0%,0%);stroke-opacity:0.5;"> <rect x="0.333333" y="2" width="10.5px" height="7.999999"/>"#
                .utf8)
        XCTAssertEqual(
            String(decoding: SVGCompactor.compact(svg), as: UTF8.self),
            #"<g style="fill:#1b1f24;stroke:#ff0000;stroke-opacity:0.5;"> <rect x="0.33" y="2" width="10.5px" height="8"/>"#
        )
    }

    func testGlyphsThatDrawNothingAreDroppedWithTheirUsesAndEmptiedGroups() {
        let svg = """
            <defs>
            <g>
            <symbol overflow="visible" id="glyph1">
            <path style="stroke:none;" d=""/>
            </symbol>
            <symbol overflow="visible" id="glyph10">
            <path style="stroke:none;" d="M1 1l2 2z"/>
            </symbol>
            </g>
            </defs>
            <g style="fill:#000000;">
              <use xlink:href="#glyph10" x="1" y="2"/>
              <use xlink:href="#glyph1" x="3" y="2"/>
            </g>
            <g style="fill:#ff0000;">
              <use xlink:href="#glyph1" x="5" y="2"/>
            </g>
            """
        XCTAssertEqual(
            String(decoding: SVGCompactor.dropEmptyGlyphs(Array(svg.utf8)), as: UTF8.self),
            """
            <defs>
            <g>
            <symbol overflow="visible" id="glyph10">
            <path style="stroke:none;" d="M1 1l2 2z"/>
            </symbol>
            </g>
            </defs>
            <g style="fill:#000000;">
              <use xlink:href="#glyph10" x="1" y="2"/>
            </g>
            """)
    }

    func testPathDataInAnotherFormIsLeftAsItIs() {
        let odd = Array("M 1 2 Q 3 4 5 6".utf8)
        XCTAssertEqual(PathData.compact(odd[...]), odd)
    }

    /// Text, curves, dashes and translucency drawn by Cairo, then rasterised by librsvg from the
    /// full and the compact SVG: the pixels agree.
    func testARendererDrawsTheCompactFormLikeTheFullOne() throws {
        let rsvg = try ToolOnPath.require("rsvg-convert")
        let draw: (DrawingContext) throws -> Void = { context in
            context.paint(Color(hex: 0xFAFAF7))
            context.setColor(Color(hex: 0x0B63CE))
            context.setLineWidth(2.5)
            context.newPath()
            context.move(to: Point(x: 10.123, y: 90.456))
            for step in 1...300 {
                context.line(to: Point(x: 10.123 + Double(step) * 0.9333, y: 60 + sin(Double(step) / 9) * 25.5555))
            }
            context.stroke()
            context.setColor(Color(hex: 0xC2410C, alpha: 0.6))
            context.circle(center: Point(x: 150.3333, y: 40.6666), radius: 17.25)
            context.fill()
            context.setDash([3, 2.5])
            context.rectangle(Rect(x: 20.4444, y: 10.5555, width: 60.3333, height: 30.7777))
            context.stroke()
            context.setColor(.black)
            context.setFont(size: 13.5, weight: .bold)
            context.drawText("Best 249 lb · 22 Aug", at: Point(x: 150, y: 95), anchor: .middle)
        }
        let size = Size(width: 300, height: 120)
        let info = DocumentInfo(title: "t", description: "d")
        let full = try Canvas.render(
            size: size, format: .svg, info: info, encoder: .standard, compactingSVG: false, draw: draw)
        let compact = try Canvas.render(size: size, format: .svg, info: info, draw: draw)
        XCTAssertLessThan(Double(compact.count), Double(full.count) * 0.7)
        let pixels = try [full, compact].map { try rasterise($0, with: rsvg) }
        let differing = pixels[0].differingFraction(from: pixels[1], tolerance: 16)
        XCTAssertLessThan(differing, 0.002, "\(differing * 100)% of pixels differ")
    }

    private func rasterise(_ svg: [UInt8], with rsvg: URL) throws -> Bitmap {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svg-compact-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.svg"), output = folder.appendingPathComponent("out.png")
        try Data(svg).write(to: input)
        let process = Process()
        process.executableURL = rsvg
        process.arguments = ["-z", "2", "-o", output.path, input.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return try Bitmap(png: Array(try Data(contentsOf: output)))
    }
}
