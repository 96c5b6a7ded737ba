import Foundation
import XCTest
@testable import JSONSupport

/// Issue 50: a JSON input's strings are cleaned where they are read.
final class JSONInputCleaningTests: XCTestCase {
    private func cleaned(_ text: String) -> String {
        String(decoding: JSONInputCleaning.cleaned(Data(text.utf8)), as: UTF8.self)
    }

    func testEscapedControlsAndNoncharactersBecomeTheReplacementCharacter() {
        XCTAssertEqual(cleaned(#"{"a":"x\u0000y\u001B\u0085\u007f"}"#), #"{"a":"x\ufffdy\ufffd\ufffd\ufffd"}"#)
        XCTAssertEqual(cleaned(#"["\ufffe\uFFFF\ufdd0\ud83f\udfff"]"#), #"["\ufffd\ufffd\ufffd\ufffd"]"#)
    }

    func testTabsLineEndsOtherEscapesAndPairsAreKept() {
        let text = #"{"a":"\u0009\u000a\u000d\t\n\\u0000\"\u00e9\ud83d\ude00"}"#
        XCTAssertEqual(cleaned(text), text)
    }

    func testRawDeleteC1AndNoncharactersBecomeTheReplacementCharacter() {
        XCTAssertEqual(cleaned("[\"a\u{7F}b\u{85}c\"]"), "[\"a\u{FFFD}b\u{FFFD}c\"]")
        let raw = Data("[\"".utf8) + Data([0xEF, 0xBF, 0xBE, 0xF0, 0x9F, 0xBF, 0xBF]) + Data("\"]".utf8)
        XCTAssertEqual(String(decoding: JSONInputCleaning.cleaned(raw), as: UTF8.self), "[\"\u{FFFD}\u{FFFD}\"]")
    }

    func testTextWithNothingToCleanIsTheSameBytes() {
        let data = Data(#"{"name":"Café Ünïcödé","n":[1,2]}"#.utf8)
        XCTAssertEqual(JSONInputCleaning.cleaned(data), data)
    }

    func testADecodedDocumentHoldsTheReplacementCharacter() throws {
        let names = try JSONDocumentDecoding.decode([String].self, from: Data(#"["a\u0000b\u001b[31m"]"#.utf8))
        XCTAssertEqual(names, ["a\u{FFFD}b\u{FFFD}[31m"])
    }
}
