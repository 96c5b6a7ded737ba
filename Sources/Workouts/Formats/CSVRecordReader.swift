import Foundation

/// One field of a CSV record as it lies in the buffer: `start..<end` is the raw text, quotes
/// included. Nothing is copied: a field is decoded only when a reader needs its value.
struct CSVField {
    var start: Int
    var end: Int
    /// The field began with a quote.
    var quoted: Bool
    /// Its text holds a doubled quote or text after the closing quote, so its value is not one
    /// run of the buffer and must be decoded (`CSVRecordReader.decode`).
    var irregular: Bool

    /// The value's bytes when they are one run of the buffer (the text inside the quotes).
    var plainRange: Range<Int> { quoted ? (start + 1)..<(end - 1) : start..<end }
}

/// Why the bytes are not CSV: an unclosed quote, at the offset of its opening quote.
struct CSVFault: Error {
    var offset: Int
    var message: String
}

/// Splits RFC 4180 records straight from bytes: fields separated by one delimiter byte (`,`, `;`
/// or tab), records ended by LF or CRLF, a field in double quotes holding delimiters, quotes
/// (doubled) and line breaks. What RFC 4180 leaves to readers is read as spreadsheet programs
/// do: a quote inside an unquoted field is a character, and text after a closing quote belongs
/// to the field. No String is made per record or field.
enum CSVRecordReader {
    /// A record: where the next one starts and how many line feeds it spanned (its own
    /// terminator included), so line numbers run on across records with line breaks in quotes.
    struct Record {
        var next: Int
        var lineFeeds: Int
        /// Where the first quoted field that holds a line feed opens, if one does: a stray quote
        /// runs on over the next lines, so an error about the record's fields names it.
        var spanningQuote: Int?
    }

    private static let quote = UInt8(ascii: "\"")
    private static let eightQuotes = UInt64(0x2222_2222_2222_2222)
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// Reads the record starting at `position` into `fields`. Nil when the buffer ends inside the
    /// record and more bytes may follow (`final` false): the caller keeps the rest for the next
    /// piece. At the end of the input (`final`) the last record needs no line end, and an
    /// unclosed quote is a fault at that quote.
    static func next(
        _ bytes: UnsafeRawBufferPointer, from position: Int, delimiter: UInt8,
        into fields: inout [CSVField], final: Bool
    ) throws(CSVFault) -> Record? {
        fields.removeAll(keepingCapacity: true)
        let count = bytes.count
        var i = position
        var lineFeeds = 0
        var spanningQuote: Int?
        while true {
            // One field from `i`.
            if i < count && bytes[i] == quote {
                let start = i
                var irregular = false
                i += 1
                // Inside quotes: find each quote; a doubled one is a literal quote.
                while true {
                    guard let found = find(quote, in: bytes, from: i) else {
                        guard final else { return nil }
                        throw CSVFault(
                            offset: start, message: "a quoted field is not closed before the end of the file")
                    }
                    let inside = countLineFeeds(bytes, from: i, to: found)
                    if inside > 0 && spanningQuote == nil { spanningQuote = start }
                    lineFeeds += inside
                    if found + 1 < count && bytes[found + 1] == quote {
                        irregular = true
                        i = found + 2
                        // A run of doubled quotes is stepped over here, two bytes at a time, not
                        // one search per pair (a field of them would cost a call per two bytes).
                        while i + 8 <= count && bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) == eightQuotes {
                            i += 8
                        }
                        while i + 1 < count && bytes[i] == quote && bytes[i + 1] == quote { i += 2 }
                        continue
                    }
                    if found + 1 == count && !final { return nil }  // The next piece may start with a quote.
                    i = found + 1
                    break
                }
                // Text after the closing quote up to the delimiter is kept with the field.
                while i < count, bytes[i] != delimiter, bytes[i] != lineFeed {
                    if bytes[i] == carriageReturn && i + 1 < count && bytes[i + 1] == lineFeed { break }
                    if bytes[i] == carriageReturn && i + 1 == count && !final { return nil }
                    irregular = true
                    i += 1
                }
                fields.append(CSVField(start: start, end: i, quoted: true, irregular: irregular))
            } else {
                let start = i
                while i < count {
                    let byte = bytes[i]
                    if byte == delimiter || byte == lineFeed { break }
                    i += 1
                }
                var end = i
                if end > start && bytes[end - 1] == carriageReturn && (i < count && bytes[i] == lineFeed) { end -= 1 }
                fields.append(CSVField(start: start, end: end, quoted: false, irregular: false))
            }
            // What ends the field.
            if i >= count {
                guard final else { return nil }
                return Record(next: count, lineFeeds: lineFeeds, spanningQuote: spanningQuote)
            }
            if bytes[i] == delimiter {
                i += 1
                continue
            }
            if bytes[i] == carriageReturn {  // CR LF after a quoted field.
                i += 1
                if i >= count && !final { return nil }
            }
            if i < count && bytes[i] == lineFeed {
                return Record(next: i + 1, lineFeeds: lineFeeds + 1, spanningQuote: spanningQuote)
            }
            return Record(next: i, lineFeeds: lineFeeds, spanningQuote: spanningQuote)
        }
    }

    /// The offset of the next `byte` at or after `start`.
    static func find(_ byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count,
            let found = memchr(base + start, Int32(byte), bytes.count - start)
        else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// The line feeds in `start..<end`, looked for in that range only: a search that ran on to
    /// the buffer's next line feed would cost a whole record per doubled quote.
    static func countLineFeeds(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var n = 0
        var i = start
        while i < end, let found = memchr(base + i, Int32(lineFeed), end - i) {
            n += 1
            i = base.distance(to: UnsafeRawPointer(found)) + 1
        }
        return n
    }

    /// A field's value as bytes: the quotes taken off, doubled quotes made single, and text
    /// after a closing quote kept.
    static func decode(_ field: CSVField, in bytes: UnsafeRawBufferPointer) -> [UInt8] {
        guard field.quoted else { return Array(UnsafeRawBufferPointer(rebasing: bytes[field.start..<field.end])) }
        var value: [UInt8] = []
        value.reserveCapacity(field.end - field.start)
        var i = field.start + 1
        var inQuotes = true
        while i < field.end {
            let byte = bytes[i]
            if inQuotes && byte == quote {
                if i + 1 < field.end && bytes[i + 1] == quote {
                    value.append(quote)
                    i += 2
                    continue
                }
                inQuotes = false
                i += 1
                continue
            }
            value.append(byte)
            i += 1
        }
        return value
    }
}
