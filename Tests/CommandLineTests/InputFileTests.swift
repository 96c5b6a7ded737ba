import Foundation
import XCTest
import GazetteTestSupport

/// 2 of issue 23: an input that is not a regular file is an error naming it, in bounded time, and
/// the other reports are still built; `-` reads standard input; every input has one size limit.
final class InputFileTests: XCTestCase {
    private let line = "Oct 11 2017,Back Squat,1,5,102.5\n"

    private func gazette(_ arguments: [String], in folder: URL, input: URL? = nil) throws -> (
        status: Int32, output: String
    ) {
        try TestSupport.run(
            try TestSupport.gazette(), ["build", "--now", "1700000000"] + arguments, input: input, in: folder,
            timeout: 60)
    }

    func testAFIFOADeviceAndNullAreErrorsNamingThemAndTheOtherReportIsBuilt() throws {
        let folder = TestSupport.temporaryFolder()
        try FileManager.default.copyItem(
            at: TestSupport.fixture("credit-report.json"), to: folder.appendingPathComponent("credit.json"))
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("fifo").path, 0o600), 0)
        let cases = [
            ("fifo", "is a FIFO, not a regular file"), ("/dev/zero", "is a character device, not a regular file"),
            ("/dev/null", "is a character device, not a regular file")
        ]
        for (path, message) in cases {
            let started = Date()
            let result = try gazette(
                ["--workouts", path, "--credit-score", "credit.json", "--output", "out"], in: folder)
            XCTAssertLessThan(Date().timeIntervalSince(started), 30, "\(path): bounded time")
            XCTAssertEqual(result.status, 1, result.output)
            XCTAssertTrue(
                result.output.contains(
                    "\(path.hasPrefix("/") ? path : folder.appendingPathComponent(path).path): error: \(message)"),
                result.output)
            XCTAssertTrue(result.output.contains("give a file, or - to read standard input"), result.output)
            XCTAssertTrue(result.output.contains("Built 1 of 2 reports"), result.output)
            XCTAssertTrue(
                FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent("out/credit-score/index.html").path))
        }
    }

    func testADashReadsStandardInput() throws {
        let folder = TestSupport.temporaryFolder()
        let log = folder.appendingPathComponent("piped.txt")
        TestSupport.writeFile(line, to: log)
        let result = try gazette(["--workouts", "-", "--output", "out", "-q"], in: folder, input: log)
        XCTAssertEqual(result.status, 0, result.output)
        let page = TestSupport.read(folder.appendingPathComponent("out/workouts/back-squat.html"))
        XCTAssertTrue(page.contains("102.5 lb"), "the piped set")
        XCTAssertTrue(
            TestSupport.read(folder.appendingPathComponent("out/workouts/index.html")).contains("&lt;stdin&gt;"),
            "the page names standard input as <stdin>")
    }

    func testFilesAndStandardInputHaveTheURLsSizeLimitAndTheOptionRaisesIt() throws {
        let folder = TestSupport.temporaryFolder()
        let log = folder.appendingPathComponent("log.txt")
        TestSupport.writeFile(String(repeating: line, count: 40), to: log)  // 1,360 bytes
        let over = try gazette(["--workouts", "log.txt", "--max-input-size", "1K", "--output", "a"], in: folder)
        XCTAssertEqual(over.status, 1, over.output)
        XCTAssertTrue(
            over.output.contains(
                "\(log.path): error: is over the input limit of 1,024 bytes (raise it with --max-input-size)"),
            over.output)
        let piped = try gazette(["--workouts", "-", "--max-input-size", "1K", "--output", "b"], in: folder, input: log)
        XCTAssertEqual(piped.status, 1, piped.output)
        XCTAssertTrue(piped.output.contains("<stdin>: error: is over the input limit of 1,024 bytes"), piped.output)
        let raised = try gazette(["--workouts", "log.txt", "--max-input-size", "2K", "--output", "c", "-q"], in: folder)
        XCTAssertEqual(raised.status, 0, raised.output)
        let wrong = try gazette(["--workouts", "log.txt", "--max-input-size", "lots"], in: folder)
        XCTAssertEqual(wrong.status, 64, wrong.output)
    }
}
