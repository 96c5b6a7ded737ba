import Crypto
import Foundation
import GazetteTestSupport
import XCTest

/// Issue 50: two builds at once into one output publish exactly one build's site, every round —
/// a failing report's kept pages included, and into an output that does not exist yet.
final class ConcurrentBuildTests: XCTestCase {
    /// Rounds of two racing builds: 30 by default (`GAZETTE_RACE_ROUNDS` for more or fewer). Each
    /// round is two whole builds of the unoptimized binary: 100 rounds took 2.5 minutes of every
    /// test run (CI runs the suite twice), so the default is a third of that.
    private var rounds: Int {
        Int(ProcessInfo.processInfo.environment["GAZETTE_RACE_ROUNDS"] ?? "") ?? 30
    }

    /// The two builds' clocks, as `--now` takes them (Unix seconds, which the manifest's
    /// `generatedAt` is).
    private let clocks = ["1699819200", "1699905600"]

    func testTwoBuildsAtOnceAlwaysPublishOneBuildsSite() throws {
        let folder = TestSupport.temporaryFolder()
        let gazette = try TestSupport.gazette()
        try FileManager.default.copyItem(
            at: TestSupport.fixture("credit-report.json"), to: folder.appendingPathComponent("credit.json"))
        try FileManager.default.copyItem(
            at: TestSupport.fixture("workouts.txt"), to: folder.appendingPathComponent("log.txt"))
        let card = folder.appendingPathComponent("card.json")
        try FileManager.default.copyItem(at: TestSupport.fixture("race-card.json"), to: card)
        let job = folder.appendingPathComponent("job.yml")
        try """
        title: Racing builds
        reports:
          - {kind: credit-score, input: credit.json}
          - {kind: workouts, title: Lifts, input: log.txt}
          - {kind: race-card, input: card.json}
        """.write(to: job, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("site")
        func build(_ now: String) throws -> Process {
            let process = Process()
            process.executableURL = gazette
            process.arguments = ["build", job.path, "--output", output.path, "--now", now, "--quiet", "--jobs", "1"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        // A good build first, so the race card has pages to keep; then its input breaks.
        let first = try build(clocks[0])
        first.waitUntilExit()
        XCTAssertEqual(first.terminationStatus, 0)
        let keptPages = try pages(of: "race-card", in: output)
        XCTAssertFalse(keptPages.isEmpty)
        try "[{\"race_summary\": 7}]".write(to: card, atomically: true, encoding: .utf8)
        var published: [String: Int] = [:]
        for round in 1...rounds {
            // Every tenth round starts with no output at all: the failing report gets its error page.
            let fresh = round % 10 == 0
            if fresh { try FileManager.default.removeItem(at: output) }
            let racing = try clocks.map(build)
            for process in racing { process.waitUntilExit() }
            XCTAssertEqual(racing.map(\.terminationStatus), [1, 1], "round \(round): each build fails one report")
            let clock = try assertOneBuildsSite(output, round: round)
            published[clock, default: 0] += 1
            if round < 10 {
                // Until an output starts afresh, the race card keeps the good build's pages (with
                // a notice of the failure), whichever build published.
                XCTAssertEqual(
                    try pages(of: "race-card", in: output).keys.sorted(), keptPages.keys.sorted(),
                    "round \(round): the kept pages")
            }
        }
        XCTAssertEqual(published.values.reduce(0, +), rounds, "\(published)")
    }

    /// The site in `output` is one build's whole: its manifest's clock is one of the two, every
    /// file the manifest and the records list is there with its digest, nothing else is, and every
    /// link of the front page finds its file. Returns the clock.
    private func assertOneBuildsSite(_ output: URL, round: Int) throws -> String {
        let manifest = try TestSupport.jsonObject(output.appendingPathComponent("manifest.json"))
        let clock = (manifest["generatedAt"] as? Int).map(String.init) ?? "?"
        XCTAssertTrue(clocks.contains(clock), "round \(round): manifest of \(clock)")
        var listed: [String: String] = [:]
        for file in manifest["files"] as? [[String: Any]] ?? [] {
            listed[file["path"] as! String] = file["sha256"] as? String
        }
        for report in manifest["reports"] as? [[String: Any]] ?? [] {
            let path = report["path"] as! String
            listed[path] = report["sha256"] as? String
            let record = try TestSupport.jsonObject(output.appendingPathComponent(path))
            for file in record["files"] as? [[String: Any]] ?? [] {
                listed[file["path"] as! String] = file["sha256"] as? String
            }
        }
        let present = Set(
            try FileManager.default.subpathsOfDirectory(atPath: output.path).filter { path in
                var folder: ObjCBool = false
                FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path, isDirectory: &folder)
                return !folder.boolValue
            })
        XCTAssertEqual(present.subtracting(listed.keys), ["manifest.json"], "round \(round): files no build listed")
        for (path, digest) in listed.sorted(by: { $0.key < $1.key }) {
            guard let data = FileManager.default.contents(atPath: output.appendingPathComponent(path).path) else {
                XCTFail("round \(round): \(path) is listed but missing")
                continue
            }
            let hex = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
            XCTAssertEqual(hex, digest, "round \(round): \(path) is not the listed file")
        }
        let index = TestSupport.read(output.appendingPathComponent("index.html"))
        let links = try NSRegularExpression(pattern: ##"(?:src|href|srcset)="([^"#:]+)""##)
            .matches(in: index, range: NSRange(index.startIndex..., in: index))
            .compactMap { Range($0.range(at: 1), in: index).map { String(index[$0]) } }
        for link in links where !link.hasPrefix("data:") {
            XCTAssertTrue(listed[link] != nil, "round \(round): the front page links \(link), which is not in the site")
        }
        return clock
    }

    /// A report's pages (its HTML files) with their bytes.
    private func pages(of slug: String, in output: URL) throws -> [String: Data] {
        let folder = output.appendingPathComponent(slug)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [:] }
        var pages: [String: Data] = [:]
        for name in names where name.hasSuffix(".html") {
            pages[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return pages
    }
}
