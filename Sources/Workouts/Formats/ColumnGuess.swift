/// A `columns:` mapping guessed for a header no format knows, for the error to offer as YAML ready
/// to paste under the report, each line with its evidence. A column is judged by what its first
/// rows hold (dates, whole numbers, weights, repeating names, units, flags) and by its name's words
/// in the languages lifters' apps write; with no rows, by the words alone.
///
/// A guess is never silently wrong: a unit in the weight column's name is said (`weight-unit:`); a
/// column named for what was done (`Completed Reps`) wins over one named for what was planned
/// (`Required Reps`), and the block names the other; a warm-up column is used; a body weight is
/// never the weight lifted; and where two columns fit a role equally well, both are offered as
/// commented lines and neither is picked.
struct ColumnGuess {
    /// One line of the block: the key, the column's header and why; `offered` lines are written as
    /// comments (the user picks one).
    struct Line {
        var key: String
        var value: String
        var evidence: String
        var offered = false
    }

    var lines: [Line]
    /// The roles the guess could not decide between two columns (their lines are offered).
    var undecided: [(role: String, columns: [String])] = []

    static let words: [String: [String]] = [
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
    /// Words of a name that says what was planned, and of one that says what was done.
    static let plannedWords = ["planned", "plan", "target", "required", "goal", "prescribed", "expected", "suggested"]
    static let doneWords = ["completed", "complete", "actual", "done", "performed", "achieved", "logged", "lifted"]
    /// A name that says body weight: never the weight on the bar.
    static let bodyWords = ["body", "bodyweight", "bw", "körper", "peso corporal", "poids du corps"]

    /// The guess, or nil when a role finds no column of its own.
    init?(headers: [String], sample: SampleRows) {
        var chooser = RoleChooser(
            columns: headers.indices.map { ColumnProfile(index: $0, header: headers[$0], sample: sample) },
            hasRows: !sample.rows.isEmpty)
        guard let (date, _) = chooser.pick("date", fits: { $0.dateFormat != nil }) else { return nil }
        var lines = [Line(key: "date", value: date.header, evidence: date.dateEvidence)]
        guard let (reps, otherReps) = chooser.pick("reps", fits: \.looksLikeReps) else { return nil }
        guard let (weight, otherWeights) = chooser.pick("weight", fits: \.looksLikeWeights) else { return nil }
        guard let (exercise, _) = chooser.pick("exercise", fits: \.looksLikeNames) else { return nil }
        lines.append(Line(key: "exercise", value: exercise.header, evidence: exercise.nameEvidence))
        var undecided: [(role: String, columns: [String])] = []
        for (role, chosen, others, what) in [
            ("reps", reps, otherReps, "reps"), ("weight", weight, otherWeights, "weights")
        ] {
            lines += Self.numberLines(role, chosen, others, what, undecided: &undecided)
        }
        let free = chooser.columns.filter { !chooser.taken.contains($0.index) }
        // Beside a planned and a done weight, each may have its unit column: the weight's own.
        let units = free.filter(\.holdsUnits)
        if let unit = units.first(where: { $0.tense == weight.tense }) ?? units.first {
            lines.append(
                Line(key: "unit", value: unit.header, evidence: "units: \(unit.distinct.joined(separator: ", "))"))
        } else if let named = weight.unitInName {
            lines.append(
                Line(key: "weight-unit", value: named.rawValue, evidence: "the unit in `\(weight.header)`'s name"))
        }
        if let warmup = free.first(where: { !$0.holdsUnits && $0.looksLikeWarmups }) {
            lines.append(Line(key: "warmup", value: warmup.header, evidence: warmup.warmupEvidence))
        }
        if let pattern = date.dateFormat, !pattern.isEmpty {
            lines.append(Line(key: "date-format", value: pattern, evidence: "how `\(date.header)` writes its days"))
        }
        self.lines = lines
        self.undecided = undecided
    }

    /// The line of a number's role: the chosen column, naming a planned one it won over; or, when
    /// a rival is named alike and neither says done or planned, both offered and the role undecided.
    private static func numberLines(
        _ role: String, _ chosen: ColumnProfile, _ others: [ColumnProfile], _ what: String,
        undecided: inout [(role: String, columns: [String])]
    ) -> [Line] {
        let rival = others.first {
            $0.tense == chosen.tense && ($0.unitInName == nil || $0.unitInName == chosen.unitInName)
        }
        if let rival, chosen.tense == .neither {
            undecided.append((role, [chosen.header, rival.header]))
            return [
                Line(key: role, value: chosen.header, evidence: chosen.numberEvidence(what), offered: true),
                Line(key: role, value: rival.header, evidence: rival.numberEvidence(what), offered: true)
            ]
        }
        var evidence = chosen.numberEvidence(what)
        if let planned = others.first(where: { $0.tense == .planned }), chosen.tense != .planned {
            evidence += "; not `\(planned.header)`, which names what was planned"
        }
        return [Line(key: role, value: chosen.header, evidence: evidence)]
    }

    /// Names that a header holds more than once (compared without letter case and spaces): one
    /// group of columns per exercise in a row, which a `columns:` block cannot describe.
    static func repeatedNames(_ headers: [String]) -> [String] {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for header in headers {
            let name = header.lowercased().filter { !$0.isWhitespace }
            guard !name.isEmpty else { continue }
            if counts[name] == nil { order.append(header) }
            counts[name, default: 0] += 1
        }
        return order.filter { counts[$0.lowercased().filter { !$0.isWhitespace }, default: 0] > 1 }
    }

    /// What the error says of the roles left undecided, or nil when the guess decided every one.
    var undecidedNote: String? {
        guard !undecided.isEmpty else { return nil }
        let parts = undecided.map { "whether `\($0.columns[0])` or `\($0.columns[1])` holds the \($0.role)" }
        return "the guess cannot tell \(parts.joined(separator: ", nor ")): uncomment the line of the one that does"
    }

    /// The block, indented as a report's keys are in a job file, comments aligned.
    var yaml: String {
        let entries = lines.map { ($0.offered ? "# " : "") + "\($0.key): \(Self.yaml($0.value))" }
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

/// Hands each role a column: a free one whose rows fit it, the best named first (the role's own
/// words before general ones such as `name`), what was done before what was planned; else, for
/// names, the one with the most different values, and for weights the heaviest numbers; with no
/// rows, the best named. A body weight is never the weight.
private struct RoleChooser {
    let columns: [ColumnProfile]
    let hasRows: Bool
    var taken = Set<Int>()

    init(columns: [ColumnProfile], hasRows: Bool) {
        self.columns = columns
        self.hasRows = hasRows
    }

    /// How well a header names a role: the place of the first of its words it holds, nil for none.
    func rank(_ role: String, _ column: ColumnProfile) -> Int? {
        if role == "weight", column.says(ColumnGuess.bodyWords) { return nil }
        let name = column.header.lowercased()
        return ColumnGuess.words[role, default: []].firstIndex { name.contains($0) }
    }

    func order(_ role: String, _ a: ColumnProfile, _ b: ColumnProfile) -> Bool {
        let ra = rank(role, a) ?? Int.max, rb = rank(role, b) ?? Int.max
        if ra != rb { return ra < rb }
        if a.tense != b.tense { return a.tense < b.tense }
        if role == "exercise", a.distinct.count != b.distinct.count { return a.distinct.count > b.distinct.count }
        // Unnamed, the heaviest numbers are the weights (a set's number or reps are small).
        if role == "weight", rank(role, a) == nil, a.numbers.max() != b.numbers.max() {
            return (a.numbers.max() ?? 0) > (b.numbers.max() ?? 0)
        }
        return a.index < b.index
    }

    /// The best column for `role`, taken, with the others named for it as well as it is.
    mutating func pick(_ role: String, fits: (ColumnProfile) -> Bool) -> (ColumnProfile, [ColumnProfile])? {
        let free = columns.filter { !taken.contains($0.index) && !$0.header.isEmpty }
        let fitting = hasRows ? free.filter(fits) : free.filter { rank(role, $0) != nil }
        let candidates = fitting.filter { role != "weight" || !$0.says(ColumnGuess.bodyWords) }
        let sorted = candidates.sorted { order(role, $0, $1) }
        guard let best = sorted.first else { return nil }
        taken.insert(best.index)
        let others = sorted.dropFirst().filter { rank(role, $0) != nil && rank(role, $0) == rank(role, best) }
        return (best, Array(others))
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

    /// Whether the header names what was done, what was planned, or neither.
    enum Tense: Int, Comparable {
        case done, neither, planned
        static func < (lhs: Tense, rhs: Tense) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    var tense: Tense {
        says(ColumnGuess.doneWords) ? .done : says(ColumnGuess.plannedWords) ? .planned : .neither
    }

    /// Whether the header holds one of `words` as a word of its own (`Completed Reps`, `is_warmup`).
    func says(_ words: [String]) -> Bool {
        let name = header.lowercased()
        let tokens = Set(name.split { !$0.isLetter }.map(String.init))
        return words.contains { word in word.contains(" ") ? name.contains(word) : tokens.contains(word) }
    }

    /// The unit a header names (`Weight (LB)`, `weight_kg`, `Gewicht in kg`), nil for none or both.
    var unitInName: WeightUnit? {
        let tokens = Set(header.lowercased().split { !$0.isLetter }.map(String.init))
        let kg = !tokens.isDisjoint(with: ["kg", "kgs", "kilo", "kilos", "kilograms", "kilogram"])
        let lb = !tokens.isDisjoint(with: ["lb", "lbs", "pound", "pounds"])
        return kg == lb ? nil : kg ? .kg : .lb
    }

    /// Named for warm-ups, with flags or set kinds in its rows (or none yet).
    var looksLikeWarmups: Bool {
        let name = header.lowercased()
        guard name.contains("warm") || says(["type", "kind"]) && name.contains("set") else { return false }
        return distinct.allSatisfy { CellReader.warmupMark($0) != nil }
    }

    var warmupEvidence: String {
        guard !cells.isEmpty else { return "named for warm-ups" }
        return "marks warm-ups: \(distinct.prefix(4).joined(separator: ", "))"
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
