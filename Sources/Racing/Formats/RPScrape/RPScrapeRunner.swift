import Foundation

/// One row of an rpscrape CSV as a ride, and its `pos` as a finish.
enum RPScrapeRunner {
    enum Finish: Equatable {
        case placed(Int)
        /// Pulled up, fell, unseated, refused, disqualified…: ran, but no placing.
        case unplaced
        case nonRunner
    }

    /// `1`, `2`; a dead heat as `2=`, `=2`, `2dh` (or `DH`/`=` alone: the place of the row
    /// before); `NR` a non-runner; any other word (`PU`, `F`, `UR`, `BD`, `DSQ`) unplaced.
    static func finish(_ pos: String, previous: Int?) -> Finish {
        let word = pos.trimmingCharacters(in: .whitespaces).uppercased()
        if word == "NR" { return .nonRunner }
        if word == "DH" || word == "=" { return previous.map(Finish.placed) ?? .unplaced }
        var rest = word
        for mark in ["DH", "="] where rest.hasSuffix(mark) { rest.removeLast(mark.count) }
        if rest.hasPrefix("=") { rest.removeFirst() }
        guard !rest.isEmpty, rest.allSatisfy({ $0.isASCII && $0.isNumber }), let place = Int(rest), place > 0 else {
            return .unplaced
        }
        return .placed(place)
    }

    /// The ride: `num` the cloth (else its row's place in the race), `dec` the starting price
    /// (else `sp`, fractional, its favourite mark taken off), which is also its price.
    static func ride(_ row: [CSVTable.Field], order: Int, columns: RPScrapeColumns) throws(RacingDecodingError)
        -> Ride
    {
        var cloth = order
        if let text = columns.text("num", in: row) {
            guard let number = Double(text), number == number.rounded(), number >= 0, number < 10_000 else {
                let field = columns.field("num", in: row)
                throw RacingDecodingError(
                    keyPath: "num", message: "expected a whole number, found '\(text)'", line: field?.line,
                    column: field?.column)
            }
            cloth = Int(number)
        }
        let price = startingPrice(row, columns: columns)
        return Ride(
            cloth: cloth,
            horse: Horse(
                name: columns.text("horse", in: row) ?? "", age: columns.text("age", in: row).flatMap { Int($0) },
                sex: columns.text("sex", in: row)),
            odds: price ?? .unpriced(text: ""), barrier: columns.text("draw", in: row).flatMap { Int($0) },
            jockey: columns.text("jockey", in: row), trainer: columns.text("trainer", in: row), startingPrice: price)
    }

    private static func startingPrice(_ row: [CSVTable.Field], columns: RPScrapeColumns) -> Odds? {
        if let decimal = columns.text("dec", in: row).flatMap(Double.init), let text = NedsRaceCard.decimalText(decimal)
        {
            return Odds(parsing: text)
        }
        guard let written = columns.text("sp", in: row) else { return nil }
        // `2/1F`, `15/8JF`, `5/2CF`: favourite, joint and co-favourite marks.
        let text = String(written.reversed().drop { "FJC".contains($0.uppercased()) }.reversed())
        let odds = Odds(parsing: text)
        return odds.isPriced ? odds : nil
    }
}
