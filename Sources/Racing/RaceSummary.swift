/// One race of the next-to-go feed.
public struct RaceSummary: Equatable, Sendable {
    public var id: String
    public var name: String?
    public var number: Int
    public var meetingID: String?
    public var meetingName: String
    public var categoryID: String
    public var category: RaceCategory
    /// Unix seconds.
    public var advertisedStart: Int64
    public var venueID: String?
    public var venueName: String?
    public var venueState: String?
    public var venueCountry: String?
    /// `race_form.weather.name`, e.g. `FINE`.
    public var weather: String?
    /// `race_form.distance`, in metres.
    public var distance: Int?
    /// `race_form.track_condition.name`, e.g. `Good4`.
    public var trackCondition: String?

    public init(
        id: String, name: String? = nil, number: Int, meetingID: String? = nil, meetingName: String,
        categoryID: String, advertisedStart: Int64, venueID: String? = nil, venueName: String? = nil,
        venueState: String? = nil, venueCountry: String? = nil, weather: String? = nil,
        distance: Int? = nil, trackCondition: String? = nil
    ) {
        self.id = id
        self.name = name
        self.number = number
        self.meetingID = meetingID
        self.meetingName = meetingName
        self.categoryID = categoryID
        self.category = RaceCategory(categoryID: categoryID)
        self.advertisedStart = advertisedStart
        self.venueID = venueID
        self.venueName = venueName
        self.venueState = venueState
        self.venueCountry = venueCountry
        self.weather = weather
        self.distance = distance
        self.trackCondition = trackCondition
    }

    /// The advertised starts a feed may hold, in Unix seconds: 0001-01-01T00:00:00Z through
    /// 9999-12-31T23:59:59Z. Decoding rejects anything else.
    public static let advertisedStartRange: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

    /// The feed's full order: advertised start, meeting name, race number, race id.
    public static func startsBefore(_ lhs: RaceSummary, _ rhs: RaceSummary) -> Bool {
        Tiebreak.chain(
            Tiebreak.compare(lhs.advertisedStart, rhs.advertisedStart),
            Tiebreak.compare(lhs.meetingName, rhs.meetingName),
            Tiebreak.compare(lhs.number, rhs.number),
            Tiebreak.compare(lhs.id, rhs.id)
        ) == .before
    }
}

// Decoding of one `race_summaries` value (SPEC §1.2). Unknown keys are ignored and
// every `race_form` field may be missing.
extension RaceSummary: Decodable {
    private enum CodingKeys: String, CodingKey {
        case raceID = "race_id"
        case raceName = "race_name"
        case raceNumber = "race_number"
        case meetingID = "meeting_id"
        case meetingName = "meeting_name"
        case categoryID = "category_id"
        case advertisedStart = "advertised_start"
        case raceForm = "race_form"
        case venueID = "venue_id"
        case venueName = "venue_name"
        case venueState = "venue_state"
        case venueCountry = "venue_country"
    }

    private enum StartKeys: String, CodingKey {
        case seconds
    }

    private enum FormKeys: String, CodingKey {
        case distance, weather
        case trackCondition = "track_condition"
    }

    /// Weather and track condition are objects; only their display name is kept.
    private struct Named: Decodable {
        let name: String?
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Required keys first, in the order of the SPEC, so the first error is the obvious one.
        let id = try container.decode(String.self, forKey: .raceID)
        let number = try container.decodeInteger(Int.self, forKey: .raceNumber)
        let meetingName = try container.decode(String.self, forKey: .meetingName)
        let categoryID = try container.decode(String.self, forKey: .categoryID)
        let start = try container.nestedContainer(keyedBy: StartKeys.self, forKey: .advertisedStart)
        let advertisedStart = try start.decodeInteger(Int64.self, forKey: .seconds)
        // Date arithmetic and formatting downstream assume a real calendar year.
        guard Self.advertisedStartRange.contains(advertisedStart) else {
            throw DecodingError.dataCorruptedError(
                forKey: .seconds, in: start,
                debugDescription: "advertised start \(advertisedStart) is out of range "
                    + "(expected Unix seconds within the years 0001 to 9999)")
        }

        var weather: String?
        var distance: Int?
        var trackCondition: String?
        if container.contains(.raceForm), try !container.decodeNil(forKey: .raceForm) {
            let form = try container.nestedContainer(keyedBy: FormKeys.self, forKey: .raceForm)
            weather = try form.decodeIfPresent(Named.self, forKey: .weather)?.name
            distance = try form.decodeIntegerIfPresent(Int.self, forKey: .distance)
            trackCondition = try form.decodeIfPresent(Named.self, forKey: .trackCondition)?.name
        }

        self.init(
            id: id,
            name: try container.decodeIfPresent(String.self, forKey: .raceName),
            number: number,
            meetingID: try container.decodeIfPresent(String.self, forKey: .meetingID),
            meetingName: meetingName,
            categoryID: categoryID,
            advertisedStart: advertisedStart,
            venueID: try container.decodeIfPresent(String.self, forKey: .venueID),
            venueName: try container.decodeIfPresent(String.self, forKey: .venueName),
            venueState: try container.decodeIfPresent(String.self, forKey: .venueState),
            venueCountry: try container.decodeIfPresent(String.self, forKey: .venueCountry),
            weather: weather,
            distance: distance,
            trackCondition: trackCondition
        )
    }
}
