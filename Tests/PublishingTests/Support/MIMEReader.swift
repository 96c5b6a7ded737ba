import Foundation
@testable import GazetteCore
@testable import Jobs

/// Reads a MIME message back for tests: headers (unfolded, lower-cased names) and nested parts.
struct MIMEReader {
    struct Part {
        var headers: [String: String]
        var body: String
        var parts: [Part]

        var contentType: String { headers["content-type"] ?? "text/plain" }
        var decodedText: String {
            guard headers["content-transfer-encoding"]?.lowercased() == "base64" else { return body }
            let joined = body.components(separatedBy: .whitespacesAndNewlines).joined()
            return Data(base64Encoded: joined).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    static func parse(_ raw: String) throws -> Part {
        let text = raw.replacingOccurrences(of: "\r\n", with: "\n")
        guard let split = text.range(of: "\n\n") else { throw Failure(description: "no blank line after the headers") }
        var headers: [String: String] = [:]
        var lastName: String?
        for line in text[..<split.lowerBound].components(separatedBy: "\n") {
            if line.first == " " || line.first == "\t", let name = lastName {
                headers[name, default: ""] += "\r\n" + line
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { throw Failure(description: "bad header line \(line)") }
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            lastName = name
        }
        let body = String(text[split.upperBound...])
        var part = Part(headers: headers, body: body, parts: [])
        guard part.contentType.hasPrefix("multipart/") else { return part }
        guard let boundary = parameter("boundary", in: part.contentType) else { throw Failure(description: "multipart without boundary") }
        let delimiter = "--" + boundary
        let pieces = body.components(separatedBy: "\n")
        var current: [String]?
        var closed = false
        for line in pieces {
            if line == delimiter || line == delimiter + "--" {
                if let lines = current { part.parts.append(try parse(lines.joined(separator: "\n"))) }
                current = line == delimiter ? [] : nil
                if line != delimiter { closed = true }
                continue
            }
            current?.append(line)
        }
        guard closed else { throw Failure(description: "multipart \(boundary) is not closed") }
        return part
    }

    static func parameter(_ name: String, in header: String) -> String? {
        guard let range = header.range(of: name + "=\"") else { return nil }
        return String(header[range.upperBound...].prefix { $0 != "\"" })
    }

    /// Decodes RFC 2047 `=?UTF-8?B?…?=` words of a header.
    static func decodeWords(_ header: String) -> String {
        header.components(separatedBy: "\r\n ").map { word -> String in
            guard word.hasPrefix("=?UTF-8?B?"), word.hasSuffix("?=") else { return word }
            let payload = word.dropFirst(10).dropLast(2)
            return Data(base64Encoded: String(payload)).map { String(decoding: $0, as: UTF8.self) } ?? word
        }.joined()
    }
}
