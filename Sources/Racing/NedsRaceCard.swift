import Deterministic
import Foundation
import JSONSupport

/// The Neds racing API's race response as a race card (docs/reference/inputs.md, "The bookmaker's race
/// response"): `{header, params, data: {race, runners, …}}`, the `data` object alone, or an array
/// of either (a meeting's races). Unknown keys are ignored.
public enum NedsRaceCard {
    /// Whether the bytes look like a Neds race response (by shape, not by name): a JSON object whose
    /// `data` holds `race` and `runners`, an object holding `race` and `runners` itself, or an array
    /// whose first element is either. Inside `data` a `race` object is enough: a race whose runners
    /// are not declared yet may come without `runners`, and is still read as a race with none.
    public static func looksLikeNeds(_ data: Data) -> Bool {
        guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return false
        }
        if let list = value as? [Any] { return list.first.map(isResponse) ?? false }
        return isResponse(value)
    }

    /// The races of one response (or an array of responses: a meeting), as a RaceCard, races in
    /// input order. `timeZone` (an IANA identifier, e.g. "Australia/Sydney" or "UTC") is the zone
    /// the race's `date` (YYYY-MM-DD) and `time` (HH:MM) are written in, from `advertised_start`;
    /// an identifier the system does not know is read as UTC.
    public static func decode(from data: Data, timeZone: String) throws(RacingDecodingError) -> RaceCard {
        let zone = TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0)!
        let document = try RacingDecodingError.decode(Document.self, from: data)
        return RaceCard(races: document.responses.map { $0.race(in: zone) })
    }

    /// Decimal odds as text from the API's number: the shortest digits that read back the same,
    /// with a point and at least one digit after it and no exponent (`9.5`, `10.0`, `2.25`). Nil
    /// for no price: 1 or less, not finite, or over 10,000.
    static func decimalText(_ value: Double?) -> String? {
        guard let value, value.isFinite, value > 1, value <= 10_000 else { return nil }
        // Swift writes the shortest round-trip digits, and no exponent in this range.
        let text = "\(value)"
        guard !text.contains("e") else { return nil }
        return text.contains(".") ? text : text + ".0"
    }

    /// The day (`YYYY-MM-DD`) and clock time (`HH:MM`) of a Unix time in `zone`.
    static func startText(_ seconds: Int64, in zone: TimeZone) -> (date: String, time: String) {
        let instant = Date(timeIntervalSince1970: TimeInterval(seconds))
        let local = instant.addingTimeInterval(TimeInterval(zone.secondsFromGMT(for: instant)))
        let parts = UTCTime.parts(local)
        let time = CivilDate.zeroPadded(parts.hour, width: 2) + ":" + CivilDate.zeroPadded(parts.minute, width: 2)
        return (parts.day.isoText, time)
    }

    /// A response (`data` holding a `race` object) or its `data` alone (`race` and `runners`).
    private static func isResponse(_ value: Any) -> Bool {
        guard let object = value as? [String: Any] else { return false }
        if let inner = object["data"] as? [String: Any] {
            return inner["race"] is [String: Any] && (inner["runners"].map { $0 is [Any] || $0 is NSNull } ?? true)
        }
        return object["race"] is [String: Any] && object["runners"] is [Any]
    }

    private struct Document: Decodable {
        let responses: [Response]

        init(from decoder: any Decoder) throws {
            if var list = try? decoder.unkeyedContainer() {
                var responses: [Response] = []
                while !list.isAtEnd { responses.append(try list.decode(Response.self)) }
                self.responses = responses
            } else {
                responses = [try Response(from: decoder)]
            }
        }
    }

    /// One race response: the envelope, or its `data` alone.
    private struct Response: Decodable {
        let body: RaceData

        private enum CodingKeys: String, CodingKey { case data }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if container.contains(.data) {
                body = try container.decode(RaceData.self, forKey: .data)
            } else {
                body = try RaceData(from: decoder)
            }
        }

        func race(in zone: TimeZone) -> Race { body.race(in: zone) }
    }

    private struct RaceData: Decodable {
        let event: Event
        let runners: [Runner]
        let placings: [Placing]
        let dividends: [Dividend]

        private enum CodingKeys: String, CodingKey { case race, runners, results, dividends }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            event = try container.decode(Event.self, forKey: .race)
            // A race whose field is not declared yet has no runners.
            runners = try container.decodeIfPresent([Runner].self, forKey: .runners) ?? []
            // Both are omitted until the race is run.
            placings =
                try container.decodeIfPresent(NedsList<NedsPlacing>.self, forKey: .results)?.items
                .map(\.placing) ?? []
            dividends =
                try container.decodeIfPresent(NedsList<NedsDividend>.self, forKey: .dividends)?.items
                .compactMap(\.dividend) ?? []
        }

        /// The race, its start written in the meeting's zone when the response says where the
        /// meeting is, else in the readers' `zone`.
        func race(in zone: TimeZone) -> Race {
            let start = NedsRaceCard.startText(event.start, in: event.zone.flatMap(TimeZone.init(identifier:)) ?? zone)
            let rides = runners.map(\.ride)
            return Race(
                name: event.name, course: event.meeting, distance: event.distance.flatMap { $0 > 0 ? "\($0)m" : nil },
                date: start.date, time: start.time, going: event.going, number: event.number, weather: event.weather,
                rides: rides, status: event.status, startInstant: event.start, result: result(rides), zone: event.zone)
        }

        /// The placings named from the field where the result leaves a name out.
        private func result(_ rides: [Ride]) -> RaceResult? {
            guard !placings.isEmpty || !dividends.isEmpty else { return nil }
            let names = Dictionary(rides.map { ($0.cloth, $0.horse.name) }, uniquingKeysWith: { first, _ in first })
            return RaceResult(
                placings: placings.map {
                    var placing = $0
                    if placing.name.isEmpty { placing.name = names[placing.cloth] ?? "" }
                    return placing
                }, dividends: dividends)
        }
    }

    /// `data.race`: the race itself.
    private struct Event: Decodable {
        let name: String
        let meeting: String?
        let start: Int64
        let number: Int?
        let distance: Int?
        let going: String?
        let weather: String?
        let status: RaceStatus?
        /// The meeting's zone, from its country and (in Australia) state.
        let zone: String?

        private enum CodingKeys: String, CodingKey {
            case description, distance, weather, status, country, state
            case meetingName = "meeting_name"
            case advertisedStart = "advertised_start"
            case raceNumber = "race_number"
            case trackCondition = "track_condition"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
            meeting = nonEmpty(try container.decodeIfPresent(String.self, forKey: .meetingName))
            start = try container.decodeInteger(Int64.self, forKey: .advertisedStart)
            guard (0...253_402_300_799).contains(start) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .advertisedStart, in: container,
                    debugDescription: "expected Unix seconds between 1970 and 9999, found \(start)")
            }
            number = try container.decodeIntegerIfPresent(Int.self, forKey: .raceNumber)
            distance = try container.decodeIntegerIfPresent(Int.self, forKey: .distance)
            going = nonEmpty(try container.decodeIfPresent(String.self, forKey: .trackCondition))
            weather = nonEmpty(try container.decodeIfPresent(String.self, forKey: .weather))
            status = try container.decodeIfPresent(String.self, forKey: .status).flatMap(RaceStatus.init(word:))
            let country = nonEmpty(try container.decodeIfPresent(String.self, forKey: .country))
            let state = nonEmpty(try container.decodeIfPresent(String.self, forKey: .state))
            zone = country == nil && state == nil ? nil : MeetingZone.identifier(country: country, state: state)
        }
    }

    /// `data.runners[i]`: one ride.
    private struct Runner: Decodable {
        let ride: Ride

        private enum CodingKeys: String, CodingKey {
            case name, barrier, age, sex, jockey, odds, flucs, deductions
            case isLateScratched = "is_late_scratched"
            case winDeduction = "win_deduction"
            case placeDeduction = "place_deduction"
            case runnerNumber = "runner_number"
            case isScratched = "is_scratched"
            case trainerName = "trainer_name"
            case formComment = "form_comment"
            case lastStarts = "last_twenty_starts"
        }

        private enum OddsKeys: String, CodingKey {
            case fixedWin = "fixed_win"
            case startingPrice = "starting_price"
            case sp
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            var win: Double?
            var starting: Double?
            if container.contains(.odds), try !container.decodeNil(forKey: .odds) {
                let odds = try container.nestedContainer(keyedBy: OddsKeys.self, forKey: .odds)
                win = try odds.decodeIfPresent(Double.self, forKey: .fixedWin)
                starting =
                    try odds.decodeNumberIfPresent(forKey: .startingPrice) ?? odds.decodeNumberIfPresent(forKey: .sp)
            }
            let deductions = try NedsDeductions.decode(
                container, nested: .deductions, win: .winDeduction, place: .placeDeduction)
            // The list is history: an entry that is no price (null, 0, text) is skipped, not an error.
            let flucs = try container.decodeIfPresent([JSONValueKind].self, forKey: .flucs) ?? []
            ride = Ride(
                cloth: try container.decodeInteger(Int.self, forKey: .runnerNumber),
                horse: Horse(
                    name: try container.decode(String.self, forKey: .name),
                    age: try container.decodeIntegerIfPresent(Int.self, forKey: .age),
                    sex: nonEmpty(try container.decodeIfPresent(String.self, forKey: .sex))),
                form: Form(text: try container.decodeIfPresent(String.self, forKey: .lastStarts) ?? ""),
                odds: Odds(parsing: NedsRaceCard.decimalText(win) ?? ""),
                withdrawn: try container.decodeIfPresent(Bool.self, forKey: .isScratched) ?? false,
                barrier: try container.decodeIntegerIfPresent(Int.self, forKey: .barrier),
                jockey: nonEmpty(try container.decodeIfPresent(String.self, forKey: .jockey)),
                trainer: nonEmpty(try container.decodeIfPresent(String.self, forKey: .trainerName)),
                formComment: nonEmpty(try container.decodeIfPresent(String.self, forKey: .formComment)),
                flucs: flucs.compactMap { NedsRaceCard.decimalText(Self.price($0)).map(Odds.init(parsing:)) },
                startingPrice: NedsRaceCard.decimalText(starting).map(Odds.init(parsing:)),
                lateScratching: try container.decodeIfPresent(Bool.self, forKey: .isLateScratched) ?? !deductions
                    .isEmpty,
                deductions: deductions.isEmpty ? nil : deductions)
        }

        private static func price(_ value: JSONValueKind) -> Double? {
            switch value {
            case .integer(let whole): Double(whole)
            case .number(let number): number
            default: nil
            }
        }
    }
}

/// Nil for an empty or blank text: the API writes `""` for a value it does not have.
private func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
    return text
}
