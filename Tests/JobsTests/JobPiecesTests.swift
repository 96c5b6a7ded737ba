import Foundation
import XCTest
import GazetteCore
@testable import Jobs

/// A long job read a piece at a time (`JobPieces`) is the job read whole: the same reports, the
/// same lines in their origins, the same mistakes.
final class JobPiecesTests: XCTestCase {
    private let file = URL(fileURLWithPath: "/jobs/job.yml")

    /// A job of `count` reports, with comments, blank lines, a multi-line title and a key after the list.
    private func jobText(_ count: Int, indent: String = "  ", mistakeAt: Int? = nil) -> String {
        var text = "# the athletes\ntitle: Many\nnow: 2026-11-24T05:00:00Z\nreports:\n"
        for n in 1...count {
            text += "\(indent)- kind: workouts\n"
            text +=
                "\(indent)  title: \(n % 7 == 0 ? "|\n\(indent)    athlete\n\(indent)    number \(n)" : "athlete-\(n)")\n"
            if n % 5 == 0 { text += "\n# every fifth\n" }
            text += "\(indent)  input: logs/athlete-\(n).txt\n"
            if n == mistakeAt { text += "\(indent)  colour: blue\n" }
        }
        return text + "base-url: https://example.com/\n"
    }

    private func loader(piecesFrom: Int, pieceSize: Int = 4) -> JobFileLoader {
        var loader = JobFileLoader()
        loader.piecesFrom = piecesFrom
        loader.pieceSize = pieceSize
        return loader
    }

    func testPiecesGiveTheJobReadWhole() throws {
        for indent in ["  ", ""] {
            let text = jobText(23, indent: indent)
            let pieces = try XCTUnwrap(JobPieces(text, minimumItems: 1, itemsPerPiece: 4))
            XCTAssertEqual(pieces.itemCount, 23)
            XCTAssertEqual(pieces.count, 6)
            XCTAssertEqual(
                pieces.head.split(separator: "\n", omittingEmptySubsequences: false).count,
                text.split(separator: "\n", omittingEmptySubsequences: false).count, "every line kept")
            let whole = try loader(piecesFrom: .max).parse(text, file: file)
            let cut = try loader(piecesFrom: 1).parse(text, file: file)
            XCTAssertEqual(cut, whole)
            XCTAssertEqual(cut.reports.count, 23)
            XCTAssertEqual(cut.baseURL, "https://example.com/")
        }
    }

    func testAMistakeIsToldAsWhenReadWhole() throws {
        let text = jobText(23, mistakeAt: 17)
        func error(_ loader: JobFileLoader) -> String {
            do {
                _ = try loader.parse(text, file: file)
                return "no error"
            } catch {
                return error.description
            }
        }
        XCTAssertEqual(error(loader(piecesFrom: 1)), error(loader(piecesFrom: .max)))
        XCTAssertTrue(error(loader(piecesFrom: 1)).contains("colour"))
    }

    func testLayoutsNotCutAreReadWhole() {
        XCTAssertNil(JobPieces(jobText(10), minimumItems: 11), "too short")
        XCTAssertNil(JobPieces("x: &a 1\n" + jobText(10), minimumItems: 1), "an anchor")
        XCTAssertNil(JobPieces("---\n" + jobText(10), minimumItems: 1), "a document marker")
        XCTAssertNil(JobPieces("reports: [{kind: workouts}]\n", minimumItems: 1), "a flow list")
        XCTAssertNil(JobPieces(jobText(3) + "reports:\n  - kind: workouts\n", minimumItems: 1), "two lists")
        XCTAssertNil(JobPieces("reports:\n  - kind: workouts\n - kind: workouts\n", minimumItems: 1), "uneven items")
    }
}
