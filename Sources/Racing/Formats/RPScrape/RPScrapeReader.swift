import Foundation

/// A results CSV as rpscrape writes it from the Racing Post (UK and Irish racing): a header row,
/// then one row per runner in finishing order; each date, course, off time and race name is a
/// race (docs/reference/inputs.md, "The rpscrape results CSV").
public enum RPScrapeReader: RaceCardReader {
    public static let name = "rpscrape"
    public static let shape = "rpscrape results CSV (a header with date, course, off, race_name, pos, horse)"

    /// The header row alone decides: every column a race needs there is a match.
    public static func fit(_ input: RaceInput) -> FormatFit {
        let head = input.data.prefix(8192)
        guard let header = CSVTable(head, limit: 1).rows.first, header.count > 3 else { return .none }
        let columns = RPScrapeColumns(header)
        let missing = RPScrapeColumns.required.filter { columns.index($0) == nil }
        guard missing.count < RPScrapeColumns.required.count else { return .none }
        let found = RPScrapeColumns.required.count - missing.count
        return FormatFit(score: Double(found) / Double(RPScrapeColumns.required.count), lacks: missing)
    }

    public static func decode(_ input: RaceInput, timeZone: String) throws(RacingDecodingError) -> RaceCard {
        let table = CSVTable(input.data)
        guard let header = table.rows.first else {
            throw RacingDecodingError(keyPath: "", message: "expected a header row", line: 1, column: 1)
        }
        let columns = RPScrapeColumns(header)
        if let missing = RPScrapeColumns.required.first(where: { columns.index($0) == nil }) {
            throw RacingDecodingError(keyPath: missing, message: "missing required column", line: 1, column: 1)
        }
        var meeting = RPScrapeMeeting(columns: columns)
        for row in table.rows.dropFirst() {
            try meeting.add(row)
        }
        var card = RaceCard(races: try meeting.races())
        card.zoneUnsaid = card.races.contains { $0.zone == nil }
        return card
    }
}

/// Where each column is, by its name in any case (older rpscrape files capitalise them and
/// call the race's name `Name`).
struct RPScrapeColumns {
    static let required = ["date", "course", "off", "race_name", "pos", "horse"]
    private static let aliases = ["name": "race_name", "off_time": "off", "position": "pos", "number": "num"]
    private var indices: [String: Int] = [:]

    init(_ header: [CSVTable.Field]) {
        for (index, field) in header.enumerated() {
            let key = field.text.trimmingCharacters(in: .whitespaces).lowercased()
            let name = Self.aliases[key] ?? key
            if indices[name] == nil { indices[name] = index }
        }
    }

    func index(_ name: String) -> Int? { indices[name] }

    /// The field of `row` in column `name`, nil when the row is short or the column absent.
    func field(_ name: String, in row: [CSVTable.Field]) -> CSVTable.Field? {
        guard let index = indices[name], index < row.count else { return nil }
        return row[index]
    }

    /// The trimmed text of a field; nil when empty.
    func text(_ name: String, in row: [CSVTable.Field]) -> String? {
        guard let text = field(name, in: row)?.text.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            return nil
        }
        return text
    }
}
