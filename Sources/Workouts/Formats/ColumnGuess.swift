/// A `columns:` mapping guessed for a header no format knows, for the error to offer as YAML ready
/// to paste under the report, each line with its evidence. A column is judged by what its first
/// rows hold (dates, whole numbers, weights, repeating names, units) and by its name's words in the
/// languages lifters' apps write; with no rows, by the words alone.
struct ColumnGuess {
    /// One line of the block: the key, the column's header and why.
    struct Line {
        var key: String
        var value: String
        var evidence: String
    }

    var lines: [Line]

    private static let words: [String: [String]] = [
        "date": ["date", "datum", "data", "fecha", "jour", "day", "tag", "日付", "日期", "time"],
        "exercise": [
            "exercise", "übung", "ubung", "ejercicio", "exercice", "esercizio", "lift", "movement", "種目", "运动",
            "name"
        ],
        "reps": ["rep", "wiederh", "wdh", "ripetizioni", "times", "count", "回数", "次"],
        "weight": [
            "weight", "gewicht", "peso", "poids", "load", "last", "carga", "charge", "vikt", "重量", "kg", "lb", "mass"
        ]
    ]

    /// The guess, or nil when a role finds no column of its own.
    init?(headers: [String], sample: SampleRows) {
        let columns = headers.indices.map { ColumnProfile(index: $0, header: headers[$0], sample: sample) }
        var taken = Set<Int>()
        var lines: [Line] = []
        // How well a header names a role: the place of the first of its words it holds (the
        // role's own words come before general ones such as `name`), nil for none.
        func rank(_ role: String, _ column: ColumnProfile) -> Int? {
            let name = column.header.lowercased()
            return Self.words[role, default: []].firstIndex { name.contains($0) }
        }
        // Each role takes a free column whose rows fit it, the best named first, else (for names)
        // the one with the most different values; with no rows, the best named.
        func pick(_ role: String, fits: (ColumnProfile) -> Bool) -> ColumnProfile? {
            let free = columns.filter { !taken.contains($0.index) && !$0.header.isEmpty }
            let candidates = sample.rows.isEmpty ? free.filter { rank(role, $0) != nil } : free.filter(fits)
            let best = candidates.min { a, b in
                let ra = rank(role, a) ?? Int.max, rb = rank(role, b) ?? Int.max
                if ra != rb { return ra < rb }
                if role == "exercise", a.distinct.count != b.distinct.count {
                    return a.distinct.count > b.distinct.count
                }
                // Unnamed, the heaviest numbers are the weights (a set's number or reps are small).
                if role == "weight", a.numbers.max() != b.numbers.max() {
                    return (a.numbers.max() ?? 0) > (b.numbers.max() ?? 0)
                }
                return a.index < b.index
            }
            guard let best else { return nil }
            taken.insert(best.index)
            return best
        }
        guard let date = pick("date", fits: { $0.dateFormat != nil }) else { return nil }
        lines.append(Line(key: "date", value: date.header, evidence: date.dateEvidence))
        guard let reps = pick("reps", fits: \.looksLikeReps) else { return nil }
        guard let weight = pick("weight", fits: \.looksLikeWeights) else { return nil }
        guard let exercise = pick("exercise", fits: \.looksLikeNames) else { return nil }
        lines.append(Line(key: "exercise", value: exercise.header, evidence: exercise.nameEvidence))
        lines.append(Line(key: "reps", value: reps.header, evidence: reps.numberEvidence("reps")))
        lines.append(Line(key: "weight", value: weight.header, evidence: weight.numberEvidence("weights")))
        if let unit = columns.first(where: { !taken.contains($0.index) && $0.holdsUnits }) {
            lines.append(
                Line(key: "unit", value: unit.header, evidence: "units: \(unit.distinct.joined(separator: ", "))"))
        }
        if let pattern = date.dateFormat, !pattern.isEmpty {
            lines.append(Line(key: "date-format", value: pattern, evidence: "how `\(date.header)` writes its days"))
        }
        self.lines = lines
    }

    /// The block, indented as a report's keys are in a job file, comments aligned.
    var yaml: String {
        let entries = lines.map { "\($0.key): \(Self.yaml($0.value))" }
        let width = entries.map(\.count).max() ?? 0
        let body = zip(entries, lines).map { entry, line in
            "      " + entry + String(repeating: " ", count: width - entry.count) + "  # " + line.evidence
        }
        return (["    columns:"] + body).joined(separator: "\n")
    }

    /// A header as a YAML scalar: plain when it is letters, digits, spaces, `_` and `.` only,
    /// double-quoted otherwise.
    static func yaml(_ name: String) -> String {
        let plain = name.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == " " || $0 == "_" || $0 == "."
                || $0 == "/"
        }
        if plain, name.first != " ", name.last != " ", !(name.first?.isNumber ?? true) { return name }
        let escaped = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"\(escaped)\""
    }
}

/// What one column's first rows hold.
private struct ColumnProfile {
    var index: Int
    var header: String
    var cells: [[UInt8]]
    var numbers: [Double]
    /// `""` when the usual forms read every date, a `date-format` pattern when one does; nil when
    /// the column holds no dates.
    var dateFormat: String?
    var distinct: [String]

    init(index: Int, header: String, sample: SampleRows) {
        self.index = index
        self.header = header
        cells = sample.rows.compactMap { $0.count > index && !$0[index].isEmpty ? $0[index] : nil }
        let read = cells.compactMap(sample.number)
        numbers = read.count == cells.count ? read : []
        var seen = Set<String>()
        distinct = cells.map(SampleRows.text).filter { seen.insert($0).inserted }
        dateFormat = Self.dateFormat(cells, sample)
    }

    private static func dateFormat(_ cells: [[UInt8]], _ sample: SampleRows) -> String? {
        guard !cells.isEmpty else { return nil }
        if cells.allSatisfy({ sample.day($0, .automatic) != nil }) { return "" }
        // Day first where both read (most of the world writes it so); the evidence shows a date.
        let patterns = ["DD/MM/YYYY", "MM/DD/YYYY", "DD.MM.YYYY", "DD-MM-YYYY", "DD/MM/YY", "MM/DD/YY"]
        return patterns.first { pattern in
            guard let reader = DayReader(pattern: pattern) else { return false }
            return cells.allSatisfy { sample.day($0, reader) != nil }
        }
    }

    var isNumeric: Bool { !cells.isEmpty && numbers.count == cells.count }
    var isWhole: Bool { isNumeric && numbers.allSatisfy { $0 == $0.rounded() } }
    var looksLikeReps: Bool { isWhole && numbers.allSatisfy { $0 >= 0 && $0 <= 100 } && numbers.contains { $0 > 0 } }
    var looksLikeWeights: Bool { isNumeric && numbers.contains { $0 > 0 } }
    /// Text that is no number nor date, each row holding one, names coming back row after row.
    var looksLikeNames: Bool {
        !cells.isEmpty && numbers.isEmpty && dateFormat == nil && !holdsUnits
    }
    var holdsUnits: Bool {
        !cells.isEmpty && distinct.allSatisfy { ["kg", "kgs", "lb", "lbs"].contains($0.lowercased()) }
    }

    var dateEvidence: String {
        guard let first = cells.first else { return "named like a date" }
        return "dates such as `\(SampleRows.text(first))`"
    }

    var nameEvidence: String {
        guard !cells.isEmpty else { return "named like an exercise" }
        return "text, \(Self.counted(distinct.count, "name")) over \(Self.counted(cells.count, "row")), "
            + "as exercise names repeat"
    }

    func numberEvidence(_ what: String) -> String {
        guard !cells.isEmpty else { return "named like \(what)" }
        let low = numbers.min() ?? 0, high = numbers.max() ?? 0
        let kind = isWhole ? "whole numbers" : "numbers"
        let range = low == high ? Self.figure(low) : "\(Self.figure(low))–\(Self.figure(high))"
        return "\(kind) \(range): looks like \(what)"
    }

    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// A number with at most two decimals, as written in messages (no locale); one too large to
    /// be counted in whole numbers (or not finite) as Swift writes any `Double`.
    static func figure(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        guard abs(rounded) < 1e15 else { return String(rounded) }
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
