import XCTest
@testable import Canvas

/// The SVG number reader gives exactly what `Double(String)` gives, for Cairo's numbers and others.
final class DecimalTextTests: XCTestCase {
    func testItReadsAsTheStandardLibraryDoes() {
        let texts = [
            "0", "-0", "0.0", "12", "-12.375", "+5", "5.", ".5", "-.25", "123.456789", "0.1", "0.3",
            "999999999999999", "9999999999999999", "1234567.891234567", "0.0000000000000000000000001",
            "00012.5", "1e3", "1E-2", "", ".", "-", "+", "1.2.3", "12a", " 1", "inf", "nan", "0x1p3",
            "17976931348623157", "4503599627370497.5", "0.000001", "340.2999999999999"
        ]
        for text in texts {
            assertSame(text)
        }
    }

    func testItAgreesOnManyRandomDecimals() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let whole = Int.random(in: -99_999...99_999, using: &generator)
            let decimals = Int.random(in: 0...10, using: &generator)
            let fraction = (0..<decimals).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            assertSame(decimals == 0 ? "\(whole)" : "\(whole).\(fraction)")
        }
    }

    private func assertSame(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let expected = Double(text)
        let found = DecimalText.parse(Array(text.utf8))
        XCTAssertEqual(
            found?.bitPattern, expected?.bitPattern,
            "\(text): \(String(describing: found)) vs \(String(describing: expected))",
            file: file, line: line)
    }
}
