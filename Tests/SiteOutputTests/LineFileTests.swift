import Foundation
import XCTest

@testable import SiteOutput

/// A file read a line at a time through a buffer: every line whole, wherever the buffer's pieces
/// split it, the last one without a line break too, and no more once the reader says stop.
final class LineFileTests: XCTestCase {
    private func lines(of text: String, stoppingAfter limit: Int = .max) throws -> [String] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(text.utf8).write(to: url)
        var read: [String] = []
        LineFile.forEachLine(in: url.path) { line in
            read.append(String(decoding: line, as: UTF8.self))
            return read.count < limit
        }
        return read
    }

    func testLinesAcrossPiecesAreWhole() throws {
        // Lines of 1,000 bytes: the 262,144-byte pieces split some of them.
        let long = (0..<600).map { String(repeating: Character(UnicodeScalar(UInt8(65 + $0 % 26))), count: 999) }
        XCTAssertEqual(try lines(of: long.joined(separator: "\n") + "\n"), long)
        XCTAssertEqual(try lines(of: long.joined(separator: "\n")), long, "the last line has no line break")
        XCTAssertEqual(try lines(of: "a\n\nb\n"), ["a", "", "b"])
        XCTAssertEqual(try lines(of: ""), [])
        XCTAssertEqual(try lines(of: long.joined(separator: "\n"), stoppingAfter: 300), Array(long.prefix(300)))
    }
}
