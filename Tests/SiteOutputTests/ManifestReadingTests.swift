import Foundation
import GazetteCore
import XCTest

@testable import SiteOutput

/// A manifest in the writer's layout is read a report at a time (`SiteManifest.quickDocument`);
/// it must read exactly as the general decoder reads it, and any other layout goes the general way.
final class ManifestReadingTests: XCTestCase {
    private let folder = URL(fileURLWithPath: "/tmp/unused-site", isDirectory: true)

    private func manifest(reports: [JSONValue]) -> JSONValue {
        .object([
            "generator": .string("Gazette"), "format": .string(Staging.manifestFormat),
            "generatedAt": .int(1_700_000_000),
            "files": .array([Staging.entry("index.html", 1234, String(repeating: "ab", count: 32))]),
            "reports": .array(reports)
        ])
    }

    private func report(_ slug: String, path: String? = nil, weight: Bool = true, extra: Bool = false) -> JSONValue {
        var fields: [String: JSONValue] = [
            "slug": .string(slug), "path": .string(path ?? ReportRecord.path(slug)),
            "sha256": .string(String(repeating: "c7", count: 32)), "size": .int(2718)
        ]
        if weight {
            fields["folderFiles"] = .int(11)
            fields["folderBytes"] = .int(87_934)
        }
        if extra { fields["note"] = .string("by hand") }
        return .object(fields)
    }

    /// The manifest as the general decoder reads it: the same document on one line.
    private func generally(_ document: JSONValue) throws -> SiteManifest {
        let pretty = Data(document.rendered().utf8)
        let object = try JSONSerialization.jsonObject(with: pretty)
        let compact = try JSONSerialization.data(withJSONObject: object)
        XCTAssertNil(SiteManifest.quickDocument(compact), "one line is not the writer's layout")
        return SiteManifest(folder: folder, bytes: compact)
    }

    private func assertSame(_ one: SiteManifest, _ other: SiteManifest, slugs: [String]) {
        XCTAssertEqual(one.reportOrder, other.reportOrder)
        XCTAssertEqual(one.files, other.files)
        XCTAssertEqual(one.generatedAt, other.generatedAt)
        for slug in slugs {
            XCTAssertEqual(one.report(slug)?.digest, other.report(slug)?.digest, slug)
            XCTAssertEqual(one.report(slug)?.size, other.report(slug)?.size, slug)
            XCTAssertEqual(one.report(slug)?.weight, other.report(slug)?.weight, slug)
        }
    }

    func testTheWritersLayoutReadsAsTheGeneralDecoderReadsIt() throws {
        let document = manifest(reports: [
            report("athlete-1"), report("athlete-2", weight: false), report("moved", path: "elsewhere/record.json")
        ])
        let data = Data(document.rendered().utf8)
        XCTAssertEqual(SiteManifest.quickDocument(data)?.reports?.count, 3)
        let quick = SiteManifest(folder: folder, bytes: data)
        assertSame(quick, try generally(document), slugs: ["athlete-1", "athlete-2", "moved"])
        XCTAssertEqual(quick.reportOrder, ["athlete-1", "athlete-2", "moved"])
        XCTAssertEqual(quick.report("athlete-1")?.weight, SiteWeight(files: 11, bytes: 87_934))
        XCTAssertNil(quick.report("athlete-2")?.weight)
        XCTAssertNil(quick.report("moved"), "a record elsewhere is not vouched for")
        XCTAssertEqual(quick.digest, FileDigest(of: data))
    }

    func testAnyOtherLayoutGoesTheGeneralWay() throws {
        for odd in [report("a\\\"b"), report("athlete-1", extra: true)] {
            let document = manifest(reports: [report("athlete-0"), odd])
            let data = Data(document.rendered().utf8)
            XCTAssertNil(SiteManifest.quickDocument(data))
            assertSame(SiteManifest(folder: folder, bytes: data), try generally(document), slugs: ["athlete-0"])
        }
        let empty = manifest(reports: [])
        let data = Data(empty.rendered().utf8)
        XCTAssertEqual(SiteManifest(folder: folder, bytes: data).reportOrder, [])
        // Cut short: neither way reads it, so nothing of the output is reused.
        let cut = Data(manifest(reports: [report("athlete-1")]).rendered().utf8.dropLast(8))
        XCTAssertNil(SiteManifest.quickDocument(cut))
        XCTAssertNil(SiteManifest(folder: folder, bytes: cut).digest)
    }

    /// A manifest file in the writer's layout is read a line at a time (`SiteManifest.streamed`):
    /// the same manifest as its bytes read whole, its digest and the site's weight included; any
    /// other layout is not streamed (and reads the general way).
    func testTheFileReadALineAtATimeIsTheManifestReadWhole() throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: site) }
        let url = site.appendingPathComponent("manifest.json")
        let many = (1...3_000).map { report("athlete-\($0)", weight: $0 % 2 == 0) }
        let document = manifest(reports: many + [report("moved", path: "elsewhere/record.json")])
        let data = Data(document.rendered().utf8)
        try data.write(to: url)
        let streamed = try XCTUnwrap(SiteManifest.streamed(site))
        let whole = SiteManifest(folder: site, bytes: data)
        assertSame(streamed, whole, slugs: (1...3_000).map { "athlete-\($0)" } + ["moved"])
        XCTAssertEqual(streamed.reportOrder.count, 3_001)
        XCTAssertEqual(streamed.digest, FileDigest(of: data))
        XCTAssertEqual(streamed.siteFiles, whole.siteFiles)
        XCTAssertNil(streamed.report("moved"))
        XCTAssertEqual(SiteManifest(output: site).digest, FileDigest(of: data))
        // Another layout, a cut file, another tool's: not streamed.
        for odd in [
            Data(manifest(reports: [report("a\\\"b")]).rendered().utf8), data.dropLast(8),
            try JSONSerialization.data(withJSONObject: ["generator": "Gazette", "files": [], "reports": []])
        ] {
            try odd.write(to: url)
            XCTAssertNil(SiteManifest.streamed(site))
        }
    }
}
