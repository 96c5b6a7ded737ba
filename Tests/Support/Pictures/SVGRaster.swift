import Canvas
import Foundation
import XCTest

/// An SVG drawn to pixels by librsvg (`rsvg-convert`, installed by `.ci/run`), to compare
/// pictures rather than bytes.
public enum SVGRaster {
    /// The pixels of `svg` at `zoom` times its size.
    public static func pixels(of svg: [UInt8], with rsvg: URL, zoom: Int = 2) throws -> Bitmap {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svg-raster-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.svg"), output = folder.appendingPathComponent("out.png")
        try Data(svg).write(to: input)
        let process = Process()
        process.executableURL = rsvg
        process.arguments = ["-z", String(zoom), "-o", output.path, input.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "rsvg-convert could not draw the SVG")
        return try Bitmap(png: Array(try Data(contentsOf: output)))
    }
}
