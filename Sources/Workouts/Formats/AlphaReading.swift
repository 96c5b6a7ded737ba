/// Alpha Progression's export (docs/guide/workouts.md) is no table but a block per workout: its name,
/// a line with its date, a plan line, then per exercise a numbered name (`3. Drag Curls Barbell`,
/// or `1. Hack Squats · Machine · 8 reps` with its warm-ups beside it), a target line, a
/// sub-header `#,KG,REPS` (`#,LBS,REPS`; `#;KG;REPS;RIR` with decimal commas) and a row per set.
/// Where the reading of such a file stands between records.
struct AlphaReading: Sendable {
    var delimiter: UInt8
    /// The day of the workout the next sets belong to.
    var packedDate: Int?
    /// The exercise the next sets belong to, as written without its number and targets.
    var exercise: [UInt8]?
    /// The interned exercise, once a set of it is recorded.
    var exerciseID: Int?
    /// The columns of the sets under the last sub-header; nil until one is read.
    var columns: Columns?

    /// A sub-header's columns: `#,LBS,REPS` (`#;KG;REPS;RIR`) or a bodyweight exercise's `#,REPS`.
    struct Columns: Sendable, Equatable {
        /// The weight's column and unit; nil for `#,REPS`, whose sets have no weight.
        var weight: Int?
        var unit: WeightUnit?
        var reps: Int
        /// `RIR`: the reps left in reserve, for estimates that count them (`Effort`).
        var reserve: Int? = nil
    }

    var decimalComma: Bool { delimiter != UInt8(ascii: ",") }

    /// Whether the file is Alpha Progression's: a sub-header `#,KG,REPS` or `#,LBS,REPS` (with `,`
    /// or `;`) among its first lines. `.wait` while the bytes held may still bring one.
    enum Scan: Equatable {
        case found(delimiter: UInt8)
        case none
        case wait
    }

    static let linesLooked = 40
    static let bytesLooked = 64 * 1024

    static func scan(_ bytes: UnsafeRawBufferPointer, from start: Int, final: Bool) -> Scan {
        var lineStart = start
        var lines = 0
        while lines < linesLooked && lineStart < bytes.count && lineStart - start < bytesLooked {
            let lineFeed = CSVRecordReader.find(UInt8(ascii: "\n"), in: bytes, from: lineStart)
            if lineFeed == nil && !final { return .wait }
            let end = lineFeed ?? bytes.count
            if let delimiter = subHeader(bytes, CellReader.trimmed(bytes, lineStart..<end)) {
                return .found(delimiter: delimiter)
            }
            lines += 1
            lineStart = end + 1
        }
        let short = lines < linesLooked && lineStart - start < bytesLooked
        return short && !final ? .wait : .none
    }

    /// `#,KG,REPS`, `#;LBS;REPS;RIR`, `#,REPS`: the delimiter it uses, else nil.
    static func subHeader(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> UInt8? {
        guard range.count >= 6, bytes[range.lowerBound] == UInt8(ascii: "#") else { return nil }
        let delimiter = bytes[range.lowerBound + 1]
        guard delimiter == UInt8(ascii: ",") || delimiter == UInt8(ascii: ";") else { return nil }
        var words: [Word] = [.other]
        var cell = range.lowerBound + 2
        for i in cell...range.upperBound where i == range.upperBound || bytes[i] == delimiter {
            words.append(word(bytes, CellReader.trimmed(bytes, cell..<i)))
            cell = i + 1
        }
        return columns(words) != nil ? delimiter : nil
    }

    /// A sub-header's columns from its words, the `#` first; nil when it names no reps.
    static func columns(_ words: [Word]) -> Columns? {
        var reps: Int?
        var reserve: Int?
        var weight: (Int, WeightUnit)?
        for (index, word) in words.enumerated() {
            switch word {
            case .reps: reps = reps ?? index
            case .reserve: reserve = reserve ?? index
            case let .unit(unit): weight = weight ?? (index, unit)
            case .other: break
            }
        }
        return reps.map { Columns(weight: weight?.0, unit: weight?.1, reps: $0, reserve: reserve) }
    }

    /// What a record's first cell says it is, read on its bytes.
    enum Line: Equatable {
        /// Digits alone: a set's number.
        case number
        /// `#`: a sub-header.
        case subHeader
        /// `N. name`: an exercise, its name as `exerciseName` gives it.
        case exercise([UInt8])
        /// A workout's name or date, a plan line, a target line.
        case other

        init(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) {
            var i = range.lowerBound
            while i < range.upperBound && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") { i += 1 }
            if i == range.upperBound {
                self = range.isEmpty ? .other : .number
            } else if i == range.lowerBound {
                self = range.count == 1 && bytes[i] == UInt8(ascii: "#") ? .subHeader : .other
            } else if bytes[i] == UInt8(ascii: "."), i + 1 < range.upperBound, bytes[i + 1] == UInt8(ascii: " ") {
                // A name with no `·` and no no-break space (both start with 0xC2) is its bytes.
                let rest = CellReader.trimmed(bytes, (i + 2)..<range.upperBound)
                if rest.contains(where: { bytes[$0] == 0xC2 }) {
                    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                    self = AlphaReading.exerciseName(text).map { .exercise(Array($0.utf8)) } ?? .other
                } else {
                    self = rest.isEmpty ? .other : .exercise(Array(bytes[rest]))
                }
            } else {
                self = .other
            }
        }
    }

    /// A sub-header's word, read on its bytes.
    enum Word {
        case reps
        case reserve
        case unit(WeightUnit)
        case other
    }

    static func word(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Word {
        if CellReader.equals(bytes, range, "REPS") { return .reps }
        if CellReader.equals(bytes, range, "RIR") { return .reserve }
        if CellReader.equals(bytes, range, "KG") || CellReader.equals(bytes, range, "KGS") { return .unit(.kg) }
        if CellReader.equals(bytes, range, "LB") || CellReader.equals(bytes, range, "LBS") { return .unit(.lb) }
        return .other
    }

    /// `KG` or `LBS` (any case) → the unit.
    static func unit(_ word: Substring) -> WeightUnit? {
        switch word.trimmingCharacters(in: [" "]).uppercased() {
        case "KG", "KGS": .kg
        case "LB", "LBS": .lb
        default: nil
        }
    }

    /// `3. Drag Curls Barbell` → `Drag Curls Barbell`; `1. Hack Squats · Machine · 8 reps · 2
    /// dropsets` → `Hack Squats · Machine` (the targets are the plan's, not the exercise's). No-break
    /// spaces read as spaces. Nil when the text is no numbered exercise.
    static func exerciseName(_ text: String) -> String? {
        let spaced = text.replacingOccurrences(of: "\u{A0}", with: " ")
        let digits = spaced.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, spaced.dropFirst(digits.count).hasPrefix(". ") else { return nil }
        var parts = spaced.dropFirst(digits.count + 2).components(separatedBy: "·").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        while parts.count > 1, let last = parts.last, isTarget(last) { parts.removeLast() }
        let name = parts.joined(separator: " · ")
        return name.isEmpty ? nil : name
    }

    /// `8 reps`, `2 dropsets`, `1 dropset`: a target of the plan.
    private static func isTarget(_ part: String) -> Bool {
        let words = part.split(separator: " ")
        guard words.count == 2, Int(words[0]) != nil else { return false }
        return ["rep", "reps", "dropset", "dropsets"].contains(words[1].lowercased())
    }

    /// The warm-ups written beside an exercise: `WU1 · 37,5 kg · 9 reps<br>WU2 · 72,5 kg · 7 reps`,
    /// each its weight, unit and reps (nil when a part does not read).
    static func warmups(_ text: String, decimalComma: Bool) -> [(weight: Double?, unit: WeightUnit?, reps: Int?)] {
        text.components(separatedBy: "<br>").compactMap { entry in
            let parts = entry.components(separatedBy: "·").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = parts.first, first.uppercased().hasPrefix("WU") else { return nil }
            var weight: Double?, unit: WeightUnit?, reps: Int?
            for part in parts.dropFirst() {
                let words = part.split(separator: " ")
                guard words.count == 2 else { continue }
                if let found = AlphaReading.unit(words[1]) {
                    unit = found
                    weight = number(String(words[0]), decimalComma: decimalComma)
                } else if ["rep", "reps"].contains(words[1].lowercased()) {
                    reps = Int(words[0])
                }
            }
            return (weight, unit, reps)
        }
    }

    /// A weight as Alpha Progression writes it: `27.5`, `37,5` with decimal commas, `+35` for a
    /// load added to the body's weight (the load is what counts, as other apps log it); `-` (a set
    /// planned, not done) or nothing is no value. Nil with `valid` false for anything else.
    static func number(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, decimalComma: Bool) -> (
        value: Double?, valid: Bool
    ) {
        var start = range.lowerBound
        if start < range.upperBound && bytes[start] == UInt8(ascii: "+") { start += 1 }
        if range.count == 1 && bytes[start] == UInt8(ascii: "-") { return (nil, true) }
        return CellReader.decimal(bytes, start..<range.upperBound, decimalComma: decimalComma)
    }

    static func number(_ text: String, decimalComma: Bool) -> Double? {
        let bytes = Array(text.utf8)
        let read = bytes.withUnsafeBytes { raw in number(raw, 0..<raw.count, decimalComma: decimalComma) }
        return read.valid ? read.value : nil
    }
}
