import Deterministic
import Foundation
import GazetteCore
import XCTest
@testable import Jobs

/// A report's inputs and place are held compactly (`ReportSpec.SourceList`, `ReportSpec.Origin`)
/// and read back as they were given, whatever their shape.
final class ReportSpecStorageTests: XCTestCase {
    func testSourcesComeBackAsGiven() {
        let one = Source.file(path: "/logs/a.txt")
        let two = Source.url(URL(string: "https://example.com/b.json")!)
        for sources in [[], [one], [one, two], [two, one, one]] {
            var spec = ReportSpec(kind: .workouts, sources: sources)
            XCTAssertEqual(spec.sources, sources)
            spec.sources.append(two)
            XCTAssertEqual(spec.sources, sources + [two])
        }
        XCTAssertEqual(ReportSpec.SourceList([one]), .one(one))
        XCTAssertNotEqual(
            ReportSpec(kind: .workouts, sources: [one]), ReportSpec(kind: .workouts, sources: [one, one]))
    }

    func testEveryPlaceComesBackAsGiven() {
        let places: [ErrorLocation] = [
            .none,
            .text(path: "/jobs/job.yml", line: 4, column: 5, sourceLine: "  - kind: workouts"),
            .text(path: "/jobs/job.yml", line: 4, column: 5, sourceLine: nil),
            .text(path: "/jobs/job.yml", line: 4, column: 500, sourceLine: "x", cut: LineCut(start: 400, length: 900)),
            .text(path: "/jobs/job.yml", line: Int(Int32.max) + 1, column: 1, sourceLine: "y"),
            .json(path: "/jobs/job.json", keyPath: "reports[2]"),
            .file("/jobs/job.yml")
        ]
        for place in places {
            var spec = ReportSpec(kind: .workouts, sources: [])
            spec.origin = place
            XCTAssertEqual(spec.origin, place)
        }
        var first = ReportSpec(kind: .workouts, sources: [])
        var second = first
        first.origin = places[1]
        second.origin = places[2]
        XCTAssertNotEqual(first, second)
        second.origin = places[1]
        XCTAssertEqual(first, second)
        guard case .text = ReportSpec.Origin(places[1]) else { return XCTFail("a text place is held inline") }
    }
}
