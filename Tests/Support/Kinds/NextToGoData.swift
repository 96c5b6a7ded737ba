import Reports
import XCTest

/// A next-to-go report's data as the tests read it.
package enum NextToGoData {
    /// "Palermo R11" for each race of a selection of the report's data.
    package static func selection(_ key: String, in data: NextToGoReportData) throws -> [String] {
        let races = try XCTUnwrap(data.selections[key], "no selection \(key)")
        return races.map { "\($0.meeting) R\($0.number)" }
    }
}
