import Deterministic

/// One readable line of a workout log, with the exercise name left as bytes so the caller
/// can intern it without making a String per line.
struct LogLine {
    /// The date packed as `year << 9 | month << 5 | day`: cheap to make, and it sorts like the date.
    var packedDate: Int
    /// Byte range of the trimmed exercise name within the buffer.
    var nameStart: Int
    var nameEnd: Int
    var set: SetRecord
}

/// Why a line cannot be read: the message, and the byte offset where the offending field starts.
struct LineFault: Error {
    var offset: Int
    var message: String
}

/// Reads one line of `MMM dd yyyy,Exercise Name,sets,reps,weight` straight from bytes.
///
/// The rules, including those SPEC §1.4 leaves open:
/// - Fields are split at every comma (names cannot hold one) and trimmed of spaces and tabs.
/// - Date: a 3-letter English month abbreviation in any letter case (`Oct`, `oct`, `OCT`),
///   a day of 1 or 2 digits, and a 4-digit year from 0001, separated by spaces or tabs. The day
///   must exist in that month and year (Feb 29 only in leap years).
/// - sets and reps: plain decimal digits, no sign, 1 to 1,000,000.
/// - weight: digits with at most one decimal point (`45`, `47.5`, `.5`, `45.`), no sign, no
///   exponent, greater than 0 and at most 1,000,000 (so every estimate stays finite).
/// - Exercise names are compared byte for byte after trimming: `Back Squat` and `back squat`
///   are different exercises.
enum LogLineParser {
    static let fieldCount = 5
    static let maxWholeNumber = 1_000_000
    static let maxWeight = 1_000_000.0

    static let dateMessage = #"expected a date like "Oct 11 2017""#
    static let emptyNameMessage = "exercise name is empty"
    static let weightMessage = "weight must be a number > 0"
    static let setsMessages = WholeNumberMessages(field: "sets")
    static let repsMessages = WholeNumberMessages(field: "reps")

    /// Made once: building messages per line would allocate on the hot path.
    struct WholeNumberMessages {
        let invalid: String
        let tooLarge: String

        init(field: String) {
            invalid = "\(field) must be a whole number ≥ 1"
            tooLarge = "\(field) must be at most \(LogLineParser.maxWholeNumber)"
        }
    }

    static func fieldCountMessage(found: Int) -> String {
        "expected 5 comma-separated fields (date, exercise, sets, reps, weight), found \(found)"
    }

    /// Parses `bytes[start..<end]` (line ending already removed); nil for a blank line.
    static func parse(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int) throws(LineFault) -> LogLine? {
        // Field boundaries: fieldStarts[k] is where field k begins; fields end one byte
        // before the next field's start (the comma), the last one at `end`.
        var fieldStarts = (start, 0, 0, 0, 0)
        var commas = 0
        var sixthFieldStart = end
        var i = start
        while i < end {
            if bytes[i] == UInt8(ascii: ",") {
                commas += 1
                switch commas {
                case 1: fieldStarts.1 = i + 1
                case 2: fieldStarts.2 = i + 1
                case 3: fieldStarts.3 = i + 1
                case 4: fieldStarts.4 = i + 1
                case 5: sixthFieldStart = i + 1
                default: break
                }
            }
            i += 1
        }
        if commas == 0 && isBlank(bytes, start: start, end: end) { return nil }
        if commas != fieldCount - 1 {
            // Point past the end when fields are missing, at the first extra field otherwise.
            throw LineFault(
                offset: commas < fieldCount - 1 ? end : sixthFieldStart,
                message: fieldCountMessage(found: commas + 1))
        }

        let date = trimmed(bytes, fieldStarts.0, fieldStarts.1 - 1)
        let name = trimmed(bytes, fieldStarts.1, fieldStarts.2 - 1)
        let sets = trimmed(bytes, fieldStarts.2, fieldStarts.3 - 1)
        let reps = trimmed(bytes, fieldStarts.3, fieldStarts.4 - 1)
        let weight = trimmed(bytes, fieldStarts.4, end)

        let packedDate = try parseDate(bytes, date)
        if name.start == name.end { throw LineFault(offset: name.start, message: emptyNameMessage) }
        let setCount = try parseWholeNumber(bytes, sets, isSets: true)
        let repCount = try parseWholeNumber(bytes, reps, isSets: false)
        let load = try parseWeight(bytes, weight)
        return LogLine(
            packedDate: packedDate, nameStart: name.start, nameEnd: name.end,
            set: SetRecord(sets: setCount, reps: repCount, weight: load))
    }

    // MARK: Fields

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func isBlank(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int) -> Bool {
        var i = start
        while i < end {
            if !isSpace(bytes[i]) { return false }
            i += 1
        }
        return true
    }

    /// The field without surrounding spaces and tabs. A blank field keeps its start offset,
    /// so errors about it still point at where it is.
    private static func trimmed(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> (start: Int, end: Int) {
        var s = start
        var e = end
        while s < e && isSpace(bytes[s]) { s += 1 }
        while e > s && isSpace(bytes[e - 1]) { e -= 1 }
        return s == e ? (start, start) : (s, e)
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte &- UInt8(ascii: "0")) : nil
    }

    /// Month abbreviations as lowercase 3-byte keys, January first (checked against
    /// `CivilDate.monthAbbreviations` by a test).
    static func monthIndex(_ key: UInt32) -> Int? {
        switch key {
        case 0x6A_61_6E: 0  // jan
        case 0x66_65_62: 1  // feb
        case 0x6D_61_72: 2  // mar
        case 0x61_70_72: 3  // apr
        case 0x6D_61_79: 4  // may
        case 0x6A_75_6E: 5  // jun
        case 0x6A_75_6C: 6  // jul
        case 0x61_75_67: 7  // aug
        case 0x73_65_70: 8  // sep
        case 0x6F_63_74: 9  // oct
        case 0x6E_6F_76: 10  // nov
        case 0x64_65_63: 11  // dec
        default: nil
        }
    }

    private static func parseDate(_ bytes: UnsafeRawBufferPointer, _ field: (start: Int, end: Int)) throws(LineFault)
        -> Int
    {
        func fault() -> LineFault { LineFault(offset: field.start, message: dateMessage) }
        var i = field.start
        let end = field.end
        guard end - i >= 10 else { throw fault() }  // "Oct 1 2017" is the shortest date.

        // Month: fold ASCII letters to lowercase and look the three bytes up.
        var key: UInt32 = 0
        for k in 0..<3 {
            let byte = bytes[i + k]
            guard (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") else { throw fault() }
            key = key << 8 | UInt32(byte | 0x20)
        }
        guard let monthIndex = monthIndex(key) else { throw fault() }
        i += 3

        guard isSpace(bytes[i]) else { throw fault() }
        while i < end && isSpace(bytes[i]) { i += 1 }

        var day = 0
        let dayStart = i
        // At most three digits are summed (a day has two): a long run of digits must not overflow.
        while i < end, let d = digit(bytes[i]) {
            if i - dayStart < 3 { day = day * 10 + d }
            i += 1
        }
        guard i - dayStart == 1 || i - dayStart == 2, i < end, isSpace(bytes[i]) else { throw fault() }
        while i < end && isSpace(bytes[i]) { i += 1 }

        var year = 0
        guard end - i == 4 else { throw fault() }
        while i < end {
            guard let d = digit(bytes[i]) else { throw fault() }
            year = year * 10 + d
            i += 1
        }
        guard year >= 1 else { throw fault() }

        let month = monthIndex + 1
        let length = CivilDate.daysIn(month: month, year: year)
        guard day >= 1 && day <= length else {
            let written = String(
                decoding: UnsafeRawBufferPointer(rebasing: bytes[field.start..<field.end]), as: UTF8.self)
            throw LineFault(
                offset: field.start,
                message: "no such date \"\(written)\": "
                    + "\(CivilDate.monthNames[monthIndex]) \(year) has \(length) days")
        }
        return CivilDate(year: year, month: month, day: day).packed
    }

    // Faults are made only when thrown: a message held per line would be retained and
    // released on every line of a million-line log.
    private static func parseWholeNumber(_ bytes: UnsafeRawBufferPointer, _ field: (start: Int, end: Int), isSets: Bool)
        throws(LineFault) -> Int
    {
        func invalid() -> LineFault {
            LineFault(offset: field.start, message: (isSets ? setsMessages : repsMessages).invalid)
        }
        guard field.end > field.start else { throw invalid() }
        var value = 0
        var i = field.start
        while i < field.end {
            guard let d = digit(bytes[i]) else { throw invalid() }
            value = value * 10 + d
            if value > maxWholeNumber {
                throw LineFault(offset: field.start, message: (isSets ? setsMessages : repsMessages).tooLarge)
            }
            i += 1
        }
        guard value >= 1 else { throw invalid() }
        return value
    }

    /// Powers of ten that a Double holds exactly (a literal table: no lazy set-up to check).
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22
    ]

    private static func parseWeight(_ bytes: UnsafeRawBufferPointer, _ field: (start: Int, end: Int)) throws(LineFault)
        -> Double
    {
        func fault() -> LineFault { LineFault(offset: field.start, message: weightMessage) }
        // Collect every digit into one integer and count those after the point: the weight is
        // then digits / 10^fractionDigits. While both are exact in a Double, that single
        // division is correctly rounded, so "47.3" gives the same Double as a full parser.
        var digits: UInt64 = 0
        var digitCount = 0
        var fractionDigits = 0
        var seenPoint = false
        var exact = true
        var i = field.start
        while i < field.end {
            let byte = bytes[i]
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { throw fault() }
                seenPoint = true
            } else if let d = digit(byte) {
                digitCount += 1
                if seenPoint { fractionDigits += 1 }
                if exact {
                    let next = digits * 10 + UInt64(d)  // digits ≤ 2^53 here, so this cannot overflow.
                    if next <= 1 << 53 { digits = next } else { exact = false }
                }
            } else {
                throw fault()
            }
            i += 1
        }
        guard digitCount > 0 else { throw fault() }

        let weight: Double
        if exact && fractionDigits == 0 {
            weight = Double(digits)
        } else if exact && fractionDigits < exactPowersOfTen.count {
            weight = Double(digits) / exactPowersOfTen[fractionDigits]
        } else {
            // Rare: more digits than a Double holds. The standard library parses those exactly.
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[field.start..<field.end]), as: UTF8.self)
            weight = Double(text.hasPrefix(".") ? "0" + text : text) ?? 0
        }
        guard weight > 0 else { throw fault() }
        guard weight <= maxWeight else {
            throw LineFault(offset: field.start, message: "weight must be at most \(Int(maxWeight))")
        }
        return weight
    }
}
