import Foundation
import GazetteCore

/// What an output's `manifest.json` says: the files outside report folders with their SHA-256,
/// and each report's record with its own. A report's files are in its record, read only when the
/// report is looked at. An output without a readable Gazette manifest of this format is empty:
/// nothing of it is reused, and all of it is someone else's.
package struct SiteManifest: Sendable {
    package struct Listing: Codable, Sendable {
        package var path: String
        package var sha256: String
        package var size: Int
    }

    package struct ReportListing: Codable, Sendable {
        package var slug: String
        package var path: String
        package var sha256: String
        package var size: Int
    }

    private struct Document: Decodable {
        var generator: String
        var format: String?
        var files: [Listing]
        var reports: [ReportListing]?
    }

    package let folder: URL
    /// Path → SHA-256 of every file the manifest lists outside report folders.
    package let files: [String: FileDigest]
    /// Slug → its record's listing, in the manifest's (the job's) order.
    package let reports: [String: ReportListing]
    package let reportOrder: [String]
    /// The manifest's bytes, to tell whether a build would write it again unchanged.
    package let bytes: [UInt8]?

    package static func empty(_ folder: URL) -> SiteManifest {
        SiteManifest(folder: folder, files: [:], reports: [:], reportOrder: [], bytes: nil)
    }

    private init(
        folder: URL, files: [String: FileDigest], reports: [String: ReportListing], reportOrder: [String],
        bytes: [UInt8]?
    ) {
        self.folder = folder
        self.files = files
        self.reports = reports
        self.reportOrder = reportOrder
        self.bytes = bytes
    }

    /// The manifest of the output (or part) in `folder`.
    package init(output folder: URL) {
        self.init(
            folder: folder,
            bytes: FileManager.default.contents(atPath: folder.appendingPathComponent("manifest.json").path))
    }

    /// The manifest `data` of the output in `folder`.
    package init(folder: URL, bytes data: Data?) {
        guard let data, let document = try? JSONDecoder().decode(Document.self, from: data),
            document.generator == "Gazette"
        else {
            self = .empty(folder)
            return
        }
        var files: [String: FileDigest] = [:]
        for file in document.files {
            if let digest = FileDigest(hex: file.sha256) { files[file.path] = digest }
        }
        var reports: [String: ReportListing] = [:]
        for report in document.reports ?? [] { reports[report.slug] = report }
        self.init(
            folder: folder, files: files, reports: reports, reportOrder: (document.reports ?? []).map(\.slug),
            bytes: Array(data))
    }

    /// Whether `folder` holds a manifest Gazette wrote (of any format): its top-level
    /// `"generator": "Gazette"` (a string inside the document would have its quotes escaped), so a
    /// big manifest is not parsed just to say whose it is.
    package static func isGazettes(_ folder: URL) -> Bool {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("manifest.json").path),
            data.first == UInt8(ascii: "{")
        else { return false }
        let mark = Data("\"generator\": \"Gazette\"".utf8)
        return data.range(of: mark) != nil || data.range(of: Data("\"generator\":\"Gazette\"".utf8)) != nil
    }

    /// `slug`'s record, when its bytes are the ones the manifest lists; nil otherwise.
    package func record(_ slug: String) -> (record: ReportRecord, file: Staging.VerifiedFile)? {
        // Read once: checked and decoded from the same bytes.
        guard let listing = reports[slug] else { return nil }
        let url = folder.appendingPathComponent(listing.path)
        guard let stat = FileStat(path: url.path), let bytes = FileManager.default.contents(atPath: url.path)
        else { return nil }
        let digest = FileDigest(of: bytes)
        guard digest.hex == listing.sha256, let record = ReportRecord.decoded(bytes), record.slug == slug else {
            return nil
        }
        return (record, Staging.VerifiedFile(source: url, size: bytes.count, digest: digest, stat: stat))
    }

    /// Every path the manifest names, directly or through a record, and the manifest itself.
    /// Reads every record but those of `skipping` (report folders known to hold only their own
    /// files): for carrying other files over, once a build publishes.
    package func allPaths(skipping: Set<String> = []) -> Set<String> {
        var paths = Set(files.keys)
        paths.insert("manifest.json")
        for slug in reportOrder {
            guard let listing = reports[slug] else { continue }
            paths.insert(listing.path)
            if skipping.contains(slug) { continue }
            guard let bytes = FileManager.default.contents(atPath: folder.appendingPathComponent(listing.path).path),
                let record = ReportRecord.decoded(bytes)
            else { continue }
            for file in record.files { paths.insert(file.path) }
        }
        return paths
    }
}
