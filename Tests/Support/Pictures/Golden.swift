import Canvas
import Foundation
import XCTest

/// Golden files, one harness for every test target: HTML and JSON compare as text, SVG by its
/// layout (the glyph outlines Cairo embeds are left out, since they follow the font's version),
/// PNGs by decoded pixels within a tolerance.
///
/// `GAZETTE_RECORD_GOLDENS=1` writes every golden that differs from the output — and then the
/// test fails, naming each file it rewrote, so a recording run is never mistaken for a passing one.
public struct Golden: Sendable {
    /// The folder of goldens, usually `Goldens/` beside the test file.
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// The `Goldens` folder beside the calling test file.
    public init(besides testFile: StaticString = #filePath) {
        folder = URL(fileURLWithPath: "\(testFile)").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("Goldens")
    }

    public static var recording: Bool { ProcessInfo.processInfo.environment["GAZETTE_RECORD_GOLDENS"] == "1" }

    public func assertText(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        compare(Data(actual.utf8), name, file: file, line: line) { expected in
            Self.firstDifference(String(decoding: expected, as: UTF8.self), actual)
        }
    }

    /// An SVG compared by what it draws where: its text, shapes and glyph placements, not the
    /// outlines of the glyphs it embeds.
    public func assertSVG(_ actual: [UInt8], _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let text = String(decoding: actual, as: UTF8.self)
        compare(Data(actual), name, file: file, line: line) { expected in
            Self.firstDifference(Self.layout(String(decoding: expected, as: UTF8.self)), Self.layout(text))
        }
    }

    /// At most 0.5 % of the pixels may differ by more than a small tolerance: PNG bytes change
    /// with zlib and Cairo versions; what the reader sees must not.
    public func assertPNG(_ actual: Data, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        compare(actual, name, file: file, line: line) { expected in
            do {
                let a = try Bitmap(png: [UInt8](actual))
                let b = try Bitmap(png: [UInt8](expected))
                guard a.width == b.width, a.height == b.height else {
                    return "size \(a.width)×\(a.height), expected \(b.width)×\(b.height)"
                }
                let differing = a.differingFraction(from: b, tolerance: 16)
                return differing <= 0.005 ? nil : "\(differing * 100)% of pixels differ"
            } catch {
                return "\(error)"
            }
        }
    }

    /// `difference` says how the golden's bytes and the output differ, or nil when they match.
    private func compare(_ actual: Data, _ name: String, file: StaticString, line: UInt, difference: (Data) -> String?)
    {
        let url = folder.appendingPathComponent(name)
        let expected = FileManager.default.contents(atPath: url.path)
        let problem = expected.map(difference) ?? "missing golden"
        guard let problem else { return }
        if Self.recording {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try! actual.write(to: url)
            return XCTFail(
                "recorded golden \(name) (\(problem)): review the change, then run the tests without GAZETTE_RECORD_GOLDENS",
                file: file, line: line)
        }
        let saved = FileManager.default.temporaryDirectory.appendingPathComponent(
            "actual-" + name.replacingOccurrences(of: "/", with: "-"))
        try? actual.write(to: saved)
        XCTFail(
            "\(name): \(problem); the output is at \(saved.path); re-record with GAZETTE_RECORD_GOLDENS=1 if the change is intended",
            file: file, line: line)
    }

    /// The first differing line of two texts, or nil when they are equal.
    static func firstDifference(_ expected: String, _ actual: String) -> String? {
        guard expected != actual else { return nil }
        let want = expected.components(separatedBy: "\n")
        let got = actual.components(separatedBy: "\n")
        let index =
            zip(want, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(want.count, got.count)
        return
            "differs at line \(index + 1):\n  expected: \(want.indices.contains(index) ? String(want[index].prefix(200)) : "<end>")"
            + "\n  actual:   \(got.indices.contains(index) ? String(got[index].prefix(200)) : "<end>")"
    }

    /// An SVG without the path data of its glyph symbols.
    static func layout(_ svg: String) -> String {
        var lines: [Substring] = []
        var inGlyph = false
        for line in svg.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("<symbol") && line.contains("id=\"glyph") {
                inGlyph = true
                lines.append(line)
            } else if inGlyph && line.hasPrefix("</symbol>") {
                inGlyph = false
                lines.append(line)
            } else if !inGlyph {
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }
}
