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

    /// A report's record as the manifest lists it: always at `ReportRecord.path(slug)`.
    package struct ReportListing: Sendable {
        package var slug: String
        package var digest: FileDigest
        package var size: Int
        /// The report folder's files and bytes, its record included; nil from an older manifest.
        package var weight: SiteWeight? = nil

        package var path: String { ReportRecord.path(slug) }
        package var sha256: String { digest.hex }
    }

    /// A report's listing as decoded: the digest parsed at once, so a manifest of 100,000
    /// reports is not held as 100,000 hexadecimal strings on its way in.
    struct DecodedReport: Decodable {
        var slug: String
        var entry: RecordEntry

        /// A report as its record's entry gives it (`quickDocument`).
        init(slug: String, entry: RecordEntry) {
            self.slug = slug
            self.entry = entry
        }

        /// A report as its fields give it (`quickDocument`).
        init(slug: String, path: String, sha256: String, size: Int, weight: SiteWeight?) {
            self.slug = slug
            entry = Self.entry(slug: slug, path: path, digest: FileDigest(hex: sha256), size: size, weight: weight)
        }

        /// A record anywhere else, or without a SHA-256, is still the report's (its folder is
        /// Gazette's), but nothing of it is reused.
        private static func entry(slug: String, path: String, digest: FileDigest?, size: Int, weight: SiteWeight?)
            -> RecordEntry
        {
            RecordEntry(digest: path == ReportRecord.path(slug) ? digest : nil, size: size, weight: weight)
        }

        enum CodingKeys: String, CodingKey { case slug, path, sha256, size, folderFiles, folderBytes }

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            slug = try fields.decode(String.self, forKey: .slug)
            let path = try fields.decode(String.self, forKey: .path)
            let size = try fields.decode(Int.self, forKey: .size)
            let digest = FileDigest(hex: try fields.decode(String.self, forKey: .sha256))
            // Written since the site's weight is counted; an older manifest's reports have none.
            var weight: SiteWeight?
            if let files = try fields.decodeIfPresent(Int.self, forKey: .folderFiles),
                let bytes = try fields.decodeIfPresent(Int.self, forKey: .folderBytes)
            {
                weight = SiteWeight(files: files, bytes: bytes)
            }
            entry = Self.entry(slug: slug, path: path, digest: digest, size: size, weight: weight)
        }
    }

    struct Document: Decodable {
        var generator: String
        var format: String?
        var files: [Listing]
        var reports: [DecodedReport]?
        var generatedAt: Int?
    }

    /// A report record's SHA-256 (nil when the manifest's cannot be trusted) and size.
    struct RecordEntry: Sendable {
        var digest: FileDigest?
        var size: Int
        /// The report folder's files and bytes, its record included; nil from an older manifest.
        var weight: SiteWeight?
    }

    package let folder: URL
    /// Path → SHA-256 of every file the manifest lists outside report folders.
    package let files: [String: FileDigest]
    /// Slug → its record's listing (a table, not a dictionary of entries: `NamedTable`).
    private let records: NamedTable<RecordEntry>
    /// The reports' slugs in the manifest's (the job's) order: the order the records were read in.
    package var reportOrder: [String] { records.allNames }
    /// The files the manifest lists outside report folders, and the manifest itself.
    package internal(set) var siteFiles = SiteWeight()
    /// The manifest file's SHA-256, to tell whether a build would write it again unchanged; nil
    /// when there is no readable Gazette manifest.
    package let digest: FileDigest?
    /// The clock of the build that published it (its `generatedAt`, Unix seconds); nil when unknown.
    package internal(set) var generatedAt: Int64?

    package static func empty(_ folder: URL) -> SiteManifest {
        SiteManifest(folder: folder, files: [:], records: NamedTable(), digest: nil)
    }

    init(folder: URL, files: [String: FileDigest], records: NamedTable<RecordEntry>, digest: FileDigest?) {
        self.folder = folder
        self.files = files
        self.records = records
        self.digest = digest
    }

    /// The manifest of the output (or part) in `folder`.
    package init(output folder: URL) {
        if let streamed = Self.streamed(folder) {
            self = streamed
            return
        }
        self.init(
            folder: folder,
            bytes: FileManager.default.contents(atPath: folder.appendingPathComponent("manifest.json").path))
    }

    /// The manifest `data` of the output in `folder`.
    package init(folder: URL, bytes data: Data?) {
        guard let data,
            let document = Self.quickDocument(data) ?? (try? JSONDecoder().decode(Document.self, from: data)),
            document.generator == "Gazette"
        else {
            self = .empty(folder)
            return
        }
        var files: [String: FileDigest] = [:]
        for file in document.files {
            if let digest = FileDigest(hex: file.sha256) { files[file.path] = digest }
        }
        let reports = document.reports ?? []
        var records = NamedTable<RecordEntry>()
        records.reserveCapacity(reports.count)
        for report in reports { records[report.slug] = report.entry }
        self.init(
            folder: folder, files: files, records: records,
            digest: FileDigest(of: data))
        generatedAt = document.generatedAt.map(Int64.init)
        siteFiles = SiteWeight(
            files: document.files.count + 1, bytes: document.files.reduce(data.count) { $0 + $1.size })
    }

    /// This manifest when `folder`'s `manifest.json` still has the bytes it was read from; else
    /// the one there now.
    package func current() -> SiteManifest {
        let path = folder.appendingPathComponent("manifest.json").path
        // Hashed a piece at a time: the file is read whole only when it changed.
        if let digest, FileDigest(ofFileAt: path) == digest { return self }
        return SiteManifest(folder: folder, bytes: FileManager.default.contents(atPath: path))
    }

    /// `slug`'s record listing; nil when the manifest lists none it can vouch for.
    package func report(_ slug: String) -> ReportListing? {
        guard let entry = records[slug], let digest = entry.digest else { return nil }
        return ReportListing(slug: slug, digest: digest, size: entry.size, weight: entry.weight)
    }

    /// Whether `folder` holds a manifest Gazette wrote (of any format): its top-level
    /// `"generator": "Gazette"` (a string inside the document would have its quotes escaped), so a
    /// big manifest is not parsed just to say whose it is. Read a piece at a time and only until
    /// the mark: the writer puts it before the reports, and a manifest of 100,000 reports is 25 MB.
    package static func isGazettes(_ folder: URL) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: folder.appendingPathComponent("manifest.json").path) else {
            return false
        }
        defer { try? handle.close() }
        let marks = [Array("\"generator\": \"Gazette\"".utf8), Array("\"generator\":\"Gazette\"".utf8)]
        let overlap = marks.map(\.count).max()! - 1
        var window: [UInt8] = []
        var first = true
        while let piece = try? handle.read(upToCount: 65_536), !piece.isEmpty {
            if first {
                guard piece.first == UInt8(ascii: "{") else { return false }
                first = false
            }
            // What a mark split between two pieces needs of the piece before.
            window.removeFirst(max(0, window.count - overlap))
            window.append(contentsOf: piece)
            if marks.contains(where: { window.contains(bytes: $0) }) { return true }
        }
        return false
    }

    /// `slug`'s record, when its bytes are the ones the manifest lists; nil otherwise.
    package func record(_ slug: String) -> (record: ReportRecord, file: Staging.VerifiedFile)? {
        // Read once: checked and decoded from the same bytes.
        guard let listing = report(slug) else { return nil }
        let url = folder.appendingPathComponent(listing.path)
        guard let stat = FileStat(path: url.path), let bytes = FileManager.default.contents(atPath: url.path)
        else { return nil }
        let digest = FileDigest(of: bytes)
        guard digest == listing.digest, let record = ReportRecord.decoded(bytes), record.slug == slug else {
            return nil
        }
        return (record, Staging.VerifiedFile(source: url, size: bytes.count, digest: digest, stat: stat))
    }

    /// The paths the manifest names outside report folders, and the manifest itself.
    package var sitePaths: Set<String> {
        var paths = Set(files.keys)
        paths.insert("manifest.json")
        return paths
    }

    /// Whether the manifest lists a report of this slug (its folder is the slug).
    package func listsReport(_ slug: String) -> Bool { records[slug] != nil }

    /// The paths of `slug`'s folder its record names, and the record itself; only the record when
    /// the record cannot be read.
    package func reportPaths(_ slug: String) -> Set<String> {
        let path = ReportRecord.path(slug)
        var paths: Set<String> = [path]
        if let bytes = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path),
            let listed = ReportRecord.listedPaths(bytes)
        {
            paths.formUnion(listed)
        }
        return paths
    }

    /// Every path the manifest names, directly or through a record, and the manifest itself.
    /// Reads every record but those of `skipping` (report folders known to hold only their own
    /// files): for carrying other files over, once a build publishes.
    package func allPaths(skipping: Set<String> = []) -> Set<String> {
        var paths = Set(files.keys)
        paths.insert("manifest.json")
        for slug in reportOrder {
            let path = ReportRecord.path(slug)
            paths.insert(path)
            if skipping.contains(slug) { continue }
            guard let bytes = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path),
                let listed = ReportRecord.listedPaths(bytes)
            else { continue }
            paths.formUnion(listed)
        }
        return paths
    }
}

extension [UInt8] {
    /// Whether `needle` occurs in these bytes.
    fileprivate func contains(bytes needle: [UInt8]) -> Bool {
        guard let head = needle.first, count >= needle.count else { return false }
        for index in 0...(count - needle.count) where self[index] == head {
            if self[index..<(index + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
