/// The results of the demo's races, written for Gazette: each race's placings (race 2 has a dead
/// heat for third) and dividends, a fixed-odds win and place for the placed runners and one tote
/// exotic, in the Neds API's shapes that a card may carry.
struct DemoRaceResults {
    /// The race's name, as the card writes it.
    let race: String
    /// Cloth numbers by place: `[[2], [4], [1, 3]]` is a dead heat for third.
    let places: [[Int]]
    /// The win dividend of the winner.
    let win: String
    /// Each placed runner's place dividend, by cloth number.
    let place: [Int: String]
    /// One exotic: its product, runners in finishing order and dividend.
    let exotic: (product: String, runners: [Int], dividend: String)

    /// `"results": […], "dividends": […]`.
    var json: String {
        var placings: [String] = []
        for (index, cloths) in places.enumerated() {
            for cloth in cloths {
                let margin = index == 0 ? "" : ", \"margin_length\": \(Double(index) * 0.75)"
                placings.append("{\"position\": \(index + 1), \"runner_number\": \(cloth)\(margin)}")
            }
        }
        var dividends = [dividend("Win", "Fixed", win, [places[0][0]])]
        for cloths in places {
            for cloth in cloths { dividends.append(dividend("Place", "Fixed", place[cloth] ?? "1.00", [cloth])) }
        }
        dividends.append(dividend(exotic.product, "Tote", exotic.dividend, exotic.runners))
        return
            "\"results\": [\(placings.joined(separator: ", "))], \"dividends\": [\(dividends.joined(separator: ", "))]"
    }

    private func dividend(_ product: String, _ pool: String, _ amount: String, _ runners: [Int]) -> String {
        let positions = runners.enumerated().map { "{\"runner_number\": \($1), \"position\": \($0 + 1)}" }
        return "{\"product_name\": \"\(product)\", \"tote\": \"\(pool)\", \"dividend\": \(amount), "
            + "\"status\": \"Paid\", \"positions\": [\(positions.joined(separator: ", "))]}"
    }

    /// One per race, in the card's order.
    static let all = [
        DemoRaceResults(
            race: "Kestrel Downs Maiden Stakes", places: [[1], [5], [2]], win: "3.50",
            place: [1: "1.60", 5: "1.40", 2: "1.90"], exotic: ("Exacta", [1, 5], "9.80")),
        DemoRaceResults(
            race: "Meadowlark Handicap", places: [[2], [4], [1, 3]], win: "2.00",
            place: [2: "1.20", 4: "2.10", 1: "1.70", 3: "3.20"], exotic: ("Quinella", [2, 4], "7.40")),
        DemoRaceResults(
            race: "Foxglove Novices' Hurdle", places: [[3], [2], [1]], win: "6.00",
            place: [3: "2.20", 2: "1.30", 1: "1.50"], exotic: ("Exacta", [3, 2], "21.40")),
        DemoRaceResults(
            race: "Heron's Reach Selling Stakes", places: [[2], [5], [7]], win: "2.88",
            place: [2: "1.40", 5: "1.80", 7: "2.50"], exotic: ("Exacta", [2, 5], "11.20")),
        DemoRaceResults(
            race: "Kestrel Downs Cup (Handicap)", places: [[5], [1], [9]], win: "4.50",
            place: [5: "1.90", 1: "1.70", 9: "2.80"], exotic: ("Trifecta", [5, 1, 9], "96.30")),
        DemoRaceResults(
            race: "Larkspur Fillies' Stakes", places: [[1], [5], [2]], win: "1.91",
            place: [1: "1.10", 5: "1.80", 2: "1.60"], exotic: ("Exacta", [1, 5], "8.60")),
        DemoRaceResults(
            race: "Wrenwood Claiming Stakes", places: [[3], [2], [5]], win: "5.00",
            place: [3: "1.90", 2: "1.30", 5: "1.60"], exotic: ("Exacta", [3, 2], "14.90")),
        DemoRaceResults(
            race: "Last Light Handicap", places: [[2], [3], [1]], win: "3.50",
            place: [2: "1.50", 3: "1.70", 1: "2.10"], exotic: ("Trifecta", [2, 3, 1], "41.70"))
    ]
}
