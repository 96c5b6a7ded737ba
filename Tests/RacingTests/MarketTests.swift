import Racing
import XCTest

/// The market memory's rules with figures worked by hand: 9/2 is a chance of 2/11 (18.18 %),
/// 4/1 1/5 (20 %), 5/2 2/7 (28.57 %), 2/1 1/3, 3/1 1/4, 5/1 1/6.
final class PriceListTests: XCTestCase {
    private func list(_ observations: [[String]], start: Int64 = 100) -> PriceList {
        var list = PriceList()
        for (index, texts) in observations.enumerated() {
            list.observe(texts.map(Odds.init(parsing:)), at: start + Int64(index) * 100)
        }
        return list
    }

    private func texts(_ list: PriceList) -> [String] { list.points.map(\.odds.text) }

    func testBuildsAddAPointOnlyWhenThePriceMoves() {
        let prices = list([["9/2"], ["4/1"], ["4/1"], ["5/2"]])
        XCTAssertEqual(texts(prices), ["9/2", "4/1", "5/2"])
        XCTAssertEqual(prices.points.map(\.at), [100, 200, 400])
        XCTAssertEqual(prices.opening?.text, "9/2")
        XCTAssertEqual(prices.now?.text, "5/2")
        // 2/7 − 2/11 = 8/77 = 10.3896… points.
        XCTAssertEqual(prices.moveSinceOpening!, 800.0 / 77, accuracy: 1e-9)
        // The latest build moved it from 4/1: 2/7 − 1/5 = 3/35 = 8.5714… points.
        XCTAssertEqual(prices.previous?.text, "4/1")
        XCTAssertEqual(prices.moveSincePrevious!, 300.0 / 35, accuracy: 1e-9)
    }

    func testABuildThatSawNoMoveLeavesTheListAndHasNoLatestMove() {
        let prices = list([["9/2"], ["5/2"], ["5/2"]])
        XCTAssertEqual(texts(prices), ["9/2", "5/2"])
        XCTAssertEqual(prices.addedByLatest, 0)
        XCTAssertEqual(prices.moveSincePrevious, 0)
    }

    func testOnePriceWrittenTwoWaysIsOnePoint() {
        XCTAssertEqual(texts(list([["5/2"], ["10/4"], ["3.5"]])), ["5/2"])
        XCTAssertTrue(Odds(parsing: "3.5").isSamePrice(as: Odds(parsing: "5/2")))
        XCTAssertFalse(Odds(parsing: "SP").isSamePrice(as: Odds(parsing: "SP")))
    }

    func testAPriceSeenAgainAfterAMoveIsAPoint() {
        XCTAssertEqual(texts(list([["3/1"], ["5/2"], ["3/1"]])), ["3/1", "5/2", "3/1"])
    }

    func testUnpricedValuesAreNoPrice() {
        let prices = list([["SP"], ["6/1"], [""], ["5/1"]])
        XCTAssertEqual(texts(prices), ["6/1", "5/1"])
    }

    func testFluctuationsAreTheHistoryWhenNoBuildSawOne() {
        let prices = list([["9/2", "4/1", "4/1", "5/2"]])
        XCTAssertEqual(texts(prices), ["9/2", "4/1", "5/2"])
        XCTAssertEqual(prices.points.map(\.at), [nil, nil, 100])
        // The latest move is the last fluctuation's, as a build before it would have seen.
        XCTAssertEqual(prices.previous?.text, "4/1")
    }

    func testFluctuationsAgreeingWithTheBuildsAddOnlyWhatIsNew() {
        let prices = list([["9/2"], ["9/2", "4/1"], ["9/2", "4/1", "7/2", "5/2"]])
        XCTAssertEqual(texts(prices), ["9/2", "4/1", "7/2", "5/2"])
        XCTAssertEqual(prices.points.map(\.at), [100, 200, nil, 300])
        XCTAssertEqual(prices.addedByLatest, 2)
    }

    func testFluctuationsTrimmedAtTheFrontStillLineUp() {
        let prices = list([["10/1", "8/1", "6/1"], ["8/1", "6/1", "5/1"]])
        XCTAssertEqual(texts(prices), ["10/1", "8/1", "6/1", "5/1"])
    }

    func testFluctuationsSharingNoStartAreMovesSince() {
        let prices = list([["10/1", "8/1"], ["3/1", "5/2"]])
        XCTAssertEqual(texts(prices), ["10/1", "8/1", "3/1", "5/2"])
    }

    func testBuildingOncePerFluctuationGivesTheSameFigures() {
        let flucs = ["12/1", "10/1", "8/1", "9/1", "7/1"]
        let once = list([flucs])
        let each = list(flucs.map { [$0] })
        XCTAssertEqual(texts(once), texts(each))
        XCTAssertEqual(once.opening, each.opening)
        XCTAssertEqual(once.previous, each.previous)
        XCTAssertEqual(once.moveSinceOpening, each.moveSinceOpening)
        XCTAssertEqual(once.moveSincePrevious, each.moveSincePrevious)
    }
}

final class RaceMarketTests: XCTestCase {
    private func ride(_ cloth: Int, _ name: String, _ odds: String, withdrawn: Bool = false) -> Ride {
        Ride(cloth: cloth, horse: Horse(name: name), odds: Odds(parsing: odds), withdrawn: withdrawn)
    }

    private func prices(_ observations: [String]) -> PriceList {
        var list = PriceList()
        for (index, text) in observations.enumerated() { list.observe([Odds(parsing: text)], at: Int64(index)) }
        return list
    }

    /// Five rides: A shortens 9/2 → 5/2, B drifts 2/1 → 3/1, C stays 5/1, D is a non-runner, E is
    /// unpriced.
    private var race: Race {
        Race(
            name: "Test Stakes", date: "2026-11-28", time: "13:05",
            rides: [
                ride(1, "Alder", "5/2"), ride(2, "Birch", "3/1"), ride(3, "Cedar", "5/1"),
                ride(4, "Dogwood", "7/2", withdrawn: true), ride(5, "Elm", "SP")
            ])
    }

    private var lists: [Int: PriceList] {
        [1: prices(["9/2", "5/2"]), 2: prices(["2/1", "3/1"]), 3: prices(["5/1"]), 4: prices(["7/2"])]
    }

    func testTheBookNowAndAtOpeningLeavesOutNonRunnersAndUnpriced() {
        let market = RaceMarket(race: race, prices: lists)
        // Now 2/7 + 1/4 + 1/6 = 59/84 = 70.238…%; at opening 2/11 + 1/3 + 1/6 = 15/22 = 68.18…%.
        XCTAssertEqual(market.percentage!, 5900.0 / 84, accuracy: 1e-9)
        XCTAssertEqual(market.openingPercentage!, 1500.0 / 22, accuracy: 1e-9)
        XCTAssertEqual(market.nonRunnersOut, 1)
    }

    func testSteamersAndDriftersSinceOpeningAndSinceTheLastBuild() {
        let market = RaceMarket(race: race, prices: lists)
        XCTAssertEqual(market.steamers.map(\.cloth), [1])
        XCTAssertEqual(market.steamers[0].points, 800.0 / 77, accuracy: 1e-9)
        XCTAssertEqual(market.drifters.map(\.cloth), [2])
        // 1/4 − 1/3 = −1/12: −8.33 points.
        XCTAssertEqual(market.drifters[0].points, -100.0 / 12, accuracy: 1e-9)
        XCTAssertEqual(market.latestSteamers.map(\.cloth), [1])
        XCTAssertEqual(market.latestDrifters.map(\.cloth), [2])
        XCTAssertEqual(market.biggestSteamer?.horse, "Alder")
    }

    func testTheThresholdDecidesWhoMoved() {
        // A 10.39-point steamer and an 8.33-point drifter: a 9-point threshold keeps only the steamer.
        let market = RaceMarket(race: race, prices: lists, threshold: 9)
        XCTAssertEqual(market.steamers.map(\.cloth), [1])
        XCTAssertEqual(market.drifters, [])
    }

    func testMoversAreRankedByTheMoveThenClothNumber() {
        let race = Race(
            name: "Rank", date: "2026-11-28", time: "14:00",
            rides: [ride(1, "One", "2/1"), ride(2, "Two", "2/1"), ride(3, "Three", "3/1")])
        let lists = [1: prices(["4/1", "2/1"]), 2: prices(["4/1", "2/1"]), 3: prices(["9/1", "3/1"])]
        let market = RaceMarket(race: race, prices: lists)
        // Three: 1/4 − 1/10 = 15 points; One and Two: 1/3 − 1/5 = 13.33 points each, by cloth.
        XCTAssertEqual(market.steamers.map(\.cloth), [3, 1, 2])
    }

    func testARaceWithoutListsIsTakenAtItsPricesNow() {
        let market = RaceMarket(race: race, prices: [:])
        XCTAssertEqual(market.percentage, market.openingPercentage)
        XCTAssertEqual(market.steamers, [])
        XCTAssertEqual(market.drifters, [])
    }

    func testNoPricedRunnerMeansNoBook() {
        let race = Race(name: "SP only", date: "2026-11-28", time: "15:00", rides: [ride(1, "One", "SP")])
        XCTAssertNil(RaceMarket(race: race, prices: [:]).percentage)
    }
}
