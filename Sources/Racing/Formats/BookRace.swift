import Foundation
import JSONSupport

/// What the bookmakers' race formats share: reading the document, the start and its zone, prices
/// and the result named from the field.
enum BookRace {
    /// The document's tree, read by `read`; an error gets its line and column in `data`.
    static func decode<T>(_ data: Data, _ read: (BookNode) throws -> T) throws(RacingDecodingError) -> T {
        let root = try RacingDecodingError.decode(BookJSON.self, from: data)
        do {
            return try read(BookNode(root))
        } catch let error as RacingDecodingError {
            throw JSONDocumentDecoding.placed(error, in: data)
        } catch {
            throw RacingDecodingError(keyPath: "", message: "\(error)")
        }
    }

    /// The races of a document that is one race or an array of them (a meeting), in its order.
    static func races(_ root: BookNode, _ race: (BookNode) throws -> Race) throws -> [Race] {
        if case .array? = root.value { return try root.array().map(race) }
        return [try race(root)]
    }

    /// An id written as text or as a number (`"1207"`, `1207`), as text.
    static func id(_ node: BookNode) -> String? {
        switch node.value {
        case .string(let text)?: text.isEmpty ? nil : text
        case .integer(let number)?: String(number)
        default: nil
        }
    }

    /// A start as Unix seconds: an ISO 8601 time (`2026-11-28T02:05:00Z`, with a fraction or an
    /// offset) or an integer of seconds.
    static func instant(_ node: BookNode) throws(RacingDecodingError) -> Int64 {
        let seconds: Int64
        switch node.value {
        case nil, .null?: throw RacingDecodingError.missingKey(at: node.path)
        case .integer(let number)?: seconds = Int64(number)
        case .string(let text)?:
            guard let parsed = ISOInstant.seconds(text) else {
                throw RacingDecodingError(
                    keyPath: node.path, message: "expected an ISO 8601 time (2026-11-28T02:05:00Z), found '\(text)'")
            }
            seconds = parsed
        case let other?: throw node.mismatch("an ISO 8601 time or Unix seconds", other)
        }
        guard (0...253_402_300_799).contains(seconds) else {
            throw RacingDecodingError(
                keyPath: node.path, message: "expected a time between 1970 and 9999, found \(seconds) seconds")
        }
        return seconds
    }

    /// The date, time and zone of a start: in the meeting's zone when the country (and in
    /// Australia the state) names one, else in the readers' `timeZone` with no zone.
    static func start(_ seconds: Int64, country: String?, state: String?, timeZone: String)
        -> (date: String, time: String, zone: String?)
    {
        if let zone = MeetingZone.identifier(country: country, state: state) {
            let text = MeetingZone.startText(seconds, in: zone)
            return (text.date, text.time, zone)
        }
        let text = MeetingZone.startText(seconds, in: timeZone)
        return (text.date, text.time, nil)
    }

    /// Decimal odds from a price (none for 1 or less, or over 10,000), as the Neds reader writes them.
    static func odds(_ price: Double?) -> Odds? {
        NedsRaceCard.decimalText(price).map(Odds.init(parsing:))
    }

    /// The result, its placings named from the field where they name no one; nil when empty.
    static func result(_ placings: [Placing], _ dividends: [Dividend], rides: [Ride]) -> RaceResult? {
        guard !placings.isEmpty || !dividends.isEmpty else { return nil }
        let names = Dictionary(rides.map { ($0.cloth, $0.horse.name) }, uniquingKeysWith: { first, _ in first })
        let named = placings.map {
            var placing = $0
            if placing.name.isEmpty { placing.name = names[placing.cloth] ?? "" }
            return placing
        }
        return RaceResult(placings: named, dividends: dividends)
    }

    /// A distance in metres (`1200`, `"1200"`, `"1200m"`) as `1200m`; none for 0.
    static func distance(_ node: BookNode) throws(RacingDecodingError) -> String? {
        if case .string(let text)? = node.value, text.lowercased().hasSuffix("m"),
            let metres = Int(text.dropLast().trimmingCharacters(in: .whitespaces))
        {
            return metres > 0 ? "\(metres)m" : nil
        }
        guard let metres = try node.int(), metres > 0 else { return nil }
        return "\(metres)m"
    }
}
