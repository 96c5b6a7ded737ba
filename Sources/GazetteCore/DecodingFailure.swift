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
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let text =
            lines.indices.contains(line - 1) ? String(lines[line - 1]).replacingOccurrences(of: "\r", with: "") : nil
        // The caret shows the place, so the message need not repeat it; the key path says what it is.
        var plain = message.replacingOccurrences(of: " (line \(line), column \(column))", with: "")
        if !keyPath.isEmpty { plain = "\(keyPath): \(plain)" }
        // Very long lines (minified JSON) would flood the terminal: no caret display for those.
        return BuildError(
            .input,
            .text(
                path: source.description, line: line, column: column,
                sourceLine: (text?.count ?? 0) <= 200 ? text : nil), plain)
    }
}
