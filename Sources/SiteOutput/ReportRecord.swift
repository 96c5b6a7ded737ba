import Foundation
import GazetteCore
import ReportFacts

/// `SLUG/record.json`: everything a later build, a merge or a deploy script needs of one report's
/// folder, kept in the folder itself — the key of what it was made from, its files with their
/// sizes and SHA-256, its charts' keys, what the front page shows of it, and how it ended.
/// The one record of a report: the build sets it aside as the report finishes, a part carries
/// it to the merge, and the next build reads it to reuse the folder.
package struct ReportRecord: Sendable, Equatable {
    package static let fileName = "record.json"
    package static let format = "gazette-record 2"

    /// A file of the report's folder, as the manifest lists the site's other files.
    package struct File: Codable, Sendable, Equatable {
        package var path: String
        package var sha256: String
        package var size: Int

        package init(path: String, sha256: String, size: Int) {
            self.path = path
            self.sha256 = sha256
            self.size = size
        }
    }

    /// The key of everything the report was made from; empty when it may not be reused (it
    /// failed, or its inputs could not be hashed).
    package var key: String
    /// How the report ended, its card and its sources.
    package var report: BuiltReport
    /// Chart key → the stem of its files (`athlete-1/charts/back-squat`), for reusing a chart.
    package var charts: [String: String]
    /// Every file of the folder but the record, in path order.
    package var files: [File]

    package init(key: String, report: BuiltReport, charts: [String: String], files: [File]) {
        self.key = key
        self.report = report
        self.charts = charts
        self.files = files
    }

    package var slug: String { report.outcome.slug }
    package var error: BuildError? { report.outcome.error }

    /// The record's path in the site.
    package static func path(_ slug: String) -> String { "\(slug)/\(fileName)" }

    /// The record as its file holds it: JSON with sorted keys, the same bytes for the same record.
    package func encoded() throws(BuildError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(self))
        } catch {
            throw BuildError(.io, .file(Self.path(slug)), "cannot write the report's record: \(error)")
        }
    }

    /// The record without its files and charts: what the front page, a summary and the ledger need.
    package var head: ReportRecord {
        var head = self
        head.files = []
        head.charts = [:]
        return head
    }

    /// A record's head read back (its files and charts left empty); nil when the bytes are not a
    /// record of this format.
    package static func decodedHead(_ bytes: some ContiguousBytes) -> ReportRecord? {
        // The lists are most of a record's bytes: they are cut out before the decoder reads it.
        let data = bytes.withUnsafeBytes { raw in Data(Self.withoutLists(raw) ?? Array(raw)) }
        return decoded(data)
    }

    /// The paths a record lists, read from a record of any format Gazette has written (each lists
    /// its files as `{"path", …}`): which files of an output are Gazette's own does not change
    /// when a newer Gazette writes its records another way. Nil when the bytes list none.
    package static func listedPaths(_ bytes: some ContiguousBytes) -> [String]? {
        let data = bytes.withUnsafeBytes { Data($0) }
        return (try? JSONDecoder().decode(ListedFiles.self, from: data))?.files.map(\.path)
    }

    /// The one member every record format shares: its files' paths.
    private struct ListedFiles: Decodable {
        struct Path: Decodable { var path: String }
        var files: [Path]
    }

    /// A record read back; nil when the bytes are not a record of this format.
    package static func decoded(_ bytes: some ContiguousBytes) -> ReportRecord? {
        let data = bytes.withUnsafeBytes { Data($0) }
        return try? JSONDecoder().decode(ReportRecord.self, from: data)
    }

    /// The record's JSON object without its `files` and `charts` members; nil when the bytes are
    /// not one JSON object (the decoder then reads them whole, and says so).
    static func withoutLists(_ raw: UnsafeRawBufferPointer) -> [UInt8]? {
        var scanner = JSONMembers(raw)
        var kept: [UInt8] = [UInt8(ascii: "{")]
        kept.reserveCapacity(raw.count / 4)
        guard scanner.open() else { return nil }
        while let member = scanner.next() {
            let key = UnsafeRawBufferPointer(rebasing: raw[member.key])
            if key.elementsEqual("\"files\"".utf8) || key.elementsEqual("\"charts\"".utf8) { continue }
            if kept.count > 1 { kept.append(UInt8(ascii: ",")) }
            kept.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[member.whole]))
        }
        guard scanner.closed else { return nil }
        kept.append(UInt8(ascii: "}"))
        return kept
    }
}

/// One flat JSON object: the built report's members (`BuiltReport`'s coding) beside the record's
/// own `format`, `key`, `charts` and `files`. Decoding fails on another format; a head read
/// without its lists gets them empty.
extension ReportRecord: Codable {
    private enum CodingKeys: String, CodingKey { case format, key, charts, files }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let format = try container.decode(String.self, forKey: .format)
        guard format == Self.format else {
            throw DecodingError.dataCorruptedError(
                forKey: .format, in: container, debugDescription: "not a \(Self.format) record")
        }
        key = try container.decode(String.self, forKey: .key)
        report = try BuiltReport(from: decoder)
        charts = try container.decodeIfPresent([String: String].self, forKey: .charts) ?? [:]
        files = try container.decodeIfPresent([File].self, forKey: .files) ?? []
    }

    package func encode(to encoder: Encoder) throws {
        try report.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.format, forKey: .format)
        try container.encode(key, forKey: .key)
        try container.encode(charts, forKey: .charts)
        try container.encode(files, forKey: .files)
    }
}

/// The members of a JSON object's top level, each as the byte ranges of its key (with quotes) and
/// of the whole `"key":value`, found without decoding the values.
struct JSONMembers {
    private let bytes: UnsafePointer<UInt8>?
    private let count: Int
    private var index = 0
    /// Whether the object ended as it should.
    private(set) var closed = false

    init(_ raw: UnsafeRawBufferPointer) {
        bytes = raw.baseAddress?.assumingMemoryBound(to: UInt8.self)
        count = raw.count
    }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

    /// Steps over the opening brace; false when the bytes do not begin an object.
    mutating func open() -> Bool {
        skipSpace()
        guard index < count, bytes![index] == UInt8(ascii: "{") else { return false }
        index += 1
        return true
    }

    mutating func next() -> (key: Range<Int>, whole: Range<Int>)? {
        skipSpace()
        guard index < count, !closed else { return nil }
        if bytes![index] == UInt8(ascii: "}") {
            closed = true
            return nil
        }
        if bytes![index] == UInt8(ascii: ",") {
            index += 1
            skipSpace()
        }
        let start = index
        guard index < count, bytes![index] == Self.quote, skipString() else { return nil }
        let key = start..<index
        skipSpace()
        guard index < count, bytes![index] == UInt8(ascii: ":") else { return nil }
        index += 1
        guard skipValue() else { return nil }
        return (key, start..<index)
    }

    private mutating func skipSpace() {
        while index < count {
            switch bytes![index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// Steps over a string from its opening quote; false when it does not end. A plain loop on
    /// a local index: this runs over every byte of a record's lists.
    private mutating func skipString() -> Bool {
        guard let bytes else { return false }
        var at = index + 1
        while at < count {
            let byte = bytes[at]
            at += 1
            if byte == Self.quote {
                index = at
                return true
            }
            if byte == Self.backslash { at += 1 }
        }
        index = count
        return false
    }

    /// Steps over one value, nested objects and arrays whole; false when it does not end.
    private mutating func skipValue() -> Bool {
        skipSpace()
        guard let bytes, index < count else { return false }
        switch bytes[index] {
        case Self.quote:
            return skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < count {
                switch bytes[index] {
                case Self.quote:
                    guard skipString() else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                default: break
                }
                index += 1
                if depth == 0 { return true }
            }
            return false
        default:
            while index < count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"): return true
                default: index += 1
                }
            }
            return true
        }
    }
}
