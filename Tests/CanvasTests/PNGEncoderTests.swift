import XCTest
@testable import Canvas
import Graphics

/// Gazette's libdeflate PNG writer against Cairo's: the same decoded pixels, every filter, opaque
/// and translucent surfaces, and the same bytes every time.
final class PNGEncoderTests: XCTestCase {
    /// A drawing with text, anti-aliased curves and, when `translucent`, pixels of every alpha.
    private func image(translucent: Bool, scale: Double = 1) throws -> RasterImage {
        try Canvas.raster(size: Size(width: 61, height: 37), scale: scale) { context in
            if !translucent { context.paint(Color(hex: 0xF4F1EA)) }
            context.setColor(Color(hex: 0x1F6FEB, alpha: translucent ? 0.55 : 1))
            context.arc(center: Point(x: 20, y: 18), radius: 13, start: 0, end: 6.283)
            context.fill()
            context.setColor(Color(hex: 0xD1242F, alpha: translucent ? 0.3 : 1))
            context.setLineWidth(2.5)
            context.move(to: Point(x: 2, y: 35))
            context.line(to: Point(x: 58, y: 3))
            context.stroke()
            context.setColor(.black)
            context.setFont(size: 11, weight: .bold)
            context.drawText("Gz", at: Point(x: 45, y: 30), anchor: .middle)
        }
    }

    private func colourType(_ png: [UInt8]) -> UInt8 { png[25] }

    func testEveryFilterDecodesToCairosPixels() throws {
        for translucent in [false, true] {
            for scale in [1.0, 2.0] {
                let image = try image(translucent: translucent, scale: scale)
                let reference = try Bitmap(png: image.encode(.cairo))
                for filter in PNGEncoder.RowFilter.allCases {
                    for level in [1, 5, 12] {
                        let png = try image.encode(.deflate(level: level, filter: filter))
                        XCTAssertEqual(
                            try Bitmap(png: png), reference,
                            "filter \(filter), level \(level), translucent \(translucent), scale \(scale)")
                    }
                }
            }
        }
    }

    /// Rows are converted 8, then 4 pixels at a time where the processor can, then one by one:
    /// every width up to 40 (each way of ending a row) decodes to Cairo's pixels.
    /// Noise does not deflate into the room first tried (an eighth of its rows), so it is
    /// compressed again into the worst case's: still Cairo's pixels, and the same bytes each time.
    func testAnImageThatDoesNotCompressIsStillWrittenWhole() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        let image = try Canvas.raster(size: Size(width: 96, height: 64), scale: 1) { context in
            for y in 0..<64 {
                for x in 0..<96 {
                    context.setColor(Color(hex: next() & 0xFF_FFFF))
                    context.rectangle(Rect(x: Double(x), y: Double(y), width: 1, height: 1))
                    context.fill()
                }
            }
        }
        let png = try image.encode()
        // RGB rows of 96 pixels and their filter bytes, 64 of them: noise stays about that big.
        XCTAssertGreaterThan(png.count, (96 * 3 + 1) * 64 / 8 + 4096)
        XCTAssertEqual(try Bitmap(png: png), try Bitmap(png: image.encode(.cairo)))
        XCTAssertEqual(png, try image.encode())
    }

    func testEveryRowWidthDecodesToCairosPixels() throws {
        for width in 1...40 {
            let image = try Canvas.raster(size: Size(width: Double(width), height: 3), scale: 1) { context in
                context.paint(Color(hex: 0x0B1220))
                context.setColor(Color(hex: 0xF2A93B))
                context.setLineWidth(1.3)
                context.move(to: Point(x: 0, y: 0.4))
                context.line(to: Point(x: Double(width), y: 2.6))
                context.stroke()
            }
            let png = try image.encode()
            XCTAssertEqual(colourType(png), 2, "width \(width)")
            XCTAssertEqual(try Bitmap(png: png), try Bitmap(png: image.encode(.cairo)), "width \(width)")
        }
    }

    func testOpaqueImagesAreRGBAndTranslucentOnesRGBA() throws {
        XCTAssertEqual(colourType(try image(translucent: false).encode()), 2)
        XCTAssertEqual(colourType(try image(translucent: true).encode()), 6)
    }

    func testAnImageOpaqueButForItsLastRowIsWrittenWithAlpha() throws {
        // The writer converts to RGB while it finds every pixel opaque: here it learns otherwise
        // only at the last row, and must start again with alpha.
        for width in [61.0, 64.0] {
            let image = try Canvas.raster(size: Size(width: width, height: 37), scale: 1) { context in
                context.setColor(Color(hex: 0x1F6FEB))
                context.rectangle(Rect(x: 0, y: 0, width: width, height: 36))
                context.fill()
                context.setColor(Color(hex: 0xD1242F, alpha: 0.5))
                context.rectangle(Rect(x: 0, y: 36, width: 3, height: 1))
                context.fill()
            }
            let png = try image.encode()
            XCTAssertEqual(colourType(png), 6)
            XCTAssertEqual(try Bitmap(png: png), try Bitmap(png: image.encode(.cairo)))
        }
    }

    func testTheFileHasOnlyTheCriticalChunksAndValidChecksums() throws {
        let png = try image(translucent: false).encode()
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var at = 8
        var types: [String] = []
        while at < png.count {
            let length = png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self))
            at += 12 + length
        }
        XCTAssertEqual(types, ["IHDR", "IDAT", "IEND"])
        XCTAssertEqual(at, png.count)
        // Cairo's decoder (libpng) checks every CRC; a wrong one would fail to decode.
        XCTAssertNoThrow(try Bitmap(png: png))
    }

    func testTheSamePixelsGiveTheSameBytes() throws {
        let first = try image(translucent: true).encode()
        let again = try image(translucent: true).encode()
        XCTAssertEqual(first, again)
    }

    func testRenderUsesTheStandardEncoder() throws {
        let rendered = try Canvas.render(
            size: Size(width: 61, height: 37), format: .png(scale: 1),
            info: DocumentInfo(title: "t", description: "d")
        ) { context in
            context.paint(Color(hex: 0xF4F1EA))
        }
        let raster = try Canvas.raster(size: Size(width: 61, height: 37), scale: 1) { $0.paint(Color(hex: 0xF4F1EA)) }
        XCTAssertEqual(rendered, try raster.encode(.standard))
        XCTAssertNotEqual(rendered, try raster.encode(.cairo))
    }
}
