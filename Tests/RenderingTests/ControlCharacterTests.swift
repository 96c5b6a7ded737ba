import XCTest
@testable import Rendering

/// Pages never carry control characters: C0 (but tab and line ends), DEL and C1 become U+FFFD,
/// and letters whose UTF-8 shares C1's continuation bytes are left alone.
final class ControlCharacterTests: XCTestCase {
    func testControlsBecomeReplacementCharacters() {
        XCTAssertEqual(
            PageRenderer.withoutControlCharacters("a\u{0}b\u{1B}c\u{7F}d\u{85}e\u{9F}f"),
            "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f")
    }

    func testTextWithoutControlsIsKept() {
        let text = "Tab\tline\nreturn\r — “quotes” ¡é ñ € 🏇 \u{A0}\u{C2}\u{80}\u{A0}"
        XCTAssertEqual(
            PageRenderer.withoutControlCharacters(text).unicodeScalars.filter { $0 == "\u{FFFD}" }.count, 1,
            "only U+0080 (C2 80 in UTF-8) is a control; Â (C3 82) before it is a letter")
        let letters = "— ‘ ’ “ ” … • € ¡ ¿ Ā ā \u{A0}"
        XCTAssertEqual(PageRenderer.withoutControlCharacters(letters), letters)
    }

    /// The word-at-a-time check finds a forbidden byte wherever it sits (either side of an
    /// eight-byte boundary, C1 split across two words) and nothing else, as a byte loop does.
    func testTheWordAtATimeCheckAgreesWithAByteLoop() {
        func reference(_ bytes: [UInt8]) -> Bool {
            var previous: UInt8 = 0
            for byte in bytes {
                if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { return true }
                if byte >= 0x20, byte == 0x7F || (previous == 0xC2 && byte <= 0x9F) { return true }
                previous = byte
            }
            return false
        }
        let plain = Array("Tab\there and “quotes” ¡é — ".utf8)
        let inserts: [[UInt8]] = [
            [0x00], [0x1F], [0x09], [0x0A], [0x0D], [0x7F], [0xC2, 0x85], [0xC2, 0xA0], [0xC3, 0x82], [0x20]
        ]
        for insert in inserts {
            for position in 0...24 {
                var bytes = Array(plain.prefix(position)) + insert + plain
                XCTAssertEqual(
                    bytes.withUnsafeBufferPointer(PageRenderer.hasForbiddenByte), reference(bytes),
                    "\(insert) at \(position)")
                bytes = Array(repeating: UInt8(ascii: "a"), count: position) + insert
                XCTAssertEqual(
                    bytes.withUnsafeBufferPointer(PageRenderer.hasForbiddenByte), reference(bytes),
                    "\(insert) ending at \(position)")
            }
        }
        // A C1 control split across two words: 0xC2 ends a word read byte by byte, 0x9F opens a clean one.
        let split: [UInt8] = [128, 126, 32, 159, 159, 128, 32, 194, 159, 65, 126, 65, 159, 159, 32, 32, 65, 32]
        XCTAssertEqual(
            split.withUnsafeBufferPointer(PageRenderer.hasForbiddenByte), true, "found by a random run in CI")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                [UInt8(0x20), 0x41, 0x7E, 0x7F, 0xC2, 0x80, 0x9F, 0xA0, 0xE2, 0x0A, 0x01].randomElement(
                    using: &generator)!
            }
            XCTAssertEqual(bytes.withUnsafeBufferPointer(PageRenderer.hasForbiddenByte), reference(bytes), "\(bytes)")
        }
    }
}

import Foundation
import GazetteTestSupport
@testable import Jobs
@testable import Publishing

/// A runner's name with control characters reaches a race page's table rows, which are written as
/// bytes: they are replaced there as everywhere else.
final class ControlCharactersInTableRowsTests: XCTestCase {
    func testARunnersControlCharactersAreReplacedInItsRows() async throws {
        let dir = TestSupport.temporaryFolder()
        let card = try String(contentsOf: TestSupport.fixture("race-card.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"Copper Lantern\"", with: "\"Copper\\u0001Lan\\u0085tern\"")
        let input = dir.appendingPathComponent("card.json")
        try card.write(to: input, atomically: true, encoding: .utf8)
        let output = dir.appendingPathComponent("out")
        let result = await Pipeline(
            job: Job(
                title: "T", output: output,
                reports: [ReportSpec(kind: .raceCard, title: "Races", sources: [.file(input)])]),
            options: BuildOptions(now: TestSupport.fixedNow, jobs: 2)
        ).run()
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        var found = false
        for (path, bytes) in TestSupport.snapshot(output) where path.hasSuffix(".html") {
            let page = String(decoding: bytes, as: UTF8.self)
            XCTAssertFalse(page.unicodeScalars.contains { $0.value == 1 || $0.value == 0x85 }, path)
            if page.contains("Copper\u{FFFD}Lan\u{FFFD}tern") { found = true }
        }
        XCTAssertTrue(found, "the runner's name is shown with replacement characters")
    }
}
