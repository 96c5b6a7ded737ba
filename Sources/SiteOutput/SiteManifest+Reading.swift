import Crypto
import Foundation
import GazetteCore

/// Reading a manifest as Gazette writes it, a report at a time: Foundation's decoder maps the
/// whole document before it decodes a value (12 MB for a manifest of 20,000 reports, some 60 MB
/// at 100,000, on every rebuild). The head (every key but `reports`, which Gazette writes last)
/// is decoded as before; each report's lines are read as the writer lays them out (two-space
/// indents, one `"key": value` a line, keys sorted). Any other layout, an escaped string or a
/// line this does not know is read the general way: a manifest edited by hand costs time, never
/// a wrong figure.
extension SiteManifest {
    /// The document read a report at a time; nil when its layout is not the writer's.
    static func quickDocument(_ data: Data) -> Document? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Document? in
            let bytes = raw.bindMemory(to: UInt8.self)
            let mark = Array("\n  \"reports\": [".utf8)
            guard let start = lastIndex(of: mark, in: bytes) else { return nil }
            var head = Data(bytes[..<start])
            head.append(contentsOf: Array("\n  \"reports\": []\n}\n".utf8))
            guard var document = try? JSONDecoder().decode(Document.self, from: head) else { return nil }
            guard let reports = quickReports(bytes, from: start + mark.count) else { return nil }
            document.reports = reports
            return document
        }
    }

    /// The manifest in `folder` read a line at a time, as the writer lays it out: its head
    /// decoded as before, each report's lines straight into its record, the file hashed as it is
    /// read; nil for any other layout (then it is read whole). Read whole, the 25 MB manifest of
    /// 100,000 reports was held beside the stat file and the job while all three were read.
    static func streamed(_ folder: URL) -> SiteManifest? {
        let path = folder.appendingPathComponent("manifest.json").path
        var head: [UInt8] = []
        var reading = QuickReports()
        var hasher = SHA256()
        var size = 0
        // Room for the records at once: a writer's report is some 240 bytes.
        reading.records.reserveCapacity((FileStat(path: path)?.size ?? 0) / 200)
        LineFile.forEachLine(
            in: path,
            eachPiece: { piece in
                hasher.update(bufferPointer: piece)
                size += piece.count
            }
        ) { line in
            guard reading.started else {
                if line.elementsEqual("  \"reports\": [".utf8) {
                    reading.started = true
                } else {
                    head += line
                    head.append(0x0A)
                }
                return true
            }
            return reading.take(line)
        }
        guard reading.complete else { return nil }
        head += Array("  \"reports\": []\n}\n".utf8)
        guard let document = try? JSONDecoder().decode(Document.self, from: Data(head)),
            document.generator == "Gazette"
        else { return nil }
        var files: [String: FileDigest] = [:]
        for file in document.files {
            if let digest = FileDigest(hex: file.sha256) { files[file.path] = digest }
        }
        var manifest = SiteManifest(
            folder: folder, files: files, records: reading.records, digest: FileDigest(hasher.finalize()))
        manifest.generatedAt = document.generatedAt.map(Int64.init)
        manifest.siteFiles = SiteWeight(
            files: document.files.count + 1, bytes: document.files.reduce(size) { $0 + $1.size })
        return manifest
    }

    /// The reports listed from `offset` (just after `"reports": [`) to the document's end.
    private static func quickReports(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> [DecodedReport]? {
        var reading = QuickReports()
        reading.started = true
        var position = offset
        while position < bytes.count {
            var end = position
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            guard reading.take(UnsafeBufferPointer(rebasing: bytes[position..<end])) else { return nil }
            position = end + 1
        }
        guard reading.complete else { return nil }
        var reports: [DecodedReport] = []
        reading.records.forEach { slug, entry, _ in reports.append(DecodedReport(slug: slug, entry: entry)) }
        return reports
    }

    private static func lastIndex(of mark: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count >= mark.count else { return nil }
        var index = bytes.count - mark.count
        while index >= 0 {
            if bytes[index] == mark[0], bytes[index..<index + mark.count].elementsEqual(mark) { return index }
            index -= 1
        }
        return nil
    }
}

/// The lines of the `reports` list, as the writer lays them out, read into records.
private struct QuickReports {
    var records = NamedTable<SiteManifest.RecordEntry>()
    var started = false
    private var fields = QuickFields()
    private var inReport = false
    private var closed = false
    private var failed = false

    /// Whether the list was read to its end, and the document closed after it.
    var complete: Bool { started && closed && !inReport && !failed }

    /// Takes the next line after `"reports": [`; false (and done) at one not of the layout.
    mutating func take(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        if line.isEmpty { return true }
        if closed {
            // Only the object's closing brace may follow the list.
            if line.elementsEqual("}".utf8) { return true }
            return fail()
        }
        if !inReport {
            if line.elementsEqual("    {".utf8) {
                inReport = true
                fields = QuickFields()
            } else if line.elementsEqual("  ]".utf8) {
                closed = true
            } else {
                return fail()
            }
            return true
        }
        if line.elementsEqual("    }".utf8) || line.elementsEqual("    },".utf8) {
            guard let report = fields.report() else { return fail() }
            records[report.slug] = report.entry
            inReport = false
            return true
        }
        return fields.take(line) || fail()
    }

    private mutating func fail() -> Bool {
        failed = true
        return false
    }
}

/// One report's fields as its lines give them: `      "key": 12,` or `      "key": "text"`.
private struct QuickFields {
    var slug: String?
    var path: String?
    var sha256: String?
    var size: Int?
    var folderFiles: Int?
    var folderBytes: Int?

    /// Takes one line; false when it is not a line of the writer's layout.
    mutating func take(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let indent = Array("      \"".utf8)
        guard line.count > indent.count, line.starts(with: indent) else { return false }
        var body = line[indent.count...]
        if body.last == UInt8(ascii: ",") { body = body.dropLast() }
        guard let quote = body.firstIndex(of: UInt8(ascii: "\"")) else { return false }
        let key = String(decoding: body[..<quote], as: UTF8.self)
        let rest = body[(quote + 1)...]
        guard rest.starts(with: ": ".utf8) else { return false }
        let value = rest.dropFirst(2)
        switch key {
        case "slug": slug = Self.text(value)
        case "path": path = Self.text(value)
        case "sha256": sha256 = Self.text(value)
        case "size": size = Self.number(value)
        case "folderFiles": folderFiles = Self.number(value)
        case "folderBytes": folderBytes = Self.number(value)
        default: return false
        }
        return true
    }

    /// A string without escapes (`\` sends the manifest the general way).
    private static func text(_ value: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        guard value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") else {
            return nil
        }
        let inner = value.dropFirst().dropLast()
        guard !inner.contains(UInt8(ascii: "\\")), !inner.contains(UInt8(ascii: "\"")) else { return nil }
        return String(decoding: inner, as: UTF8.self)
    }

    private static func number(_ value: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard !value.isEmpty, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), value.count < 19 else { return nil }
        return Int(String(decoding: value, as: UTF8.self))
    }

    /// The report, when every field it needs was given (and given well).
    func report() -> SiteManifest.DecodedReport? {
        guard let slug, let path, let sha256, let size else { return nil }
        let weight = folderFiles.flatMap { files in folderBytes.map { SiteWeight(files: files, bytes: $0) } }
        return SiteManifest.DecodedReport(slug: slug, path: path, sha256: sha256, size: size, weight: weight)
    }
}
