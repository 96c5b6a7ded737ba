/// One PlayUp selection (an included `selections` resource): `number`, `name`, `jockey`,
/// `trainer`, `barrier`, `status` and its `prices`, included resources of their own whose
/// `bet_type` `Win` and `product` `Fixed Price` is the price now (`d_price`).
enum PlayUpSelection {
    static func ride(_ node: BookNode, included: PlayUpIncluded) throws -> Ride {
        let attributes = node["attributes"]
        let prices = try node["relationships"]["prices"]["data"].array().compactMap(included.resolve)
        return Ride(
            cloth: try attributes.first("number", "runner_number").requiredInt(),
            horse: Horse(name: try attributes["name"].requiredText()),
            odds: BookRace.odds(try winPrice(prices)) ?? .unpriced(text: ""),
            withdrawn: try scratched(attributes["status"]),
            barrier: try attributes.first("barrier", "barrier_number").int(),
            jockey: try attributes["jockey"].name(), trainer: try attributes["trainer"].name(),
            flucs: try flucs(attributes["display_price_flucs"]))
    }

    /// Scratched: a status named `Scratched` (or `Late Scratched`); with no name, an `id` other
    /// than 1 (the active selection's).
    static func scratched(_ status: BookNode) throws -> Bool {
        if let name = try PlayUpRace.word(status) { return name.lowercased().contains("scratch") }
        guard let id = try status["id"].int() else { return false }
        return id != 1
    }

    /// The fixed win price: a `Win` bet type (`id` 2) in the `Fixed Price` product, else any `Win`.
    private static func winPrice(_ prices: [BookNode]) throws -> Double? {
        var anyWin: Double?
        for price in prices {
            let attributes = price["attributes"]
            let betType = attributes["bet_type"]
            let isWin = try PlayUpRace.word(betType)?.lowercased() == "win" || betType["id"].int() == 2
            guard isWin, let amount = try attributes["d_price"].number() else { continue }
            let product = try PlayUpRace.word(attributes["product"])?.lowercased() ?? ""
            if product.contains("fixed") { return amount }
            anyWin = anyWin ?? amount
        }
        return anyWin
    }

    /// `display_price_flucs` when it is a list of prices (numbers, or objects with `price`); its
    /// shape is not described anywhere public, so anything else is left unread.
    private static func flucs(_ node: BookNode) throws -> [Odds] {
        guard case .array? = node.value else { return [] }
        return try node.array().compactMap { entry in
            entry.isObject
                ? try BookRace.odds(entry.first("price", "d_price").number()) : try BookRace.odds(entry.number())
        }
    }
}
