/// GymBook's export, known by its layout in whatever language the app wrote it (docs/workouts.md):
/// `Data,Programma,Orario,Esercizio,Zona,Gruppi muscolari (Primari),Gruppi muscolari (Secondari),
/// Set / Set di riscaldamento / Set di defaticamento,Ripetizioni / Tempo,Peso / Distanza,Appunti,
/// Saltato` in Italian. The set-kind column's name lists the words its cells hold (a set, a
/// warm-up set, a cool-down set), then come reps-or-time and weight-or-distance, each cell a
/// number with its word (`10 ripetizioni`, `50,00 kg`), and last a yes/no for a skipped set.
struct GymBookColumns: Equatable, Sendable {
    /// The set-kind column, and its words for a warm-up and a cool-down set.
    var kind: Int
    var warmupWord: String
    var cooldownWord: String
    /// The skipped flag's column, when the header has one after the notes.
    var skipped: Int?

    static let columns = 12
    static let date = 0
    static let exercise = 3
    /// Where the set-kind column sits; reps come after it, then the weight.
    static let kindColumn = 7

    /// GymBook's columns when the header has its layout: twelve names, the eighth three words
    /// joined by ` / `, the ninth and tenth two.
    init?(headers: [String]) {
        guard headers.count == Self.columns else { return nil }
        let kinds = headers[Self.kindColumn].components(separatedBy: " / ")
        guard kinds.count == 3, headers[Self.kindColumn + 1].components(separatedBy: " / ").count == 2,
            headers[Self.kindColumn + 2].components(separatedBy: " / ").count == 2
        else { return nil }
        kind = Self.kindColumn
        warmupWord = kinds[1].trimmingCharacters(in: [" "]).lowercased()
        cooldownWord = kinds[2].trimmingCharacters(in: [" "]).lowercased()
        skipped = Self.columns - 1
    }

    var reps: Int { kind + 1 }
    var weight: Int { kind + 2 }

    /// Whether a set-kind cell names a warm-up or a cool-down set (left out as warm-ups are).
    func isWarmup(_ cell: String) -> Bool {
        let word = cell.lowercased()
        return word == warmupWord || word == cooldownWord
    }

    /// The words for yes in the languages GymBook is written in: a skipped set.
    static let yesWords: Set<String> = ["yes", "sì", "si", "ja", "oui", "sí", "sim", "true", "1", "はい", "是"]

    /// `10 ripetizioni` → 10; a time (`45 secondi`, `2 minuti`, `1:30`) or nothing → nil. A time's
    /// word starts with `s` or `m` in the languages GymBook writes (secondi, minuti, seconds,
    /// Sekunden, minutes), a count of reps with another letter (ripetizioni, reps, Wiederholungen).
    static func reps(_ cell: String) -> Int?? {
        let text = cell.trimmingCharacters(in: [" "])
        guard !text.isEmpty else { return .some(nil) }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard let count = Int(digits), digits.count <= 6 else { return nil }
        let rest = text.dropFirst(digits.count).trimmingCharacters(in: [" "]).lowercased()
        if rest.hasPrefix(":") || rest.hasPrefix("s") || rest.hasPrefix("m") { return .some(nil) }
        return .some(count)
    }

    /// `50,00 kg` → 50 kg; a distance (`2,5 km`) or nothing → no weight; a number without a
    /// word → in the file's unit. Nil for a cell that is none of these.
    static func weight(_ cell: String) -> (value: Double?, unit: WeightUnit?)? {
        let text = cell.trimmingCharacters(in: [" "])
        guard !text.isEmpty else { return (nil, nil) }
        let number = text.prefix { ($0.isASCII && $0.isNumber) || $0 == "," || $0 == "." || $0 == "-" }
        let word = text.dropFirst(number.count).trimmingCharacters(in: [" "]).lowercased()
        let bytes = Array(number.utf8)
        let decoded = bytes.withUnsafeBytes { raw in
            CellReader.decimal(raw, 0..<raw.count, decimalComma: !number.contains("."))
        }
        guard let value = decoded.value, decoded.valid else { return nil }
        switch word {
        case "kg", "kgs": return (value, .kg)
        case "lb", "lbs": return (value, .lb)
        case "": return (value, nil)
        default: return (nil, nil)  // A distance: no weight.
        }
    }
}
