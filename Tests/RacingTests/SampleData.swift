import Foundation
import XCTest

/// Reads a recorded input from the shared sample folder beside the repository
/// (`<repo>/../shared/data/`). Symlinks are resolved first so the path also holds when
/// the test sources are linked into another package.
func sampleData(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Data {
    let repositoryRoot = URL(fileURLWithPath: #filePath)
        .resolvingSymlinksInPath()
        .deletingLastPathComponent()  // RacingTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository root
    let url = repositoryRoot.appendingPathComponent("../shared/data/\(name)").standardizedFileURL
    do {
        return try Data(contentsOf: url)
    } catch {
        XCTFail("missing sample \(url.path): \(error)", file: file, line: line)
        throw error
    }
}
