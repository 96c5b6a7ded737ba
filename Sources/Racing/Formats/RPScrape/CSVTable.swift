import Foundation

/// Comma-separated rows as RFC 4180 writes them (fields in double quotes may hold commas, line
/// breaks and doubled quotes), each field with the line and column it starts at, for errors.
struct CSVTable {
    struct Field {
        var text: String
        var line: Int
        var column: Int
    }

    /// The rows, blank lines left out; the header is the first.
    private(set) var rows: [[Field]] = []

    init(_ data: Data, limit: Int = .max) {
        var text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var row: [Field] = []
        var field = Field(text: "", line: 1, column: 1)
        var quoted = false
        var line = 1
        var column = 1
        var characters = text.makeIterator()
        var pending: Character? = nil
        func next() -> Character? {
            if let character = pending {
                pending = nil
                return character
            }
            return characters.next()
        }
        while rows.count < limit, let character = next() {
            defer { column += 1 }
            if quoted {
                if character == "\"" {
                    let after = next()
                    if after == "\"" {
                        field.text.append("\"")
                        column += 1
                    } else {
                        quoted = false
                        pending = after
                    }
                } else {
                    field.text.append(character)
                    if character == "\n" || character == "\r\n" { (line, column) = (line + 1, 0) }
                }
                continue
            }
            switch character {
            case "\"" where field.text.isEmpty: quoted = true
            case ",":
                row.append(field)
                field = Field(text: "", line: line, column: column + 1)
            case "\n", "\r\n", "\r":
                row.append(field)
                if !(row.count == 1 && row[0].text.trimmingCharacters(in: .whitespaces).isEmpty) { rows.append(row) }
                row = []
                (line, column) = (line + 1, 0)
                field = Field(text: "", line: line, column: 1)
            default: field.text.append(character)
            }
        }
        row.append(field)
        if rows.count < limit, !(row.count == 1 && row[0].text.trimmingCharacters(in: .whitespaces).isEmpty) {
            rows.append(row)
        }
    }
}
