import Foundation
import GazetteTestSupport
import XCTest

/// Reads a recorded input from the shared sample folder beside the repository
/// (`<repo>/../shared/data/`).
func sampleData(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Data {
    try SampleData.data(name, file: file, line: line)
}
