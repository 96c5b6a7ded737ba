import GazetteCore
import XCTest

/// Digests are spelt in lowercase hexadecimal, two digits a byte, the same by either path.
final class HexTextTests: XCTestCase {
    func testEveryByteIsTwoLowercaseDigits() {
        let bytes: [UInt8] = [0x00, 0x09, 0x0A, 0x0F, 0x10, 0x7F, 0xA5, 0xFF]
        XCTAssertEqual(hexText(bytes), "00090a0f107fa5ff")
        XCTAssertEqual(bytes.withUnsafeBytes { hexText($0) }, "00090a0f107fa5ff")
        XCTAssertEqual(hexText([UInt8]()), "")
        XCTAssertEqual([UInt8]().withUnsafeBytes { hexText($0) }, "")
    }

    func testBothPathsAgreeOnEveryByte() {
        let bytes = (0...255).map(UInt8.init)
        let text = hexText(bytes)
        XCTAssertEqual(text.count, 512)
        XCTAssertEqual(bytes.withUnsafeBytes { hexText($0) }, text)
        XCTAssertEqual(String(text.prefix(6)), "000102")
        XCTAssertEqual(String(text.suffix(4)), "feff")
    }
}
