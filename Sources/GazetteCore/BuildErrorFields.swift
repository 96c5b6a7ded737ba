extension BuildError {
    /// The error as fields a program can use: its kind, where (file or URL, line, column, key
    /// path, HTTP status), the message, and the whole text as the terminal shows it. The build's
    /// and the send's JSON summaries give every error so.
    package var summaryFields: JSONValue {
        var single = self
        single.more = []
        // The place's five fields are always there (null when the error has no such part).
        var fields: [String: JSONValue] = [
            "kind": .string(kind.rawValue),
            "message": .string(message),
            "text": .string(single.description),
            "file": .null, "line": .null, "column": .null, "keyPath": .null
        ]
        switch location {
        case let .text(path, line, column, _, _):
            fields["file"] = .string(path)
            fields["line"] = .int(line)
            fields["column"] = .int(column)
            if let keyPath { fields["keyPath"] = .string(keyPath) }
        case let .json(path, keyPath):
            fields["file"] = .string(path)
            fields["keyPath"] = .string(keyPath)
        case let .url(url, status):
            fields["url"] = .string(url)
            if let status { fields["status"] = .int(status) }
        case let .file(path):
            fields["file"] = .string(path)
        case .none:
            break
        }
        if let step { fields["step"] = .string(step) }
        if let report { fields["report"] = .string(report) }
        return .object(fields)
    }
}
