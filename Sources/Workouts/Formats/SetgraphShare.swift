/// Setgraph's share text: one exercise a line, `Bench Press • 8 rep: 40, 50, 55 kg`, a blank line
/// between blocks, ending with `Tracked on Setgraph`. It says no day, so its sets cannot be put on
/// a timeline: it is known by its first line and refused with an error saying so, not read as a
/// header no format knows (or, with four commas, as a broken workout line).
enum SetgraphShare {
    /// The credit line the share ends with.
    static let credit = "Tracked on Setgraph"

    static let refusal =
        "this is Setgraph's share text (`Bench Press • 8 rep: 40, 50, 55 kg`, …, `\(credit)`): it gives "
        + "no dates, so its sets cannot be placed on a timeline of one-rep maxes. Write them with their day in "
        + "the line format (`May 20 2025,Bench Press,1,8,55`), or in a spreadsheet with a date column "
        + "(`columns:`)"

    /// Whether the line `start..<end` opens a share: a name, a bullet (U+2022) and a figure after
    /// it (`8 rep: …`, `30 kg: …`, `3 sets: …`, `38 min`), or the credit line alone.
    static func starts(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        let line = CellReader.trimmed(bytes, start..<end)
        if line.count == credit.utf8.count, zip(bytes[line], credit.utf8).allSatisfy({ $0 == $1 }) { return true }
        let bullet: [UInt8] = [0xE2, 0x80, 0xA2]
        var i = line.lowerBound
        while i + 2 < line.upperBound {
            if bytes[i] == bullet[0] && bytes[i + 1] == bullet[1] && bytes[i + 2] == bullet[2] {
                var after = i + 3
                while after < line.upperBound && bytes[after] == UInt8(ascii: " ") { after += 1 }
                return i > line.lowerBound && after < line.upperBound
                    && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[after])
            }
            i += 1
        }
        return false
    }
}
