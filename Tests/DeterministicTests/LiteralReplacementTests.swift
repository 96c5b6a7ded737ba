import Deterministic
import XCTest

final class LiteralReplacementTests: XCTestCase {
    func testEveryOccurrenceLeftToRightWithoutOverlap() {
        let tags = "a id=\"x\" b id=\"y\""
        XCTAssertEqual(tags.replacingLiteral(" id=\"", with: " id=\"i3"), "a id=\"i3x\" b id=\"i3y\"")
        XCTAssertEqual("aaaa".replacingLiteral("aa", with: "b"), "bb")
        XCTAssertEqual("aaa".replacingLiteral("aa", with: "b"), "ba")
        XCTAssertEqual("{n} of {n}".replacingLiteral("{n}", with: "3"), "3 of 3")
    }

    func testTextWithoutTheTargetIsUnchanged() {
        XCTAssertEqual("plain".replacingLiteral("{count}", with: "2"), "plain")
        XCTAssertEqual("ab".replacingLiteral("abc", with: "x"), "ab")
        XCTAssertEqual("".replacingLiteral("a", with: "b"), "")
        XCTAssertEqual("keep".replacingLiteral("", with: "x"), "keep")
    }

    func testMatchesAtBothEndsAndReplacesWithNothing() {
        XCTAssertEqual("xyz-xyz".replacingLiteral("xyz", with: ""), "-")
        XCTAssertEqual("\u{0}mid\u{0}".replacingLiteral("\u{0}", with: "<style/>"), "<style/>mid<style/>")
    }

    func testTextBeyondASCIIStaysWhole() {
        XCTAssertEqual("Zoë {name} — Ørsted 🏋️".replacingLiteral("{name}", with: "Łukasz"), "Zoë Łukasz — Ørsted 🏋️")
        XCTAssertEqual("日本語の{x}です".replacingLiteral("{x}", with: "値"), "日本語の値です")
        XCTAssertEqual("é é".replacingLiteral("é", with: "e"), "e e")
    }
}
