import CreditScore
import XCTest

final class ScoreBandTests: XCTestCase {
    func testKnownBandsInOrderWithTheirNames() {
        XCTAssertEqual(ScoreBand.known, [.veryPoor, .poor, .fair, .good, .excellent])
        XCTAssertEqual(ScoreBand.known.map(\.name), ["Very poor", "Poor", "Fair", "Good", "Excellent"])
    }

    func testRawBandsZeroToFourAreKnown() {
        for raw in 0...4 {
            let band = ScoreBand(rawBand: raw)
            XCTAssertEqual(band, ScoreBand.known[raw])
            XCTAssertEqual(band.index, raw)
            XCTAssertEqual(band.rawBand, raw)
        }
    }

    func testOtherRawBandsAreUnknown() {
        for raw in [-1, 5, 7, Int.max] {
            let band = ScoreBand(rawBand: raw)
            XCTAssertEqual(band, .unknown(raw))
            XCTAssertNil(band.index)
            XCTAssertEqual(band.rawBand, raw)
            XCTAssertEqual(band.name, "Unknown band")
        }
    }

    func testDecodedUnknownBandIsShownAsUnknownWithWarning() throws {
        let report = try CreditReport.decode(from: Fixtures.document(["scoreBand": "7"]))
        XCTAssertEqual(report.band, .unknown(7))
        XCTAssertEqual(report.band.name, "Unknown band")
        XCTAssertEqual(report.warnings, ["score band 7 is not one of 0–4; shown as Unknown band"])
    }
}
