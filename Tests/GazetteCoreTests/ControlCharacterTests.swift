import XCTest

@testable import GazetteCore

/// One definition of a control character: C0, DEL and C1; callers keep tab and line ends or not.
final class ControlCharacterTests: XCTestCase {
    func testControlsAreC0DELAndC1() {
        let controls = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter(ControlCharacter.isControl)
        XCTAssertEqual(controls.map(\.value), Array(0...0x1F) + [0x7F] + Array(0x80...0x9F))
    }

    func testReplacingKeepsWhatTheCallerKeeps() {
        XCTAssertEqual(ControlCharacter.replacing(in: "a\tb\nc\u{1B}d\u{85}", with: " "), "a b c d ")
        XCTAssertEqual(
            ControlCharacter.replacing(in: "a\tb\r\nc\u{7F}", with: "\u{FFFD}", keeping: ControlCharacter.isLineLayout),
            "a\tb\r\nc\u{FFFD}")
        XCTAssertEqual(ControlCharacter.replacing(in: "é — “q” \u{A0}", with: " "), "é — “q” \u{A0}")
        XCTAssertTrue(ControlCharacter.contains(in: "a\u{9F}"))
        XCTAssertFalse(ControlCharacter.contains(in: "Â\u{A0}"))
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
                    bytes.withUnsafeBufferPointer(ControlCharacter.containsOtherThanLineLayout), reference(bytes),
                    "\(insert) at \(position)")
                bytes = Array(repeating: UInt8(ascii: "a"), count: position) + insert
                XCTAssertEqual(
                    bytes.withUnsafeBufferPointer(ControlCharacter.containsOtherThanLineLayout), reference(bytes),
                    "\(insert) ending at \(position)")
            }
        }
        // A C1 control split across two words: 0xC2 ends a word read byte by byte, 0x9F opens a clean one.
        let split: [UInt8] = [128, 126, 32, 159, 159, 128, 32, 194, 159, 65, 126, 65, 159, 159, 32, 32, 65, 32]
        let check = ControlCharacter.containsOtherThanLineLayout
        XCTAssertEqual(split.withUnsafeBufferPointer(check), true, "found by a random run in CI")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                [UInt8(0x20), 0x41, 0x7E, 0x7F, 0xC2, 0x80, 0x9F, 0xA0, 0xE2, 0x0A, 0x01].randomElement(
                    using: &generator)!
            }
            XCTAssertEqual(bytes.withUnsafeBufferPointer(check), reference(bytes), "\(bytes)")
        }
    }
}
