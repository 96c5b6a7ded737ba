import Racing
import XCTest

/// Ordering rules on small hand-made races, including every tie-break.
final class RaceOrderingTests: XCTestCase {
    private func ride(
        _ cloth: Int, odds: String = "SP", form: String = "", withdrawn: Bool = false,
        name: String? = nil
    ) -> Ride {
        Ride(
            cloth: cloth, horse: Horse(name: name ?? "Horse \(cloth)"), form: Form(text: form),
            odds: Odds(parsing: odds), withdrawn: withdrawn)
    }

    private func race(_ rides: [Ride]) -> Race {
        Race(name: "Test", date: "2024-01-01", time: "12:00", rides: rides)
    }

    private func cloths(_ rides: [Ride]) -> [Int] { rides.map(\.cloth) }

    func testByOddsFavouriteFirstUnpricedLastTiesByCloth() {
        let race = race([
            ride(7, odds: "SP"), ride(5, odds: "7/1"), ride(2, odds: "14/2"), ride(9, odds: "EVS"),
            ride(1, odds: "garbage"), ride(4, odds: "3.0"), ride(3, odds: "2/1")
        ])
        // EVS 0.5; 3.0 and 2/1 both 1/3 (tie → cloth 3, 4); 14/2 and 7/1 both 1/8 (→ 2, 5).
        XCTAssertEqual(cloths(race.byOdds), [9, 3, 4, 2, 5, 1, 7])
        XCTAssertEqual(race.favourite?.cloth, 9)
    }

    func testEquivalentDecimalAndFractionalOddsTieExactly() {
        // 1.1 decimal is 10/11, the same chance as 1/10 fractional.
        let race = race([ride(8, odds: "1.1"), ride(2, odds: "1/10")])
        XCTAssertEqual(cloths(race.byOdds), [2, 8])
    }

    func testByFormScoredAscendingUnscoredLastTiesByCloth() {
        let race = race([
            ride(6, form: ""), ride(5, form: "22"), ride(4, form: "1"), ride(3, form: "-"),
            ride(2, form: "2"), ride(1, form: "")
        ])
        XCTAssertEqual(cloths(race.byForm), [4, 2, 5, 3, 1, 6])
    }

    func testFormTiesCompareTheRoundedScore() {
        // 1.3333 and 1.33 are both shown as 1.33, so they tie and cloth decides.
        let race = race([
            ride(2, form: "112"), ride(1, form: String(repeating: "1", count: 67) + String(repeating: "2", count: 33))
        ])
        XCTAssertEqual(race.rides.map { $0.form.scoreHundredths }, [133, 133])
        XCTAssertEqual(cloths(race.byForm), [1, 2])
    }

    func testByClothAscending() {
        let race = race([ride(10), ride(2), ride(33), ride(1)])
        XCTAssertEqual(cloths(race.byCloth), [1, 2, 10, 33])
    }

    func testRepeatedClothNumbersKeepInputOrder() {
        let race = race([
            ride(3, odds: "2/1", name: "First"), ride(3, odds: "4/2", name: "Second"),
            ride(1, name: "Third"), ride(3, odds: "2/1", name: "Fourth")
        ])
        XCTAssertEqual(race.byOdds.map(\.horse.name), ["First", "Second", "Fourth", "Third"])
        XCTAssertEqual(race.byForm.map(\.horse.name), ["Third", "First", "Second", "Fourth"])
        XCTAssertEqual(race.byCloth.map(\.horse.name), ["Third", "First", "Second", "Fourth"])
    }

    func testNonRunnersTakeNoPartAndAreListedByCloth() {
        let race = race([
            ride(4, odds: "EVS", form: "1", withdrawn: true), ride(2, odds: "5/1", form: "3"),
            ride(9, odds: "1/5", form: "11", withdrawn: true), ride(1, odds: "6/1", form: "4")
        ])
        XCTAssertEqual(cloths(race.runners), [2, 1])
        XCTAssertEqual(cloths(race.nonRunners), [4, 9])
        XCTAssertEqual(cloths(race.byOdds), [2, 1])
        XCTAssertEqual(cloths(race.byForm), [2, 1])
        XCTAssertEqual(cloths(race.byCloth), [1, 2])
        XCTAssertEqual(race.favourite?.cloth, 2)
    }

    func testNoFavouriteWhenNoRunnerIsPriced() {
        XCTAssertNil(race([ride(1, odds: "SP"), ride(2, odds: "5/0")]).favourite)
        XCTAssertNil(race([ride(1, odds: "2/1", withdrawn: true)]).favourite)
        XCTAssertNil(race([]).favourite)
    }

    func testRunnersKeepInputOrder() {
        let race = race([ride(5), ride(1, withdrawn: true), ride(3)])
        XCTAssertEqual(cloths(race.runners), [5, 3])
    }
}
