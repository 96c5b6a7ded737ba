import Canvas
import Foundation
import XCTest

/// Golden files: HTML, SVG and JSON compare as text, PNGs by decoded pixels.
/// Set `GAZETTE_RECORD_GOLDENS=1` to write the goldens from the current output instead.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("Goldens")
    /// One folder for every site these tests build, removed when the process ends.
    static let scratch: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-e2e-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        atexit { try? FileManager.default.removeItem(at: Golden.scratch) }
        return root
    }()

    /// A new output folder for one build.
    static func outputFolder() -> URL {
        scratch.appendingPathComponent(UUID().uuidString).appendingPathComponent("Output")
    }

    static var recording: Bool { ProcessInfo.processInfo.environment["GAZETTE_RECORD_GOLDENS"] == "1" }

    static func assertText(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let url = folder.appendingPathComponent(name)
        if recording {
            write(Data(actual.utf8), to: url)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            return XCTFail("missing golden \(name); run the tests with GAZETTE_RECORD_GOLDENS=1 to record it", file: file, line: line)
        }
        if actual != expected {
            let actualLines = actual.components(separatedBy: "\n")
            let expectedLines = expected.components(separatedBy: "\n")
            let first = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(actualLines.count, expectedLines.count)
            let got = actualLines.indices.contains(first) ? actualLines[first] : "<end>"
            let want = expectedLines.indices.contains(first) ? expectedLines[first] : "<end>"
            XCTFail("\(name) differs from its golden at line \(first + 1):\n  expected: \(want)\n  actual:   \(got)", file: file, line: line)
        }
    }

    /// Compares pixels: at most 0.5 % of them may differ by more than a small tolerance
    /// (PNG bytes change with zlib and Cairo versions; what the reader sees must not).
    static func assertPNG(_ actual: Data, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let url = folder.appendingPathComponent(name)
        if recording {
            write(actual, to: url)
            return
        }
        guard let expected = try? Data(contentsOf: url) else {
            return XCTFail("missing golden \(name); run the tests with GAZETTE_RECORD_GOLDENS=1 to record it", file: file, line: line)
        }
        do {
            let a = try Bitmap(png: [UInt8](actual))
            let b = try Bitmap(png: [UInt8](expected))
            XCTAssertEqual(a.width, b.width, "\(name) width", file: file, line: line)
            XCTAssertEqual(a.height, b.height, "\(name) height", file: file, line: line)
            let differing = a.differingFraction(from: b, tolerance: 16)
            XCTAssertLessThanOrEqual(differing, 0.005, "\(name): \(differing * 100)% of pixels differ", file: file, line: line)
        } catch {
            XCTFail("\(name): \(error)", file: file, line: line)
        }
    }

    private static func write(_ data: Data, to url: URL) {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! data.write(to: url)
    }
}
