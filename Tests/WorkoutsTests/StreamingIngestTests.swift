import XCTest
@testable import Workouts

final class StreamingIngestTests: XCTestCase {
    private let log =
        "\u{FEFF}Oct 11 2017,Back Squat,1,10,45\r\nOct 11 2017,Back Squat,1,5,185\n\nOct 12 2017,Deadlift,1,3,300\nOct 13 2017,Deadlift,1,2,310"

    func testPiecesOfAnySizeGiveTheSameSummaryAsTheWholeFile() throws {
        var whole = OneRepMaxAggregator()
        try whole.ingest(log, file: "a.txt")
        let bytes = Array(log.utf8)
        for size in [1, 2, 3, 7, 16, 40, bytes.count] {
            let pieces = stride(from: 0, to: bytes.count, by: size).map {
                Array(bytes[$0..<min($0 + size, bytes.count)])
            }
            var streamed = OneRepMaxAggregator()
            try streamed.ingest(chunks: pieces, file: "a.txt")
            XCTAssertEqual(streamed.summary(), whole.summary(), "pieces of \(size) bytes")
        }
    }

    func testLineNumbersRunOnAcrossPieces() {
        let bad = "Oct 11 2017,Back Squat,1,10,45\nOct 11 2017,Back Squat,1,10,45\nOct 11 2017,Back Squat,x,10,45\n"
        let bytes = Array(bad.utf8)
        var aggregator = OneRepMaxAggregator()
        XCTAssertThrowsError(try aggregator.ingest(chunks: [Array(bytes[0..<20]), Array(bytes[20...])], file: "b.txt"))
        { error in
            let error = error as! WorkoutLogError
            XCTAssertEqual(error.line, 3)
            XCTAssertEqual(error.column, 24)
        }
        XCTAssertEqual(aggregator.summary().setCount, 0, "a failed file leaves nothing behind")
    }

    func testTheSampleLogStreamedGivesTheOracleFigures() throws {
        let bytes = [UInt8](try sampleData("workouts_582_lines.txt"))
        let pieces = stride(from: 0, to: bytes.count, by: 1000).map { Array(bytes[$0..<min($0 + 1000, bytes.count)]) }
        var aggregator = OneRepMaxAggregator()
        try aggregator.ingest(chunks: pieces, file: "workouts_582_lines.txt")
        let summary = aggregator.summary()
        XCTAssertEqual(summary.dailyRecordCount, 88)
        XCTAssertEqual(summary.exercises.first?.best?.oneRepMax ?? 0, 310.9091, accuracy: 0.0001)
    }
}
