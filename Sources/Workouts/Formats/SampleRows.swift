/// The first rows under a header no format knows by its names, each cell's bytes trimmed: what
/// Strong's layout is recognised by in any language (`StrongLayout`) and what a guessed
/// `columns:` mapping takes its evidence from (`ColumnGuess`).
struct SampleRows {
    /// At most this many rows are looked at.
    static let rowLimit = 20
    /// A header's file is held back at most this far past the header while its rows come.
    static let byteLimit = 64 * 1024

    var rows: [[[UInt8]]] = []
    var decimalComma: Bool

    /// The rows after the header, from `start`: nil while more bytes may still bring a row (the
    /// caller waits for the next piece); a record that cannot be split ends the sample.
    static func read(
        _ bytes: UnsafeRawBufferPointer, from start: Int, delimiter: UInt8, fields: inout [CSVField], final: Bool
    ) -> SampleRows? {
        var sample = SampleRows(decimalComma: delimiter != UInt8(ascii: ","))
        var position = start
        var faulted = false
        while sample.rows.count < rowLimit && position < bytes.count {
            let record: CSVRecordReader.Record?
            do {
                record = try CSVRecordReader.next(
                    bytes, from: position, delimiter: delimiter, into: &fields, final: final)
            } catch {
                faulted = true
                break
            }
            guard let record else { break }
            position = record.next
            let cells = fields.map { field in
                let decoded = CSVRecordReader.decode(field, in: bytes)
                return decoded.withUnsafeBytes { raw in Array(raw[CellReader.trimmed(raw, 0..<raw.count)]) }
            }
            if cells.allSatisfy(\.isEmpty) { continue }
            sample.rows.append(cells)
        }
        // Short of rows because the bytes ran out: the next piece may bring more.
        let full = sample.rows.count == rowLimit
        if !final && !full && !faulted && bytes.count - start < byteLimit { return nil }
        return sample
    }

    /// A number as the file writes them (a decimal comma where commas do not separate fields);
    /// nil for an empty cell or anything else.
    func number(_ cell: [UInt8]) -> Double? {
        cell.withUnsafeBytes { raw in CellReader.decimal(raw, 0..<raw.count, decimalComma: decimalComma).value }
    }

    func isNumberOrEmpty(_ cell: [UInt8]) -> Bool {
        cell.isEmpty || number(cell) != nil
    }

    /// The day a cell holds, read as `reader` reads dates.
    func day(_ cell: [UInt8], _ reader: DayReader) -> Int? {
        cell.withUnsafeBytes { raw in reader.day(raw, 0..<raw.count) }
    }

    static func text(_ cell: [UInt8]) -> String {
        String(decoding: cell, as: UTF8.self)
    }
}
