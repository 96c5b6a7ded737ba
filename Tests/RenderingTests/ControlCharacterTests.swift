import XCTest
@testable import Rendering

/// Pages never carry control characters: C0 (but tab and line ends), DEL and C1 become U+FFFD,
/// and letters whose UTF-8 shares C1's continuation bytes are left alone.
final class PageControlCharacterTests: XCTestCase {
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
}
