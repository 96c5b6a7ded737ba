import Deterministic

/// Reads the calendar day of a timestamp as an app wrote it, by hand from bytes (no
/// `DateFormatter`, no time zone): a set belongs to the day written on the lifter's own clock,
/// whatever time or offset follows it.
///
/// Without a pattern it takes, then ignores whatever follows after a space, `T` or comma:
/// - `2019-01-11` (Strong `2019-01-11 12:31:54`, Fitbod `2020-05-31 17:04:51 +0000`, FitNotes);
/// - `20 Nov 2023` (Hevy `20 Nov 2023, 18:02`);
/// - `Nov 20 2023` and `Nov 20, 2023`.
/// Months are English, abbreviated (`Sep`, `Sept`, `Sep.`) or in full, in any letter case.
struct DayReader: Sendable, Equatable {
    /// Pieces of a `date-format` pattern such as `DD/MM/YYYY`.
    enum Piece: Sendable, Equatable {
        case year, month, monthName, day
        /// Two digits of a year in this century (`25` is 2025), as GymBook writes them.
        case shortYear
        case literal(UInt8)
    }

    /// Nil: the forms above.
    let pattern: [Piece]?
    /// How the pattern was written, for messages.
    let example: String

    static let automatic = DayReader(pattern: nil, example: "2019-01-11")

    /// Hevy's start times.
    static let hevy = DayReader(pattern: nil, example: "20 Nov 2023, 18:02")

    /// GymRun's days, day first with full stops, said by an example.
    static let gymRun = DayReader(pattern: DayReader(pattern: "DD.MM.YYYY")!.pattern, example: "14.04.2025")

    init(pattern: [Piece]?, example: String) {
        self.pattern = pattern
        self.example = example
    }

    /// A pattern of `YYYY` (or `YY`, this century), `MM` or `M` (month number), `MMM` (month name), `DD` or `D`, and any
    /// other characters as they are; nil when it lacks a year, month or day.
    init?(pattern text: String) {
        var pieces: [Piece] = []
        let bytes = Array(text.utf8)
        var i = 0
        func run(of letter: UInt8) -> Int {
            var n = 0
            while i + n < bytes.count && bytes[i + n] == letter { n += 1 }
            return n
        }
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "Y"):
                let n = run(of: byte)
                guard n == 4 || n == 2 else { return nil }
                pieces.append(n == 4 ? .year : .shortYear)
                i += n
            case UInt8(ascii: "M"):
                let n = run(of: byte)
                guard n <= 3 else { return nil }
                pieces.append(n == 3 ? .monthName : .month)
                i += n
            case UInt8(ascii: "D"):
                let n = run(of: byte)
                guard n <= 2 else { return nil }
                pieces.append(.day)
                i += n
            default:
                pieces.append(.literal(byte))
                i += 1
            }
        }
        let kinds = pieces.filter { if case .literal = $0 { false } else { true } }
        guard kinds.count == 3, kinds.contains(.year) || kinds.contains(.shortYear), kinds.contains(.day),
            kinds.contains(.month) || kinds.contains(.monthName)
        else { return nil }
        self.init(pattern: pieces, example: text)
    }

    /// The day packed as `CivilDate.packed`; nil when the cell is no such date.
    func day(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        pattern.map { Self.matching($0, bytes, range) } ?? Self.automatic(bytes, range)
    }

    // MARK: Pieces

    private static func digits(_ bytes: UnsafeRawBufferPointer, _ i: inout Int, _ end: Int, max: Int) -> (
        value: Int, count: Int
    ) {
        var value = 0
        var count = 0
        while i < end, count < max, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
            value = value * 10 + Int(bytes[i] - UInt8(ascii: "0"))
            count += 1
            i += 1
        }
        return (value, count)
    }

    /// An English month name at `i`: three letters, `Sept`, or the full name.
    private static func monthName(_ bytes: UnsafeRawBufferPointer, _ i: inout Int, _ end: Int) -> Int? {
        var key: UInt32 = 0
        let start = i
        var letters = 0
        while i < end, (bytes[i] | 0x20) >= UInt8(ascii: "a"), (bytes[i] | 0x20) <= UInt8(ascii: "z") {
            if letters < 3 { key = key << 8 | UInt32(bytes[i] | 0x20) }
            letters += 1
            i += 1
        }
        guard letters >= 3, let index = LogLineParser.monthIndex(key) else { return nil }
        // An abbreviation may end in a full stop (`Sept.`), as some locales write it.
        if letters <= 4, i < end, bytes[i] == UInt8(ascii: ".") {
            defer { i += 1 }
            return letters == 3 || (index == 8 && (bytes[i - 1] | 0x20) == UInt8(ascii: "t")) ? index + 1 : nil
        }
        if letters == 3 { return index + 1 }
        let written = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self).lowercased()
        guard written == CivilDate.monthNames[index].lowercased() || (index == 8 && written == "sept") else {
            return nil
        }
        return index + 1
    }

    private static func spaces(_ bytes: UnsafeRawBufferPointer, _ i: inout Int, _ end: Int) -> Int {
        let start = i
        while i < end, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
        return i - start
    }

    /// What may follow the day: nothing, or a time or offset after a space, `T` or comma.
    private static func endsWell(_ bytes: UnsafeRawBufferPointer, _ i: Int, _ end: Int) -> Bool {
        i == end || bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "T") || bytes[i] == UInt8(ascii: ",")
            || bytes[i] == UInt8(ascii: "\t")
    }

    private static func packed(year: Int, month: Int, day: Int) -> Int? {
        guard year >= 1, year <= 9999, CivilDate.isValid(year: year, month: month, day: day) else { return nil }
        return CivilDate(year: year, month: month, day: day).packed
    }

    private static func automatic(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        var i = range.lowerBound
        let end = range.upperBound
        guard i < end else { return nil }
        let first = bytes[i]
        if first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") {
            let lead = digits(bytes, &i, end, max: 4)
            if lead.count == 4 {
                // YYYY-MM-DD (or with slashes).
                guard i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "/") else { return nil }
                let separator = bytes[i]
                i += 1
                let month = digits(bytes, &i, end, max: 2)
                guard month.count >= 1, i < end, bytes[i] == separator else { return nil }
                i += 1
                let day = digits(bytes, &i, end, max: 2)
                guard day.count >= 1, endsWell(bytes, i, end) else { return nil }
                return packed(year: lead.value, month: month.value, day: day.value)
            }
            // D MMM YYYY.
            guard lead.count <= 2, spaces(bytes, &i, end) > 0, let month = monthName(bytes, &i, end),
                spaces(bytes, &i, end) > 0
            else { return nil }
            let year = digits(bytes, &i, end, max: 4)
            guard year.count == 4, endsWell(bytes, i, end) else { return nil }
            return packed(year: year.value, month: month, day: lead.value)
        }
        // MMM D YYYY or MMM D, YYYY.
        guard let month = monthName(bytes, &i, end), spaces(bytes, &i, end) > 0 else { return nil }
        let day = digits(bytes, &i, end, max: 2)
        guard day.count >= 1 else { return nil }
        if i < end && bytes[i] == UInt8(ascii: ",") { i += 1 }
        guard spaces(bytes, &i, end) > 0 else { return nil }
        let year = digits(bytes, &i, end, max: 4)
        guard year.count == 4, endsWell(bytes, i, end) else { return nil }
        return packed(year: year.value, month: month, day: day.value)
    }

    private static func matching(_ pattern: [Piece], _ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        var i = range.lowerBound
        let end = range.upperBound
        var year = 0, month = 0, day = 0
        for piece in pattern {
            switch piece {
            case .year:
                let found = digits(bytes, &i, end, max: 4)
                guard found.count == 4 else { return nil }
                year = found.value
            case .shortYear:
                let found = digits(bytes, &i, end, max: 2)
                guard found.count == 2 else { return nil }
                year = 2000 + found.value
            case .month:
                let found = digits(bytes, &i, end, max: 2)
                guard found.count >= 1 else { return nil }
                month = found.value
            case .day:
                let found = digits(bytes, &i, end, max: 2)
                guard found.count >= 1 else { return nil }
                day = found.value
            case .monthName:
                guard let found = monthName(bytes, &i, end) else { return nil }
                month = found
            case let .literal(byte):
                guard i < end, bytes[i] == byte else { return nil }
                i += 1
            }
        }
        guard endsWell(bytes, i, end) else { return nil }
        return packed(year: year, month: month, day: day)
    }
}
