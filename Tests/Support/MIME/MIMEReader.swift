import Foundation

/// Reads a MIME message back for tests: headers (unfolded, lower-cased names) and nested parts.
package struct MIMEReader {
    package struct Part {
        package var headers: [String: String]
        package var body: String
        package var parts: [Part]

        package var contentType: String { headers["content-type"] ?? "text/plain" }
        package var decodedText: String {
            switch headers["content-transfer-encoding"]?.lowercased() {
            case "base64":
                let joined = body.components(separatedBy: .whitespacesAndNewlines).joined()
                return Data(base64Encoded: joined).map { String(decoding: $0, as: UTF8.self) } ?? ""
            case "quoted-printable":
                do {
                    return String(decoding: try MIMEReader.decodeQuotedPrintable(body), as: UTF8.self)
                } catch {
                    return "(\(error))"
                }
            default:
                return body
            }
        }
    }

    package struct Failure: Error, CustomStringConvertible { package var description: String }

    package static func parse(_ raw: String) throws -> Part {
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
        guard let boundary = parameter("boundary", in: part.contentType) else {
            throw Failure(description: "multipart without boundary")
        }
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

    package static func parameter(_ name: String, in header: String) -> String? {
        guard let range = header.range(of: name + "=\"") else { return nil }
        return String(header[range.upperBound...].prefix { $0 != "\"" })
    }

    /// Decodes an RFC 2045 §6.7 quoted-printable body (lines ending LF or CRLF; hard breaks become
    /// LF), strictly: a line longer than 76 characters, white space or a character other than
    /// printable ASCII standing at the end of a line or anywhere, and an `=` not followed by two
    /// uppercase hex digits or by the line's end are errors, so a test sees any fault of the encoder.
    package static func decodeQuotedPrintable(_ body: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        // By bytes: "\r\n" is one Character of a String.
        let lines = Array(body.utf8).split(separator: 0x0A, omittingEmptySubsequences: false)
        for (number, rawLine) in lines.enumerated() {
            var line = Array(rawLine)
            if line.last == 0x0D { line.removeLast() }
            guard line.count <= 76 else {
                throw Failure(description: "line \(number + 1) has \(line.count) characters")
            }
            if let last = line.last, last == 0x20 || last == 0x09 {
                throw Failure(description: "line \(number + 1) ends in white space")
            }
            var soft = false
            var index = 0
            while index < line.count {
                let byte = line[index]
                if byte == 0x3D {
                    if index == line.count - 1 {
                        soft = true
                        break
                    }
                    guard let high = hexValue(line[safe: index + 1]), let low = hexValue(line[safe: index + 2]) else {
                        throw Failure(description: "line \(number + 1): a bad escape at column \(index + 1)")
                    }
                    bytes.append(high << 4 | low)
                    index += 3
                    continue
                }
                guard (0x21...0x7E).contains(byte) || byte == 0x20 || byte == 0x09 else {
                    throw Failure(
                        description: "line \(number + 1): byte \(byte) at column \(index + 1) stands unencoded")
                }
                bytes.append(byte)
                index += 1
            }
            if !soft && number < lines.count - 1 { bytes.append(0x0A) }
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8?) -> UInt8? {
        switch byte {
        case let digit? where (0x30...0x39).contains(digit): return digit - 0x30
        case let letter? where (0x41...0x46).contains(letter): return letter - 0x41 + 10
        default: return nil
        }
    }

    /// Decodes RFC 2047 `=?UTF-8?B?…?=` words of a header.
    package static func decodeWords(_ header: String) -> String {
        header.components(separatedBy: "\r\n ").map { word -> String in
            guard word.hasPrefix("=?UTF-8?B?"), word.hasSuffix("?=") else { return word }
            let payload = word.dropFirst(10).dropLast(2)
            return Data(base64Encoded: String(payload)).map { String(decoding: $0, as: UTF8.self) } ?? word
        }.joined()
    }
}

private extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
