import Foundation
import GazetteTestSupport
import Racing
import XCTest

/// The bookmakers' race formats are told apart by shape: each fits its own fixture and no other
/// format's, nor the card, the Neds responses or the next-to-go feed.
final class BookmakerFormatFitTests: XCTestCase {
    private let own: [String: String] = [
        "pointsbet": "race-formats/pointsbet-race.json", "sportsbet": "race-formats/sportsbet-racecard.json",
        "playup": "race-formats/playup-race.json", "betmakers": "race-formats/betmakers-race.json"
    ]

    private let others = ["race-card.json", "race-card-neds.json", "race-card-neds-results.json", "next-to-go.json"]

    func testEachFitsItsOwnFixtureAlone() throws {
        let readers = RaceCardReaders.all.filter { own[$0.name] != nil }
        XCTAssertEqual(Set(readers.map { $0.name }), Set(own.keys))
        for reader in readers {
            for fixture in own.values.sorted() + others {
                let fit = reader.fit(RaceInput(try Fixture.data(fixture)))
                XCTAssertEqual(fit.isMatch, own[reader.name] == fixture, "\(reader.name) on \(fixture)")
            }
        }
    }

    /// Found by shape, each fixture is read by its own format.
    func testFoundByShape() throws {
        for (name, fixture) in own {
            let input = RaceInput(try Fixture.data(fixture))
            XCTAssertEqual(RaceCardReaders.all.first(where: { $0.fit(input).isMatch }).map { $0.name }, name, fixture)
        }
        for fixture in ["race-card-neds.json", "race-card-neds-results.json"] {
            let input = RaceInput(try Fixture.data(fixture))
            XCTAssertEqual(RaceCardReaders.all.first(where: { $0.fit(input).isMatch }).map { $0.name }, "neds", fixture)
        }
    }

    /// A near miss names what it lacks: a Neds-like `data.race` with a BetMakers start.
    func testNearMissNamesWhatItLacks() {
        let fit = BetMakersRaceReader.fit(RaceInput(Data(#"{"data": {"race": {"name": "R1"}}}"#.utf8)))
        XCTAssertFalse(fit.isMatch)
        XCTAssertEqual(fit.lacks, ["data.race.start_at"])
        let playUp = PlayUpRaceReader.fit(RaceInput(Data(#"{"data": {"type": "meetings", "attributes": {}}}"#.utf8)))
        XCTAssertEqual(playUp.lacks, ["data.type"])
    }

    /// An input no format reads is refused naming the closest format and what it lacked.
    func testUnknownShapeNamesTheClosestBookmaker() {
        let text = #"{"racecardEvent": {"name": "R1 Plate", "markets": []}}"#
        XCTAssertThrowsError(try RaceCardReaders.decode(Data(text.utf8), format: nil, timeZone: "UTC")) { error in
            let message = String(describing: error)
            // Close enough to be read as Sportsbet's: its first fault, then the shape named.
            XCTAssertTrue(message.contains("read as the closest shape, `format: sportsbet`"), message)
            XCTAssertTrue(message.contains("`racecardEvent.startTime`"), message)
            XCTAssertTrue(message.contains("the formats read (docs/reference/inputs.md describes each): "), message)
            XCTAssertTrue(message.contains(", pointsbet, "), message)
        }
    }
}
