import Foundation
import XCTest

@testable import SiteBuild
import SiteOutput

/// The previous `freshness.json` is read as where each entry lies: an entry is copied as its text
/// when it reads the same at the new clock, decoded and given its new state when not.
final class FreshnessPreviousTests: XCTestCase {
    private func file(_ entries: [FreshnessFile.Entry]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        var text = FreshnessFile.head
        for (index, entry) in entries.enumerated() {
            let encoded = String(decoding: try encoder.encode(entry), as: UTF8.self)
            text += (index == 0 ? "    " : ",\n    ") + encoded.replacingOccurrences(of: "\n", with: "\n    ")
        }
        return Data((text + FreshnessFile.tail).utf8)
    }

    private func entry(_ slug: String, state: String = "fresh", errorAt: Int64? = nil) -> FreshnessFile.Entry {
        FreshnessFile.Entry(
            slug: slug, title: "Lifts \(slug)", kind: "workouts", state: state, dataAsOf: 1_000, validUntil: 2_000,
            errorAt: errorAt, error: nil)
    }

    func testEntriesAreFoundWhereTheWriterLaidThemOut() throws {
        let one = entry("athlete-1")
        let two = entry("athlete-2", errorAt: 5_000)
        let data = try file([one, two])
        let previous = try XCTUnwrap(FreshnessFile.Previous(data))
        XCTAssertEqual(previous.entry("athlete-1"), one)
        XCTAssertEqual(previous.entry("athlete-2"), two)
        XCTAssertNil(previous.entry("athlete-3"))

        // On the previous clock, each entry is its own text, as the file has it.
        guard case let .text(text)? = previous.carried("athlete-2", now: 9_999, sameClock: true) else {
            return XCTFail("carried as text")
        }
        XCTAssertEqual(try JSONDecoder().decode(FreshnessFile.Entry.self, from: Data(text)), two)
        XCTAssertTrue(String(decoding: text, as: UTF8.self).hasPrefix("{\n      \"dataAsOf\""))
        XCTAssertTrue(String(decoding: text, as: UTF8.self).hasSuffix("\n    }"))
        // Later, past its data's validity, "fresh" no longer holds: the entry comes with its new state.
        guard case let .entry(moved)? = previous.carried("athlete-2", now: 3_000, sameClock: false) else {
            return XCTFail("carried with a new state")
        }
        XCTAssertEqual(moved.state, "stale")
        guard case let .entry(expired)? = previous.carried("athlete-2", now: 6_000, sameClock: false) else {
            return XCTFail("carried with a new state")
        }
        XCTAssertEqual(expired.state, "error")
        // Still within its validity: the same text.
        guard case .text? = previous.carried("athlete-1", now: 1_500, sameClock: false) else {
            return XCTFail("carried as text")
        }
    }

    func testAnythingElseIsNotCarried() throws {
        XCTAssertNotNil(FreshnessFile.Previous(try file([])))
        var twice = try file([entry("a"), entry("a")])
        XCTAssertNil(FreshnessFile.Previous(twice), "a slug twice")
        twice = try file([entry("a\\b")])
        XCTAssertNil(FreshnessFile.Previous(twice), "an escaped slug")
        let compact = try JSONSerialization.data(
            withJSONObject: ["format": FreshnessFile.format, "reports": [["slug": "a"]]])
        XCTAssertNil(FreshnessFile.Previous(compact))
        XCTAssertNil(FreshnessFile.Previous(try file([entry("a")]).dropLast(3)))
    }

    /// Read from its file a line at a time, with windows as small as one byte (every entry read
    /// across windows) and smaller than an entry: the same entries, the same texts.
    func testTheFileReadInPiecesFindsTheSameEntries() throws {
        let entries = (1...40).map { entry("athlete-\($0)", errorAt: $0 % 3 == 0 ? 5_000 : nil) }
        let data = try file(entries)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("freshness-\(UUID().uuidString).json")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let whole = try XCTUnwrap(FreshnessFile.Previous(data))
        for piece in [1, 2, 7, 64, 333, 100_000] {
            let read = try XCTUnwrap(
                FreshnessFile.Previous(path: url.path, digest: FileDigest(of: data), expected: 40, window: piece),
                "windows of \(piece)")
            // Backwards, then forwards: windows moved both ways.
            for one in entries.reversed() + entries {
                XCTAssertEqual(read.entry(one.slug), one, "windows of \(piece)")
                guard case let .text(text)? = read.carried(one.slug, now: 1, sameClock: true),
                    case let .text(expected)? = whole.carried(one.slug, now: 1, sameClock: true)
                else { return XCTFail("carried as text") }
                XCTAssertEqual(Array(text), Array(expected))
            }
        }
        XCTAssertNil(
            FreshnessFile.Previous(path: url.path, digest: FileDigest(of: Data("other".utf8)), expected: 40),
            "bytes other than the manifest lists")
        XCTAssertNil(FreshnessFile.Previous(path: url.path + ".missing", digest: FileDigest(of: data), expected: 0))
        let cut = data.dropLast(3)
        try cut.write(to: url)
        XCTAssertNil(FreshnessFile.Previous(path: url.path, digest: FileDigest(of: cut), expected: 40, window: 5))
    }
}
