/// One PointsBet runner: `runners[i]` as served now (`number`, `runnerName`, `isScratched`,
/// `fluctuations`) or `outcomes[i]` as older responses serve it (`outcomeId`, `outcomeName`,
/// `scratched`, `fixedPrices`, `deduction`). Both are read.
struct PointsBetRunner {
    let ride: Ride
    /// The runner's id (`outcomeId`), which results and `placing` name runners by.
    let id: String?
    /// Its finishing place, where the runner carries one.
    let position: Int?

    init(_ node: BookNode) throws {
        let win = try Self.winPrice(node)
        let deduction = node.first("deduction", "deductions")
        let deductions = Deductions(
            win: try deduction["win"].number(), place: try deduction.first("place1", "place").number())
        ride = Ride(
            cloth: try node.first("number", "runnerNumber", "sequence").requiredInt(),
            horse: Horse(name: try node.first("runnerName", "outcomeName", "name").requiredText()),
            odds: BookRace.odds(try win?["price"].number() ?? node["fluctuations"]["current"].number())
                ?? .unpriced(text: ""),
            withdrawn: try node.first("isScratched", "scratched").bool() ?? false,
            barrier: try node.first("barrierBox", "barrier").int(),
            jockey: try node["jockey"].name(), trainer: try node["trainer"].name(),
            flucs: try Self.flucs(node, win: win),
            lateScratching: !deductions.isEmpty, deductions: deductions.isEmpty ? nil : deductions)
        id = BookRace.id(node.first("outcomeId", "runnerId", "id"))
        position = try node.first("finishPosition", "position").int().flatMap { $0 >= 1 ? $0 : nil }
    }

    /// The fixed win price entry of `fixedPrices` (`marketTypeCode` or `betType` `WIN`).
    static func winPrice(_ node: BookNode) throws -> BookNode? {
        try price(node, codes: ["WIN"])
    }

    /// The entry of `fixedPrices` whose market is one of `codes`.
    static func price(_ node: BookNode, codes: Set<String>) throws -> BookNode? {
        for entry in try node["fixedPrices"].array() {
            let code = try entry.first("marketTypeCode", "betType").text()?.uppercased() ?? ""
            if codes.contains(code) { return entry }
        }
        return nil
    }

    /// The win price's history, oldest first (`flucs[].price`), else its opening price alone.
    private static func flucs(_ node: BookNode, win: BookNode?) throws -> [Odds] {
        guard let win else { return try BookRace.odds(node["fluctuations"]["open"].number()).map { [$0] } ?? [] }
        let history = try win["flucs"].array().compactMap { try BookRace.odds($0["price"].number()) }
        if !history.isEmpty { return history }
        return try BookRace.odds(win["openPrice"].number()).map { [$0] } ?? []
    }
}
