/// One Sportsbet selection (a runner of the `Win or Place` market): `runnerNumber`, `name`,
/// `drawNumber` (the barrier), `isOut` or `statusCode` `S` (scratched), `prices` by `priceCode`
/// (`L` the live fixed price, `SP` the starting price) and `result`, its place once placed (`-`
/// before).
struct SportsbetSelection {
    let ride: Ride
    let place: Int?

    init(_ node: BookNode) throws {
        let prices = try node["prices"].array()
        let live = try Self.price(prices, code: "L")
        let starting = try Self.price(prices, code: "SP")
        let code = try node["statusCode"].text()?.uppercased()
        let flucs = try node["recentOddsFluctuations"].array().compactMap { try BookRace.odds($0.number()) }
        ride = Ride(
            cloth: try node["runnerNumber"].requiredInt(),
            horse: Horse(name: try node["name"].requiredText()),
            form: Form(text: try node["shortForm"].text() ?? ""),
            odds: BookRace.odds(live) ?? .unpriced(text: ""),
            withdrawn: try node["isOut"].bool() == true || code == "S",
            barrier: try node.first("drawNumber", "barrierNumber").int(),
            jockey: try node["jockey"].name(), trainer: try node["trainer"].name(),
            flucs: flucs, startingPrice: BookRace.odds(starting))
        place = try Self.place(node.first("result", "resultedPosition"))
    }

    /// The `winPrice` of the price with `code`.
    private static func price(_ prices: [BookNode], code: String) throws -> Double? {
        for price in prices {
            if try price["priceCode"].text()?.uppercased() == code { return try price["winPrice"].number() }
        }
        return nil
    }

    /// A place from `1`, `"1"`; none for `-`, `""` or a word (`LS`).
    private static func place(_ node: BookNode) throws -> Int? {
        if case .string(let text)? = node.value {
            return Int(text.filter { !$0.isWhitespace }).flatMap { $0 >= 1 ? $0 : nil }
        }
        return try node.int().flatMap { $0 >= 1 ? $0 : nil }
    }
}
