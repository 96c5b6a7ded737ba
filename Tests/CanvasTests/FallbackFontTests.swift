import Foundation
import GazetteTestSupport
import Graphics
import XCTest
@testable import Canvas

/// Characters DejaVu Sans lacks (Japanese words on a ja-JP chart or PDF) are drawn in fontconfig's
/// Japanese sans-serif, run by run, while every other character stays in DejaVu.
final class FallbackFontTests: XCTestCase {
    private let info = DocumentInfo(title: "Text", description: "One line of text.")

    func testTextIsCutWhereTheFamilyLacksItsCharacters() {
        XCTAssertNil(FontLibrary.shared.runs(of: "Best 1RM — 12 Oct 2017"), "Latin text is drawn in one go")
        XCTAssertNil(FontLibrary.shared.runs(of: "Trainingstage · Résumé · Días"))
        let runs = FontLibrary.shared.runs(of: "最高 1RM（kg）")
        XCTAssertEqual(runs?.map(\.text), ["最高", " 1RM", "（", "kg", "）"])
        XCTAssertEqual(runs?.map(\.fallback), [true, false, true, false, true])
    }

    func testJapaneseCharactersGetTheirOwnGlyphs() throws {
        try ToolOnPath.requireFont(forLanguage: "ja", package: "fonts-ipafont-gothic")
        func drawn(_ text: String) throws -> Bitmap {
            try Bitmap(
                png: Canvas.render(size: Size(width: 40, height: 30), format: .png(scale: 1), info: info) { context in
                    context.paint(.white)
                    context.setColor(.black)
                    context.setFont(size: 20)
                    context.drawText(text, at: Point(x: 20, y: 22), anchor: .middle)
                })
        }
        // A missing glyph is the same box for every character; two real glyphs differ.
        XCTAssertGreaterThan(try drawn("最").differingFraction(from: try drawn("高")), 0.02)
        XCTAssertNotEqual(try drawn("最"), try drawn(" "))
        // Full-width characters are about one em wide each.
        var advance = 0.0
        _ = try Canvas.render(size: Size(width: 10, height: 10), format: .png(scale: 1), info: info) { context in
            context.setFont(size: 20)
            advance = context.measure("最高").advance
        }
        XCTAssertEqual(advance, 40, accuracy: 4)
    }

    /// The chart cache key names the fallback font's file: charts drawn before a Japanese font was
    /// installed (empty boxes) are drawn again once it is, not reused from the cache.
    func testTheChartKeyNamesTheFallbackFontFile() throws {
        try ToolOnPath.requireFont(forLanguage: "ja", package: "fonts-ipafont-gothic")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-match")
        process.arguments = ["sans-serif:lang=ja", "--format=%{file}"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let file = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertFalse(file.isEmpty)
        let identity = FontLibrary.shared.fileIdentity
        XCTAssertTrue(identity.contains("fallback regular: \(file) "), identity)
        XCTAssertTrue(identity.contains("fallback bold: "), identity)
        XCTAssertTrue(Canvas.environmentFingerprint.contains(file), "part of every chart's key")
    }
}
