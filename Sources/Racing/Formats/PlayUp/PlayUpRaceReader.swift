/// PlayUp's race as its JSON:API serves it (`wagering-api.playup.io/v1/races/{id}/?include=meeting,
/// selections.prices,…`): `data` of type `races`, its meeting and selections resolved through
/// `included`. docs/reference/inputs.md, "PlayUp's race".
public enum PlayUpRaceReader: RaceCardReader {
    public static let name = "playup"
    public static let shape = "PlayUp JSON:API race (data.type \"races\", data.attributes, included)"

    /// `data` holding a resource of type `races` is JSON:API, which no other format read is.
    public static func fit(_ input: RaceInput) -> FormatFit {
        let document = input.array?.first ?? input.json
        guard let data = FormatFit.value(at: "data", in: document) as? [String: Any], data["attributes"] != nil
        else { return .none }
        if data["type"] as? String == "races" { return .match }
        return FormatFit(score: 0.5, lacks: ["data.type"])
    }

    public static func decode(_ input: RaceInput, timeZone: String) throws(RacingDecodingError) -> RaceCard {
        RaceCard(
            races: try BookRace.decode(input.data) { root in
                try BookRace.races(root) { try PlayUpRace.race($0, timeZone: timeZone) }
            })
    }
}

/// One PlayUp race response read into a `Race`.
enum PlayUpRace {
    static func race(_ root: BookNode, timeZone: String) throws -> Race {
        let included = try PlayUpIncluded(root["included"])
        let data = root["data"]
        let attributes = data["attributes"]
        let seconds = try BookRace.instant(attributes.first("start_time", "start_time_timestamp"))
        let meetingNode = included.resolve(data["relationships"]["meeting"]["data"]) ?? attributes["meeting"]
        let meeting = meetingNode["attributes"].isObject ? meetingNode["attributes"] : meetingNode
        let start = BookRace.start(
            seconds, country: try code(meeting["country"]), state: try code(meeting["state"]), timeZone: timeZone)
        let references = try data["relationships"]["selections"]["data"].array()
        let selections = references.isEmpty ? included.all("selections") : references.compactMap(included.resolve)
        let rides = try selections.map { try PlayUpSelection.ride($0, included: included) }
        return Race(
            name: try attributes["name"].text() ?? "",
            course: try meeting["track"].name() ?? meeting["venue"].name() ?? meeting["name"].text(),
            distance: try BookRace.distance(attributes["distance"]), date: start.date, time: start.time,
            going: try attributes["track_condition"].name(), number: try attributes["race_number"].int(),
            rides: rides, status: try word(attributes["status"]).flatMap(RaceStatus.init(word:)),
            startInstant: seconds, zone: start.zone)
    }

    /// A value written as text or as an object with a `code` or `name` (`{"code": "AU"}`).
    static func code(_ node: BookNode) throws -> String? {
        node.isObject ? try node.first("code", "name").text() : try node.text()
    }

    /// A status written as text or as `{"id": 1, "name": "Open"}`: its name.
    static func word(_ node: BookNode) throws -> String? {
        node.isObject ? try node["name"].text() : try node.text()
    }
}

/// The `included` resources of a JSON:API document, found by `type` and `id`.
struct PlayUpIncluded {
    private var byKey: [String: BookNode] = [:]
    private var resources: [BookNode] = []

    init(_ node: BookNode) throws {
        resources = try node.array()
        for resource in resources {
            guard let type = try resource["type"].text(), let id = BookRace.id(resource["id"]) else { continue }
            byKey[type + "/" + id] = byKey[type + "/" + id] ?? resource
        }
    }

    /// The resource a relationship's `{"type", "id"}` names, when it is included.
    func resolve(_ reference: BookNode) -> BookNode? {
        guard case .string(let type)? = reference["type"].value, let id = BookRace.id(reference["id"]) else {
            return nil
        }
        return byKey[type + "/" + id]
    }

    /// Every included resource of `type`, in the document's order.
    func all(_ type: String) -> [BookNode] {
        resources.filter { $0["type"].value == .string(type) }
    }
}
