import Foundation
import GazetteTestSupport
import XCTest

/// Issue 50: "doubled quotes are read in linear time", held by a bound on work, not on time.
///
/// Work is counted as instructions by valgrind's callgrind (the same count for the same binary
/// and input, however busy the machine), running the parser alone (`WorkoutsParseBench`, which
/// links Workouts only) on a Strong file of one set whose note is one quoted field, read in 1 MiB
/// pieces as a build reads a file. What the program does besides (starting, the other rows) is
/// measured on an empty note and taken off.
final class DoubledQuoteWorkTests: XCTestCase {
    private func file(_ filler: UInt8, _ size: Int) throws -> URL {
        var bytes = Array(
            "Date,Exercise Name,Set Order,Weight,Weight Unit,Reps,Notes\n2024-01-01,Squat,1,100,kg,5,\"".utf8)
        bytes += [UInt8](repeating: filler, count: size)
        bytes += Array("\"\n2024-01-02,Squat,1,110,kg,2,\n".utf8)
        let url = TestSupport.temporaryFolder().appendingPathComponent("notes.csv")
        try Data(bytes).write(to: url)
        return url
    }

    /// The instructions the parser takes to read `file` (callgrind's `Collected`).
    private func instructions(_ valgrind: URL, _ program: URL, _ file: URL) throws -> Int {
        let run = try TestSupport.run(
            valgrind, ["--tool=callgrind", "--callgrind-out-file=/dev/null", program.path, file.path, "chunked", "1"])
        XCTAssertEqual(run.status, 0, run.output)
        let line = run.output.split(separator: "\n").first { $0.contains("Collected :") } ?? ""
        return Int(line.split(separator: " ").last ?? "") ?? 0
    }

    func testAFieldOfDoubledQuotesCostsAFixedMultipleOfAPlainOneAndGrowsLinearly() throws {
        let valgrind = try ToolOnPath.require("valgrind")
        let program = try TestSupport.builtProgram("WorkoutsParseBench")
        let megabyte = 1_000_000
        let base = try instructions(valgrind, program, file(UInt8(ascii: "a"), 0))
        let plain = try instructions(valgrind, program, file(UInt8(ascii: "a"), 4 * megabyte)) - base
        let doubled = try instructions(valgrind, program, file(UInt8(ascii: "\""), 4 * megabyte)) - base
        let twice = try instructions(valgrind, program, file(UInt8(ascii: "\""), 8 * megabyte)) - base
        let figures = "plain 4 MB \(plain), doubled 4 MB \(doubled), doubled 8 MB \(twice) instructions"
        XCTAssertGreaterThan(plain, 0, figures)
        // Doubled quotes are stepped over two bytes at a time where plain text is searched with
        // memchr: some 10× the work in a debug build, never more than 25× (read again from the
        // field's start at each piece, it was far more).
        XCTAssertLessThan(doubled, 25 * plain, figures)
        // Twice the field, about twice the work (linear: 2×; quadratic: 4×).
        XCTAssertLessThan(Double(twice), 2.5 * Double(doubled), figures)
        print("doubled quotes: \(figures)")
    }
}
