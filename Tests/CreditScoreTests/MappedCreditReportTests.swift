import CreditScore
import Foundation
import JSONSupport
import XCTest

/// A credit report read through a `fields:` mapping from JSON of our own shape, its faults, and
/// the block guessed for a credit JSON with no `creditReportInfo` (docs/reference/inputs.md,
/// "Any other JSON").
final class MappedCreditReportTests: XCTestCase {
    private let document = Data(
        """
        {"profile": {"rating": {"current": 612, "range": {"low": 0, "high": 1000}, "grade": "Good"},
          "cards": {"used": 0.34}}}
        """.utf8)

    private let mapping = FieldMapping(paths: [
        "score": "profile.rating.current", "min": "profile.rating.range.low", "max": "profile.rating.range.high",
        "band": "profile.rating.grade", "utilisation": "profile.cards.used"
    ])

    func testAMappingReadsTheScoreItsRangeBandAndUtilisation() throws {
        let report = try MappedCreditReport.decode(document, mapping: mapping)
        XCTAssertEqual([report.score, report.minScore, report.maxScore], [612, 0, 1000])
        XCTAssertEqual(report.band, .good)
        // A fraction of 1 is a share: 0.34 is 34 %.
        XCTAssertEqual(report.percentageCreditUsed, 34)
        var unbanded = mapping
        unbanded.paths["band"] = nil
        // With no band, the score's fifth of the range: 612 of 0…1000 is the fourth, good.
        XCTAssertEqual(try MappedCreditReport.decode(document, mapping: unbanded).band, .good)
    }

    func testAFaultNamesTheMappingsKeyAndTheInputsKeyPath() {
        let text = String(decoding: document, as: UTF8.self).replacingOccurrences(of: "612", with: "\"high\"")
        XCTAssertThrowsError(try MappedCreditReport.decode(Data(text.utf8), mapping: mapping)) {
            XCTAssertEqual(
                ($0 as? CreditReportError)?.message,
                "fields.score: profile.rating.current: expected an integer, found a string")
            XCTAssertEqual(($0 as? CreditReportError)?.line, 1)
        }
        var missing = mapping
        missing.paths["max"] = "profile.rating.range.top"
        XCTAssertThrowsError(try MappedCreditReport.decode(document, mapping: missing)) {
            XCTAssertEqual(
                ($0 as? CreditReportError)?.message, "fields.max: profile.rating.range.top: missing required key")
        }
    }

    func testACreditJSONWithNoCreditReportInfoGetsAGuess() throws {
        let text = #"{"summary": {"score": 612, "minScore": 0, "maxScore": 1000, "scoreBand": 3}}"#
        let refused = try XCTUnwrap(refusal(Data(text.utf8)))
        let guessed = CreditFieldGuess.guessing(refused, in: Data(text.utf8))
        XCTAssertTrue(guessed.message.contains("`fields:` on the report in a job file"), guessed.message)
        let hint = try XCTUnwrap(guessed.hint)
        for line in [
            "    fields:", "score: summary.score", "min: summary.minScore", "max: summary.maxScore",
            "band: summary.scoreBand"
        ] {
            XCTAssertTrue(hint.contains(line), "\(line) not in\n\(hint)")
        }
        // A document that is ClearScore's with a fault of its own keeps its error.
        let other = CreditReportError(keyPath: "creditReportInfo.score", message: "missing required key")
        XCTAssertEqual(CreditFieldGuess.guessing(other, in: Data(text.utf8)), other)
    }

    private func refusal(_ data: Data) -> CreditReportError? {
        do {
            _ = try CreditReport.decode(from: data)
            return nil
        } catch {
            return error
        }
    }
}
