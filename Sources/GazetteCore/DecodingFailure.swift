import Foundation

extension BuildError {
    /// An input that would not decode: at its line and column (with the line and a caret) when
    /// the JSON itself is broken, otherwise at the key path of the value that is wrong.
    package static func decoding(
        _ source: Source, bytes: [UInt8], keyPath: String, message: String,
        line: Int?, column: Int?
    ) -> BuildError {
        guard let line, let column else {
            return BuildError(.input, .json(path: source.description, keyPath: keyPath), message)
        }
        // The caret shows the place, so the message need not repeat it; the key path says what it is.
        var plain = message.replacingOccurrences(of: " (line \(line), column \(column))", with: "")
        if !keyPath.isEmpty { plain = "\(keyPath): \(plain)" }
        // A long line (minified JSON, garbage) is cut by `BuildError`'s init to what an error keeps
        // (`LineCut`), so the message quotes its start with its length rather than nothing.
        return BuildError(
            .input,
            .text(path: source.description, line: line, column: column, sourceLine: Self.line(line, of: bytes)),
            plain)
    }

    /// The text of line `number` (1-based) without its line end, found without splitting the
    /// whole input: a 10 MB input is scanned once, not copied line by line.
    private static func line(_ number: Int, of bytes: [UInt8]) -> String? {
        var start = 0
        var seen = 1
        while seen < number {
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            start = end + 1
            seen += 1
        }
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        return String(decoding: bytes[start..<end], as: UTF8.self).replacingOccurrences(of: "\r", with: "")
    }
}
