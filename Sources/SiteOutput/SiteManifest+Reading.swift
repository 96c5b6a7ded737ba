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

    /// The reports listed from `offset` (just after `"reports": [`) to the document's end.
    private static func quickReports(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> [DecodedReport]? {
        var reports: [DecodedReport] = []
        var fields = QuickFields()
        var inReport = false
        var position = offset
        var closed = false
        while position < bytes.count {
            var end = position
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[position..<end])
            position = end + 1
            if line.isEmpty { continue }
            if closed {
                // Only the object's closing brace may follow the list.
                guard line.elementsEqual("}".utf8) else { return nil }
                continue
            }
            if !inReport {
                if line.elementsEqual("    {".utf8) {
                    inReport = true
                    fields = QuickFields()
                } else if line.elementsEqual("  ]".utf8) {
                    closed = true
                } else {
                    return nil
                }
                continue
            }
            if line.elementsEqual("    }".utf8) || line.elementsEqual("    },".utf8) {
                guard let report = fields.report() else { return nil }
                reports.append(report)
                inReport = false
                continue
            }
            guard fields.take(line) else { return nil }
        }
        return closed && !inReport ? reports : nil
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
