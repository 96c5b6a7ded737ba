import Foundation
import XCTest
@testable import Canvas
import Graphics

final class CanvasTests: XCTestCase {
    private let info = DocumentInfo(title: "Square", description: "A red square on white.")

    private func drawSquare(_ context: DrawingContext) {
        context.paint(.white)
        context.setColor(Color(hex: 0xFF0000))
        context.rectangle(Rect(x: 10, y: 10, width: 20, height: 20))
        context.fill()
        context.setColor(.black)
        context.setFont(size: 10, weight: .bold)
        context.drawText("Hi", at: Point(x: 20, y: 45), anchor: .middle)
    }

    func testInvalidSizeIsAnError() {
        XCTAssertThrowsError(try Canvas.render(size: Size(width: 0, height: 10), format: .svg, info: info) { _ in }) {
            XCTAssertEqual($0 as? CanvasError, .invalidSize(width: 0, height: 10))
        }
        XCTAssertThrowsError(
            try Canvas.render(size: Size(width: 40_000, height: 10), format: .png(scale: 1), info: info) { _ in })
        XCTAssertThrowsError(try Canvas.render(size: Size(width: .nan, height: 10), format: .pdf, info: info) { _ in })
    }

    func testRenderedPNGDecodesToTheDrawnPixels() throws {
        let png = try Canvas.render(
            size: Size(width: 40, height: 50), format: .png(scale: 1), info: info, draw: drawSquare)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let bitmap = try Bitmap(png: png)
        XCTAssertEqual(bitmap.width, 40)
        XCTAssertEqual(bitmap.height, 50)
        let inside = bitmap.pixel(x: 20, y: 20)
        XCTAssertEqual([inside.r, inside.g, inside.b, inside.a], [255, 0, 0, 255])
        let outside = bitmap.pixel(x: 2, y: 2)
        XCTAssertEqual([outside.r, outside.g, outside.b, outside.a], [255, 255, 255, 255])
    }

    func testDoubleScalePNGHasTwiceThePixels() throws {
        let png = try Canvas.render(
            size: Size(width: 40, height: 50), format: .png(scale: 2), info: info, draw: drawSquare)
        let bitmap = try Bitmap(png: png)
        XCTAssertEqual(bitmap.width, 80)
        XCTAssertEqual(bitmap.height, 100)
        let inside = bitmap.pixel(x: 40, y: 40)
        XCTAssertEqual([inside.r, inside.g, inside.b], [255, 0, 0])
    }

    func testSVGIsTheSameHoweverManyWereDrawnBefore() throws {
        let first = try Canvas.render(size: Size(width: 40, height: 50), format: .svg, info: info, draw: drawSquare)
        for _ in 0..<3 {
            _ = try Canvas.render(size: Size(width: 10, height: 10), format: .svg, info: info) {
                $0.drawText("x", at: Point(x: 1, y: 9))
            }
        }
        let second = try Canvas.render(size: Size(width: 40, height: 50), format: .svg, info: info, draw: drawSquare)
        XCTAssertEqual(first, second)
    }

    func testSVGIsAccessibleAndInPixels() throws {
        let svg = String(
            decoding: try Canvas.render(
                size: Size(width: 40, height: 50), format: .svg,
                info: DocumentInfo(title: "A <b>", description: "x & y"), draw: drawSquare),
            as: UTF8.self)
        XCTAssertTrue(
            svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"50\" viewBox=\"0 0 40 50\""),
            svg)
        XCTAssertTrue(svg.contains("role=\"img\""))
        XCTAssertTrue(svg.contains("<title>A &lt;b&gt;</title>"))
        XCTAssertTrue(svg.contains("<desc>x &amp; y</desc>"))
    }

    func testPDFIsDeterministic() throws {
        let a = try Canvas.render(size: Size(width: 40, height: 50), format: .pdf, info: info, draw: drawSquare)
        let b = try Canvas.render(size: Size(width: 40, height: 50), format: .pdf, info: info, draw: drawSquare)
        XCTAssertEqual(String(decoding: a.prefix(5), as: UTF8.self), "%PDF-")
        XCTAssertEqual(a, b)
    }

    func testUnwritablePathIsAnErrorNamingThePath() {
        let path = "/nonexistent-folder/chart.png"
        XCTAssertThrowsError(
            try Canvas.write(to: path, size: Size(width: 10, height: 10), format: .png(scale: 1), info: info) { _ in }
        ) { error in
            guard case let .write(errorPath, _) = error as? CanvasError else { return XCTFail("\(error)") }
            XCTAssertEqual(errorPath, path)
            XCTAssertTrue("\(error)".hasPrefix(path))
        }
    }

    func testErrorsThrownWhileDrawingPropagate() {
        struct Boom: Error {}
        XCTAssertThrowsError(
            try Canvas.render(size: Size(width: 10, height: 10), format: .svg, info: info) { _ in throw Boom() }
        ) {
            XCTAssertTrue($0 is Boom)
        }
    }

    func testDejaVuSansIsFound() {
        XCTAssertNil(FontLibrary.shared.substitutionWarning)
    }

    func testTextMeasuresWithTheFixedFont() throws {
        var width = 0.0
        _ = try Canvas.render(size: Size(width: 10, height: 10), format: .png(scale: 1), info: info) { context in
            context.setFont(size: 20)
            width = context.measure("0000").advance
        }
        // DejaVu Sans digits advance 0.636 em.
        XCTAssertEqual(width, 4 * 20 * 0.63623, accuracy: 0.05)
    }
}
