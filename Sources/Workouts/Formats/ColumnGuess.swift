/// A `columns:` mapping guessed from a header no format knows, for the error to offer ready to
/// paste: each role takes the first column whose name holds one of its words (in the languages
/// Gazette's pages speak).
enum ColumnGuess {
    private static let roles: [(key: String, words: [String])] = [
        ("date", ["date", "datum", "fecha", "jour", "day", "tag", "日付", "time"]),
        ("exercise", ["exercise", "übung", "ubung", "ejercicio", "exercice", "lift", "movement", "種目", "name"]),
        ("reps", ["rep", "wiederh", "times", "count", "回数"]),
        ("weight", ["weight", "gewicht", "peso", "poids", "load", "重量", "kg", "lb", "mass"])
    ]

    /// `columns: {date: Day, exercise: Lift, reps: Times, weight: "Load (kg)"}`, or nil when a
    /// role finds no column of its own.
    static func columns(_ headers: [String]) -> String? {
        var taken = Set<Int>()
        var parts: [String] = []
        for role in roles {
            let found = headers.indices.first { index in
                !taken.contains(index) && role.words.contains { headers[index].lowercased().contains($0) }
            }
            guard let found, !headers[found].isEmpty else { return nil }
            taken.insert(found)
            parts.append("\(role.key): \(yaml(headers[found]))")
        }
        return "columns: {\(parts.joined(separator: ", "))}"
    }

    /// A header as a YAML flow scalar: plain when it is letters, digits, spaces, `_` and `.`
    /// only, double-quoted otherwise.
    static func yaml(_ name: String) -> String {
        let plain = name.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == " " || $0 == "_" || $0 == "."
        }
        if plain, name.first != " ", name.last != " ", !(name.first?.isNumber ?? true) { return name }
        let escaped = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"\(escaped)\""
    }
}
