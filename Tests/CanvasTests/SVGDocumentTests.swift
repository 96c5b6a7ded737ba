import Foundation
import GazettePictureTestSupport
import XCTest
import GazetteTestSupport
@testable import Canvas
import Graphics

/// The SVG Gazette writes itself: the rules of its compact form on small drawings, and whole
/// drawings that an SVG renderer (librsvg's `rsvg-convert`, installed by `.ci/run`) draws as it
/// draws Cairo's own SVG of them.
final class SVGDocumentTests: XCTestCase {
    private let info = DocumentInfo(title: "t", description: "d")

    private func svg(width: Double = 100, height: Double = 100, _ draw: (DrawingContext) -> Void) throws -> String {
        String(
            decoding: try Canvas.render(size: Size(width: width, height: height), format: .svg, info: info) {
                draw($0)
            },
            as: UTF8.self)
    }

    /// The drawing's elements: what follows the description and the definitions.
    private func elements(_ svg: String) -> [String] {
        svg.split(separator: "\n").map(String.init).filter {
            !$0.hasPrefix("<svg") && !$0.hasPrefix("<title") && !$0.hasPrefix("<desc") && $0 != "</svg>"
        }
    }

    func testNumbersAreHundredthsWithoutTrailingZerosOrLeadingZero() {
        XCTAssertEqual(SVGPathData.hundredths(10.722656), 1072)
        XCTAssertEqual(SVGPathData.hundredths(-0.004), 0)
        XCTAssertEqual(
            [1234, 1230, 1200, -5, 0, -100, 7, 50].map { String(decoding: SVGPathData.text($0), as: UTF8.self) },
            ["12.34", "12.3", "12", "-.05", "0", "-1", ".07", ".5"])
    }

    func testPathsAreRelativeWithLevelLinesShortAndRepeatedLettersLeftOut() throws {
        let out = try svg { context in
            context.setColor(.black)
            context.move(to: Point(x: 2.21875, y: 7.890625))
            context.line(to: Point(x: 2.21875, y: 31.46875))
            context.line(to: Point(x: 24.53125, y: 31.46875))
            context.line(to: Point(x: 30.5, y: 40.25))
            context.line(to: Point(x: 31, y: 41))
            context.closePath()
            context.move(to: Point(x: 50, y: 50))
            context.curve(to: Point(x: 60, y: 50.5), control1: Point(x: 52, y: 51), control2: Point(x: 58, y: 49.5))
            context.move(to: Point(x: 90, y: 90))
            context.fill()
        }
        XCTAssertEqual(
            elements(out), [##"<path d="M2.22 7.89v23.58h22.31l5.97 8.78.5.75zm47.78 42.11c2 1 8-.5 10 .5"/>"##])
    }

    /// Relative steps are taken between rounded absolute points, so summing them back lands on
    /// every point within half a hundredth (and Cairo's own 1/256 px grid), however long the path.
    func testALongPathDoesNotDrift() throws {
        var points: [Point] = [Point(x: 0.123456, y: 0.987654)]
        for step in 1...5000 {
            points.append(Point(x: Double(step) * 0.1234567, y: 100 + sin(Double(step)) * 37.777777))
        }
        let out = try svg(width: 700, height: 200) { context in
            context.setColor(.black)
            context.move(to: points[0])
            for point in points.dropFirst() { context.line(to: point) }
            context.stroke()
        }
        let data = String(try XCTUnwrap(elements(out).first?.split(separator: "\"")[1]))
        // Letters, and numbers: a sign, a second decimal point, a letter or a space starts the next.
        let pattern = try NSRegularExpression(pattern: #"[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)"#)
        let tokens = pattern.matches(in: data, range: NSRange(data.startIndex..., in: data)).map {
            String(data[Range($0.range, in: data)!])
        }
        var decoded: [Point] = []
        var x = 0.0, y = 0.0, letter = "M", index = 0
        while index < tokens.count {
            let token = tokens[index]
            if let first = token.first, first.isLetter {
                letter = token
                index += 1
                continue
            }
            switch letter {
            case "M":
                (x, y, letter) = (Double(token)!, Double(tokens[index + 1])!, "l")
                index += 2
            case "h":
                x += Double(token)!
                index += 1
            case "v":
                y += Double(token)!
                index += 1
            default:
                (x, y) = (x + Double(token)!, y + Double(tokens[index + 1])!)
                index += 2
            }
            decoded.append(Point(x: x, y: y))
        }
        // Cairo joins a line that goes on in the same direction into the one before: a point may
        // be left out, never moved.
        XCTAssertGreaterThan(decoded.count, points.count * 99 / 100)
        var next = 0
        for point in decoded {
            while next < points.count, abs(points[next].x - point.x) > 0.009 || abs(points[next].y - point.y) > 0.009 {
                next += 1
            }
            XCTAssertLessThan(next, points.count, "\(point) is none of the points drawn, in order")
            next += 1
        }
        XCTAssertEqual(next, points.count, "the last point is the last drawn")
    }

    func testColoursOpacityAndStrokeDefaults() throws {
        let out = try svg { context in
            context.paint(Color(hex: 0x1B1F24))
            context.setColor(Color(hex: 0xFF0000, alpha: 0.5))
            context.rectangle(Rect(x: 0.333333, y: 2, width: 10.5, height: 7.999999))
            context.fill()
            context.setColor(Color(hex: 0x0B63CE))
            context.setLineWidth(2.5)
            context.setLineCap(.round)
            context.setDash([3, 2.5])
            context.move(to: Point(x: 1, y: 1))
            context.line(to: Point(x: 5, y: 5))
            context.stroke()
        }
        XCTAssertEqual(
            elements(out),
            [
                ##"<rect width="100" height="100" fill="#1b1f24"/>"##,
                ##"<path d="M.33 2h10.5v8h-10.5z" fill="#f00" fill-opacity=".5"/>"##,
                ##"<path d="M1 1l4 4" fill="none" stroke="#0b63ce" stroke-width="2.5" stroke-linecap="round" stroke-dasharray="3 2.5"/>"##
            ])
        XCTAssertTrue(out.contains(##"stroke-miterlimit="10""##), "Cairo's miter limit on the root")
    }

    func testAFillAndAStrokeOfOnePathAreOneElementAndRepeatedShapesAreUses() throws {
        let out = try svg { context in
            for x in [20.0, 40, 60] {
                context.circle(center: Point(x: x, y: 50), radius: 2.5)
                context.setColor(Color(hex: 0x0B63CE))
                context.fillPreserve()
                context.setColor(.white)
                context.setLineWidth(1.5)
                context.stroke()
            }
            context.setColor(.black)
            context.rectangle(Rect(x: 1, y: 1, width: 5, height: 5))
            context.fill()
        }
        let lines = elements(out)
        let definitions = lines.filter { $0.hasPrefix("<path id=\"s") }
        XCTAssertEqual(definitions.count, 1, out)
        XCTAssertTrue(definitions[0].hasPrefix(##"<path id="s1" d="M0 0c"##), out)
        XCTAssertTrue(definitions[0].hasSuffix(##" fill="#0b63ce" stroke="#fff" stroke-width="1.5"/>"##), out)
        XCTAssertEqual(
            lines.filter { $0.hasPrefix("<use") },
            [
                ##"<use href="#s1" x="22.5" y="50"/>"##, ##"<use href="#s1" x="42.5" y="50"/>"##,
                ##"<use href="#s1" x="62.5" y="50"/>"##
            ])
        // Drawn once, a shape stays a path (black, the default fill, is left out).
        XCTAssertEqual(lines.last, ##"<path d="M1 1h5v5h-5z"/>"##)
    }

    func testTextIsTextInTheChartsFamilyWithCairosAdvanceAndBlankRunsDrawNothing() throws {
        let out = try svg(width: 200) { context in
            context.setColor(Color(hex: 0x59636E))
            context.setFont(size: 12)
            context.drawText("a < b", at: Point(x: 10, y: 20))
            context.drawText("a", at: Point(x: 10, y: 40), anchor: .end)
            context.drawText("  ", at: Point(x: 10, y: 50))
            context.setFont(size: 14, weight: .bold)
            context.drawText("Max", at: Point(x: 100, y: 60), anchor: .middle)
        }
        XCTAssertTrue(
            out.hasPrefix(
                ##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100" "##
                    + ##"role="img" stroke-miterlimit="10" font-family="DejaVu Sans,Verdana,sans-serif">"##), out)
        XCTAssertTrue(out.contains("<style>\ntext{font-kerning:none;white-space:pre}\n</style>\n"), out)
        let lines = elements(out)
        let texts = lines.filter { $0.hasPrefix("<text") }
        XCTAssertEqual(texts.count, 3, "a blank run draws nothing: \(out)")
        XCTAssertTrue(texts[0].hasPrefix(##"<text x="10" y="20" textLength=""##), out)
        XCTAssertTrue(texts[0].hasSuffix(##"">a &lt; b</text>"##), out)
        // One character: its advance is its width in any face, so no length is said.
        XCTAssertEqual(texts[1], ##"<text x="2.65" y="40">a</text>"##, out)
        XCTAssertEqual(
            lines.filter { $0 == ##"<g fill="#59636e" font-size="12">"## }.count, 1,
            "text of one colour and size shares a group: \(out)")
        XCTAssertEqual(lines.filter { $0 == ##"<g fill="#59636e" font-size="14" font-weight="700">"## }.count, 1, out)
    }

    func testAClipGroupsWhatFollowsUntilTheStateIsRestored() throws {
        let out = try svg { context in
            context.save()
            context.rectangle(Rect(x: 0, y: 0, width: 50, height: 50))
            context.clip()
            context.setColor(.black)
            context.circle(center: Point(x: 50, y: 50), radius: 30)
            context.fill()
            context.restore()
            context.rectangle(Rect(x: 60, y: 60, width: 5, height: 5))
            context.fill()
        }
        let lines = elements(out)
        XCTAssertEqual(lines[0], ##"<clipPath id="c1"><path d="M0 0h50v50h-50z"/></clipPath>"##)
        XCTAssertEqual(lines[1], ##"<g clip-path="url(#c1)">"##)
        XCTAssertTrue(lines[2].hasPrefix("<path d=\"M80 50c"))
        XCTAssertEqual(lines[3], "</g>")
        XCTAssertEqual(lines[4], ##"<path d="M60 60h5v5h-5z"/>"##)
    }

    /// Text, curves, dashes, translucency, a clip and a turned origin, drawn by Cairo's SVG
    /// surface and by Gazette's document, then rasterised by librsvg: the pixels agree. Cairo's
    /// file holds its glyphs' outlines, ours the text, which librsvg sets in DejaVu Sans itself:
    /// the glyphs' edges are rasterised by another engine (0.5 % of this picture's pixels).
    func testARendererDrawsItAsItDrawsCairosSVG() throws {
        let rsvg = try ToolOnPath.require("rsvg-convert")
        let draw: (DrawingContext) throws -> Void = { context in
            context.paint(Color(hex: 0xFAFAF7))
            context.setColor(Color(hex: 0x0B63CE))
            context.setLineWidth(2.5)
            context.setLineJoin(.round)
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
            context.setDash([])
            context.save()
            context.rectangle(Rect(x: 200, y: 10, width: 40, height: 40))
            context.clip()
            context.setColor(Color(hex: 0x1A7F37))
            context.circle(center: Point(x: 240, y: 50), radius: 30)
            context.fill()
            context.restore()
            context.save()
            context.translate(x: 270, y: 100)
            context.rotate(radians: -.pi / 2)
            context.setColor(.black)
            context.setFont(size: 11)
            context.drawText("Turned", at: Point(x: 0, y: 0))
            context.restore()
            context.setFont(size: 13.5, weight: .bold)
            context.drawText("Best 249 lb · 22 Aug", at: Point(x: 150, y: 95), anchor: .middle)
        }
        let size = Size(width: 300, height: 120)
        let cairo = try Canvas.cairoSVG(size: size, info: info, draw: draw)
        let ours = try Canvas.render(size: size, format: .svg, info: info, draw: draw)
        XCTAssertLessThan(Double(ours.count), Double(cairo.count) * 0.5)
        let pixels = try [cairo, ours].map { try SVGRaster.pixels(of: $0, with: rsvg) }
        let differing = pixels[0].differingFraction(from: pixels[1], tolerance: 16)
        XCTAssertLessThan(differing, 0.008, "\(differing * 100)% of pixels differ")
    }
}

/// Issue 50: text that XML forbids or Cairo refuses never stops a drawing nor reaches its SVG raw.
final class UnwritableTextTests: XCTestCase {
    func testControlsAndNoncharactersAreDrawnAsTheReplacementCharacter() throws {
        let nasty = "a\u{0}b\u{1B}[31m\u{85}" + String(decoding: [0xEF, 0xBF, 0xBE], as: UTF8.self)
        let info = DocumentInfo(title: "T" + nasty, description: "D" + nasty)
        for format in [OutputFormat.svg, .png(scale: 1), .pdf] {
            let bytes = try Canvas.render(size: Size(width: 200, height: 40), format: format, info: info) { context in
                context.setFont(size: 12)
                context.drawText(nasty, at: Point(x: 10, y: 20))
                _ = context.measure(nasty)
            }
            XCTAssertFalse(bytes.isEmpty)
            guard format == .svg else { continue }
            let svg = String(decoding: bytes, as: UTF8.self)
            XCTAssertTrue(svg.contains("<title>Ta\u{FFFD}b\u{FFFD}[31m\u{FFFD}\u{FFFD}</title>"), svg)
            XCTAssertFalse(svg.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, svg)
        }
    }
}
