import Foundation
import GazetteTestSupport
import Racing
import XCTest

/// The race inputs in `Tests/Fixtures/` a format's fit must not take for its own.
enum FormatFixtures {
    static let others = [
        "race-card.json", "race-card-neds.json", "race-card-neds-results.json", "next-to-go.json",
        "next-to-go-invalid-body.json", "credit-report.json"
    ]

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: TestSupport.fixture(name))
    }

    static func formatData(_ name: String) throws -> Data {
        try data("race-formats/" + name)
    }

    /// The error a decode throws, or a failure when it throws none.
    static func error(
        file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> Void
    ) -> RacingDecodingError? {
        do {
            try body()
            XCTFail("expected a decoding error", file: file, line: line)
        } catch {
            XCTAssertTrue(error is RacingDecodingError, "\(error)", file: file, line: line)
            return error as? RacingDecodingError
        }
        return nil
    }
}
