import Foundation

/// A stream's `marketDefinition`: the market's venue, start, status and runners with their
/// status, BSP and adjustment factor. It replaces the definition before it whole.
enum BetfairStreamDefinition {
    static func read(_ definition: [String: Any], id: String, at path: String, _ line: BetfairLine)
        throws(RacingDecodingError) -> (market: BetfairMarket, type: String?)
    {
        let timeValue = definition["marketTime"] ?? definition["openDate"]
        guard let timeValue, !(timeValue is NSNull) else {
            throw line.error(path + ".marketTime", "missing required key")
        }
        guard let start = BetfairValues.instant(timeValue) else {
            throw line.error(
                path + (definition["marketTime"] != nil ? ".marketTime" : ".openDate"),
                "expected an ISO 8601 instant (2026-11-28T02:05:00.000Z), found \(line.kind(timeValue))")
        }
        var market = BetfairMarket(id: id)
        market.name = BetfairValues.text(definition["name"]) ?? BetfairValues.text(definition["marketName"])
        market.venue = BetfairValues.text(definition["venue"]) ?? BetfairValues.text(definition["eventName"])
        market.country = BetfairValues.text(definition["countryCode"])
        market.timezone = BetfairValues.text(definition["timezone"])
        market.eventID = BetfairValues.text(definition["eventId"])
        market.start = start
        market.status = BetfairValues.text(definition["status"])
        market.inPlay = BetfairValues.flag(definition["inPlay"])
        let runners = try line.array(definition["runners"] ?? [Any](), at: path + ".runners")
        for (index, runner) in runners.enumerated() {
            market.runners.append(try self.runner(runner, at: "\(path).runners[\(index)]", line))
        }
        return (market, BetfairValues.text(definition["marketType"])?.uppercased())
    }

    private static func runner(_ value: Any, at path: String, _ line: BetfairLine) throws(RacingDecodingError)
        -> BetfairRunner
    {
        let object = try line.object(value, at: path)
        var runner = BetfairRunner(id: try line.integer(object["id"], at: path + ".id"))
        runner.name = BetfairValues.text(object["name"])
        runner.sortPriority = BetfairValues.integer(object["sortPriority"]).map { Int(clamping: $0) }
        runner.status = BetfairValues.text(object["status"])?.uppercased()
        runner.bsp = try line.number(object["bsp"], at: path + ".bsp")
        runner.adjustmentFactor = try line.number(object["adjustmentFactor"], at: path + ".adjustmentFactor")
        return runner
    }
}
