/// GymBook's export, known by its layout in whatever language the app wrote it (docs/guide/workouts.md):
/// `Data,Programma,Orario,Esercizio,Zona,Gruppi muscolari (Primari),Gruppi muscolari (Secondari),
/// Set / Set di riscaldamento / Set di defaticamento,Ripetizioni / Tempo,Peso / Distanza,Appunti,
/// Saltato` in Italian. The set-kind column's name lists the words its cells hold (a set, a
/// warm-up set, a cool-down set), then come reps-or-time and weight-or-distance, each cell a
/// number with its word (`10 ripetizioni`, `50,00 kg`), and last a yes/no for a skipped set.
struct GymBookColumns: Equatable, Sendable {
    /// The set-kind column, and its words for a warm-up and a cool-down set.
    var kind: Int
    /// Lowercased (ASCII letters) UTF-8 bytes.
    var warmupWord: [UInt8]
    var cooldownWord: [UInt8]
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
        warmupWord = Self.lowered(kinds[1])
        cooldownWord = Self.lowered(kinds[2])
        skipped = Self.columns - 1
    }

    private static func lowered(_ word: String) -> [UInt8] {
        Array(word.trimmingCharacters(in: [" "]).utf8).map {
            $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0
        }
    }

    var reps: Int { kind + 1 }
    var weight: Int { kind + 2 }

    /// Whether a set-kind cell names a warm-up or a cool-down set (left out as warm-ups are).
    func isWarmup(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        Self.same(bytes, range, warmupWord) || Self.same(bytes, range, cooldownWord)
    }

    /// The words for yes in the languages GymBook is written in: a skipped set.
    static let yesWords: [[UInt8]] = ["yes", "sì", "si", "ja", "oui", "sí", "sim", "true", "1", "はい", "是"].map {
        Array($0.utf8)
    }

    static func isYes(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        // Most rows say no: two bytes, settled without a look at the words.
        guard range.count != 2 || (bytes[range.lowerBound] | 0x20) != UInt8(ascii: "n") else { return false }
        return yesWords.contains { same(bytes, range, $0) }
    }

    /// The cell is `word`, ASCII letters in any case (the header's words are lowercased).
    private static func same(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ word: [UInt8]) -> Bool {
        guard range.count == word.count else { return false }
        for (k, letter) in word.enumerated() {
            let byte = bytes[range.lowerBound + k]
            let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            if lowered != letter { return false }
        }
        return true
    }

    /// The number at the start of a cell and where the word after it (spaces skipped) starts.
    private static func leadingNumber(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> (Range<Int>, Int) {
        var end = range.lowerBound
        while end < range.upperBound,
            (bytes[end] >= UInt8(ascii: "0") && bytes[end] <= UInt8(ascii: "9")) || bytes[end] == UInt8(ascii: ",")
                || bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: "-")
        {
            end += 1
        }
        var word = end
        while word < range.upperBound && bytes[word] == UInt8(ascii: " ") { word += 1 }
        return (range.lowerBound..<end, word)
    }

    /// `10 ripetizioni` → 10; a time (`45 secondi`, `2 minuti`, `1:30`) or nothing → no reps. A time's
    /// word starts with `s` or `m` in the languages GymBook writes (secondi, minuti, seconds,
    /// Sekunden, minutes), a count of reps with another letter (ripetizioni, reps, Wiederholungen).
    /// Nil for a cell that is none of these.
    static func reps(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int?? {
        guard !range.isEmpty else { return .some(nil) }
        let (number, word) = leadingNumber(bytes, range)
        guard !number.isEmpty, number.count <= 6,
            number.allSatisfy({ bytes[$0] >= UInt8(ascii: "0") && bytes[$0] <= UInt8(ascii: "9") })
        else {
            // `1:30`: minutes and seconds.
            return number.isEmpty ? nil : (bytes[number.upperBound - 1] == UInt8(ascii: ":") ? .some(nil) : nil)
        }
        if word < range.upperBound {
            let letter = bytes[word] | 0x20
            if bytes[word] == UInt8(ascii: ":") || letter == UInt8(ascii: "s") || letter == UInt8(ascii: "m") {
                return .some(nil)
            }
        }
        return .some(number.reduce(0) { $0 * 10 + Int(bytes[$1] - UInt8(ascii: "0")) })
    }

    /// `50,00 kg` → 50 kg; a distance (`2,5 km`) or nothing → no weight; a number without a
    /// word → in the file's unit. Nil for a cell that is none of these.
    static func weight(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> (value: Double?, unit: WeightUnit?)? {
        guard !range.isEmpty else { return (nil, nil) }
        let (number, word) = leadingNumber(bytes, range)
        let comma = !number.contains { bytes[$0] == UInt8(ascii: ".") }
        let decoded = CellReader.decimal(bytes, number, decimalComma: comma)
        guard let value = decoded.value, decoded.valid else { return nil }
        let unit = word..<range.upperBound
        if unit.isEmpty { return (value, nil) }
        if CellReader.equals(bytes, unit, "kg") || CellReader.equals(bytes, unit, "kgs") { return (value, .kg) }
        if CellReader.equals(bytes, unit, "lb") || CellReader.equals(bytes, unit, "lbs") { return (value, .lb) }
        return (nil, nil)  // A distance: no weight.
    }

    /// As the byte readers, for a cell held as text (tests).
    static func reps(_ cell: String) -> Int?? {
        Array(cell.utf8).withUnsafeBytes { raw in reps(raw, CellReader.trimmed(raw, 0..<raw.count)) }
    }
}
