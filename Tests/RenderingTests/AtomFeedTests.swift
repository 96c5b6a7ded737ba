import Foundation
import GazetteTestSupport
@testable import Rendering
import XCTest

/// The Atom feed as text (RFC 4287): escaped, its `updated` its newest entry's, its ids stable, and
/// its entries read back so a rebuild can carry those of reports it did not make.
final class AtomFeedTests: XCTestCase {
    private let october = Date(timeIntervalSince1970: 1_790_841_600)  // 2026-10-01T08:00:00Z
    private let november = Date(timeIntervalSince1970: 1_793_520_000)  // 2026-11-01T08:00:00Z

    private func entry(_ title: String, _ updated: Date) -> AtomFeed.Entry {
        AtomFeed.Entry(
            title: title, id: "https://example.org/\(title)/", updated: updated, link: "https://example.org/\(title)/",
            summary: "Score 530, +16 since 1 October 2026 <b> & \"quoted\"")
    }

    func testTheFeedIsEscapedAndUpdatedByItsNewestEntry() {
        let feed = AtomFeed(
            title: "Tom & Jerry's <site>", id: "https://example.org/feed.xml", selfLink: "https://example.org/feed.xml",
            alternate: "https://example.org/index.html", language: "en-GB",
            entries: [entry("a", october), entry("b", november)], built: Date(timeIntervalSince1970: 1_800_000_000))
        let xml = feed.xml
        XCTAssertTrue(xml.hasPrefix(#"<?xml version="1.0" encoding="utf-8"?>"# + "\n"))
        XCTAssertTrue(xml.contains("<title>Tom &amp; Jerry&apos;s &lt;site&gt;</title>"))
        XCTAssertTrue(
            xml.contains("<summary>Score 530, +16 since 1 October 2026 &lt;b&gt; &amp; &quot;quoted&quot;</summary>"))
        XCTAssertTrue(
            xml.contains("  <updated>2026-11-01T08:00:00Z</updated>\n  <link rel=\"self\""), "the newest entry's")
        XCTAssertTrue(xml.hasSuffix("</feed>\n"))
        XCTAssertEqual(AtomFeed.escaped("bell\u{07} nul\u{0}"), "bell\u{FFFD} nul\u{FFFD}", "no character XML forbids")
        XCTAssertEqual(AtomFeed.escaped("x\u{FFFE}y\u{FFFF}"), "x\u{FFFD}y\u{FFFD}", "nor the two non-characters")
        for kept in ["athlete-1/index.html", "Zoë’s café ！ 🏋️", "tab\tline\nreturn\r", "del\u{7F}"] {
            XCTAssertEqual(AtomFeed.escaped(kept), kept, "nothing to escape")
        }
    }

    func testAUUIDIsEightFourFourFourTwelveDigitsOfVersionFive() {
        let id = AtomFeed.uuid("gazette site\nGazette")
        let digits = id.dropFirst("urn:uuid:".count)
        XCTAssertTrue(id.hasPrefix("urn:uuid:"))
        XCTAssertEqual(digits.split(separator: "-").map(\.count), [8, 4, 4, 4, 12])
        XCTAssertTrue(digits.allSatisfy { $0 == "-" || $0.isHexDigit && !$0.isUppercase })
        XCTAssertEqual(digits.split(separator: "-")[2].first, "5", "version 5")
        XCTAssertTrue("89ab".contains(digits.split(separator: "-")[3].first!), "the RFC 4122 variant")
    }

    func testAFeedWithoutEntriesIsUpdatedByItsBuild() {
        let built = Date(timeIntervalSince1970: 1_800_000_000)
        let feed = AtomFeed(
            title: "t", id: "urn:uuid:x", selfLink: "feed.xml", alternate: "index.html", language: "de", entries: [],
            built: built)
        XCTAssertEqual(feed.updated, built)
    }

    func testEntriesAreReadBackAndCarriedAsTheyWere() {
        let made = AtomFeed(
            title: "t", id: "i", selfLink: "s", alternate: "a", language: "en",
            entries: [entry("a", october), entry("b", november)], built: october)
        let read = AtomFeed.entries(in: Array(made.xml.utf8))
        XCTAssertEqual(Set(read.keys), ["https://example.org/a/", "https://example.org/b/"])
        XCTAssertEqual(read["https://example.org/a/"]?.updated, october)
        let carried = AtomFeed(
            title: "t", id: "i", selfLink: "s", alternate: "a", language: "en",
            pieces: [.kept(read["https://example.org/a/"]!), .made(entry("b", november))], built: october)
        XCTAssertEqual(carried.xml, made.xml, "a kept entry is the entry it was")
        XCTAssertTrue(
            AtomFeed.entries(in: Array("<feed>\n  <entry>\n    <id>x</id>\n  </entry>\n</feed>".utf8)).isEmpty,
            "no updated: made again")
    }

    /// A site's feed carries an entry per report: a kept one is written from the previous feed's
    /// bytes where they lie, not from a copy of each.
    func testAKeptEntryIsWrittenFromThePreviousFeedsOwnBytes() throws {
        let made = AtomFeed(
            title: "t", id: "i", selfLink: "s", alternate: "a", language: "en",
            entries: [entry("a", october)], built: october)
        let kept = try XCTUnwrap(AtomFeed.entries(in: Array(made.xml.utf8))["https://example.org/a/"])
        let carried = AtomFeed(
            title: "t", id: "i", selfLink: "s", alternate: "a", language: "en", pieces: [.kept(kept)], built: october)
        guard case let .bytes(written) = carried.pieces[1] else { return XCTFail("a kept entry is written as bytes") }
        let previous = kept.feed.withUnsafeBufferPointer { $0.baseAddress! + kept.range.lowerBound }
        XCTAssertEqual(written.withUnsafeBufferPointer { $0.baseAddress }, previous, "the previous feed's storage")
        XCTAssertEqual(written, kept.bytes)
    }

    func testIdsWithoutAnAddressAreStableUUIDs() {
        let id = AtomFeed.uuid("gazette report\nMonthly\ncredit-score")
        XCTAssertEqual(id, AtomFeed.uuid("gazette report\nMonthly\ncredit-score"))
        XCTAssertNotEqual(id, AtomFeed.uuid("gazette report\nMonthly\nraces"))
        XCTAssertNotNil(
            id.range(
                of: "^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$",
                options: .regularExpression),
            id)
    }
}
