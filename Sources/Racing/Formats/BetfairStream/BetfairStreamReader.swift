import Foundation

/// A Betfair exchange stream file as Betfair's historical data is sold: one JSON message per
/// line, the market changes (`op: mcm`) built up in line order (docs/reference/inputs.md, "The
/// Betfair exchange stream").
public enum BetfairStreamReader: RaceCardReader {
    public static let name = "betfair-stream"
    public static let shape = "Betfair exchange stream (a JSON line per message: op mcm, mc)"

    /// The first few lines: a market change with `mc` is a match; another `op` a near miss.
    public static func fit(_ input: RaceInput) -> FormatFit {
        var best = FormatFit.none
        for line in BetfairStreamLines.lines(input.data, limit: 5) {
            guard let object = try? JSONSerialization.jsonObject(with: line.bytes) as? [String: Any] else { continue }
            let isChange = (object["op"] as? String) == "mcm"
            if isChange, object["mc"] is [Any] { return .match }
            let score = (isChange ? 0.5 : 0) + (object["op"] != nil ? 0.25 : 0) + (object["clk"] != nil ? 0.25 : 0)
            if score > best.score { best = FormatFit(score: score, lacks: isChange ? ["mc"] : ["op: mcm", "mc"]) }
        }
        return best
    }

    public static func decode(_ input: RaceInput, timeZone: String) throws(RacingDecodingError) -> RaceCard {
        var state = BetfairStreamState()
        for line in BetfairStreamLines.lines(input.data) {
            try state.read(line)
        }
        return RaceCard(races: state.races(readersZone: timeZone), skippedLines: state.skipped)
    }
}

/// The non-empty… and empty lines of a JSON-lines file, numbered from 1.
enum BetfairStreamLines {
    static func lines(_ data: Data, limit: Int = .max) -> [BetfairLine] {
        var lines: [BetfairLine] = []
        var start = data.startIndex
        var number = 1
        while start < data.endIndex, lines.count < limit {
            let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
            var slice = data[start..<end]
            if slice.last == UInt8(ascii: "\r") { slice = slice.dropLast() }
            lines.append(BetfairLine(bytes: Data(slice), number: number))
            number += 1
            start = end < data.endIndex ? data.index(after: end) : end
        }
        return lines
    }
}
