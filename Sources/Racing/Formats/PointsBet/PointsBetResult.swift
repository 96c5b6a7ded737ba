import Foundation

/// A PointsBet race's placings and what its winners paid. Placings come from `results.winners`
/// (`finalPlacing` with the runner's `sequence` or its outcome's id), else from the runners'
/// own `position`, else from `placing` (outcome ids in finishing order, `"11,14,12"`). A fixed-odds
/// book pays its prices: a winner's `outcome.fixedPrices` `WIN` is its Win dividend and `PLC` its
/// Place dividend, in the `Fixed` pool.
struct PointsBetResult {
    var placings: [Placing] = []
    var dividends: [Dividend] = []

    init(_ node: BookNode, runners: [PointsBetRunner]) throws {
        let byID = Dictionary(
            runners.compactMap { r in r.id.map { ($0, r.ride.cloth) } }, uniquingKeysWith: { a, _ in a })
        for winner in try node["results"]["winners"].array() {
            try read(winner, byID: byID)
        }
        if placings.isEmpty {
            placings = runners.compactMap { r in r.position.map { Placing(place: $0, cloth: r.ride.cloth, name: "") } }
        }
        if placings.isEmpty, let order = try node["placing"].text() {
            let ids = order.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            placings = ids.enumerated().compactMap { place, id in
                byID[id].map { Placing(place: place + 1, cloth: $0, name: "") }
            }
        }
    }

    private mutating func read(_ winner: BookNode, byID: [String: Int]) throws {
        let placeNode = winner.first("finalPlacing", "placing", "position")
        let place = try placeNode.requiredInt()
        guard place >= 1 else {
            throw RacingDecodingError(keyPath: placeNode.path, message: "expected a place of 1 or more, found \(place)")
        }
        let outcome = winner.first("outcome", "entrant")
        let id = BookRace.id(outcome.first("outcomeId", "id")) ?? BookRace.id(winner["outcomeId"])
        guard let cloth = try winner.first("sequence", "number").int() ?? id.flatMap({ byID[$0] }) else {
            throw RacingDecodingError(keyPath: winner.path, message: "names no runner of the race")
        }
        placings.append(
            Placing(place: place, cloth: cloth, name: try outcome.first("outcomeName", "name").text() ?? ""))
        if place == 1, let win = try PointsBetRunner.price(outcome, codes: ["WIN"])?["price"].number(), win > 0 {
            dividends.append(Dividend(product: "Win", pool: "Fixed", amount: win, runners: [cloth]))
        }
        if let place = try PointsBetRunner.price(outcome, codes: ["PLC", "PLACE"])?["price"].number(), place > 0 {
            dividends.append(Dividend(product: "Place", pool: "Fixed", amount: place, runners: [cloth]))
        }
    }
}
