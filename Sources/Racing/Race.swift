/// One race of a card: its summary and its rides in input order.
public struct Race: Equatable, Sendable {
    public var name: String
    public var course: String?
    /// Distance as text, e.g. `6f 110y`.
    public var distance: String?
    /// `YYYY-MM-DD`.
    public var date: String
    /// `HH:MM`.
    public var time: String
    public var rideCount: Int?
    public var stage: String?
    public var going: String?
    public var hasHandicap: Bool?
    public var hidden: Bool?
    /// Age condition text, e.g. `3YO plus`.
    public var age: String?
    /// The race's number in its meeting, where the input gives one (the Neds API does).
    public var number: Int?
    /// The weather at the course, where the input gives it.
    public var weather: String?
    public var rides: [Ride]
    /// The status the input states, if it states one with a rule (`RaceStatus`).
    public var status: RaceStatus?
    /// The start as Unix seconds, when the input gives an instant (a card gives a time of day).
    public var startInstant: Int64?
    /// The IANA zone the meeting is in (`Australia/Sydney`), when the input says where the meeting
    /// is: then `date` and `time` are written in it. Nil: they are in the readers' zone.
    public var zone: String?
    /// The placings and dividends, when the input carries them.
    public var result: RaceResult?

    public init(
        name: String, course: String? = nil, distance: String? = nil, date: String, time: String,
        rideCount: Int? = nil, stage: String? = nil, going: String? = nil, hasHandicap: Bool? = nil,
        hidden: Bool? = nil, age: String? = nil, number: Int? = nil, weather: String? = nil, rides: [Ride],
        status: RaceStatus? = nil, startInstant: Int64? = nil, result: RaceResult? = nil, zone: String? = nil
    ) {
        self.name = name
        self.course = course
        self.distance = distance
        self.date = date
        self.time = time
        self.rideCount = rideCount
        self.stage = stage
        self.going = going
        self.hasHandicap = hasHandicap
        self.hidden = hidden
        self.age = age
        self.number = number
        self.weather = weather
        self.rides = rides
        self.status = status ?? stage.flatMap(RaceStatus.init(word:))
        self.startInstant = startInstant
        self.result = result
        self.zone = zone
    }
}

// MARK: - Orderings

extension Race {
    /// Rides that will run, in input order.
    public var runners: [Ride] { rides.filter { !$0.withdrawn } }

    /// Withdrawn rides, by cloth number.
    public var nonRunners: [Ride] {
        Self.sorted(rides.enumerated().filter { $0.element.withdrawn }) { _, _ in .same }
    }

    /// Highest implied probability first; unpriced rides last; ties by cloth number.
    public var byOdds: [Ride] {
        sortedRunners { lhs, rhs in
            switch (lhs.odds.probability, rhs.odds.probability) {
            case let (left?, right?): return Tiebreak.compare(right, left)  // descending
            case (.some, nil): return .before
            case (nil, .some): return .after
            case (nil, nil): return .same
            }
        }
    }

    /// Best (lowest) form score first; rides without form last; ties by cloth number.
    public var byForm: [Ride] {
        sortedRunners { lhs, rhs in
            switch (lhs.form.scoreHundredths, rhs.form.scoreHundredths) {
            case let (left?, right?): return Tiebreak.compare(left, right)
            case (.some, nil): return .before
            case (nil, .some): return .after
            case (nil, nil): return .same
            }
        }
    }

    /// Cloth number ascending.
    public var byCloth: [Ride] {
        sortedRunners { _, _ in .same }
    }

    /// The first runner by odds, provided it has a price; nil when no runner is priced.
    public var favourite: Ride? {
        guard let first = byOdds.first, first.odds.isPriced else { return nil }
        return first
    }

    private func sortedRunners(by primary: (Ride, Ride) -> Tiebreak) -> [Ride] {
        Self.sorted(rides.enumerated().filter { !$0.element.withdrawn }, by: primary)
    }

    /// Sorts by `primary`, then cloth number, then input position, so every ordering is
    /// total and never depends on the sort algorithm.
    private static func sorted(
        _ rides: [(offset: Int, element: Ride)],
        by primary: (Ride, Ride) -> Tiebreak
    ) -> [Ride] {
        rides.sorted { lhs, rhs in
            Tiebreak.chain(
                primary(lhs.element, rhs.element),
                Tiebreak.compare(lhs.element.cloth, rhs.element.cloth),
                Tiebreak.compare(lhs.offset, rhs.offset)
            ) == .before
        }.map(\.element)
    }
}
