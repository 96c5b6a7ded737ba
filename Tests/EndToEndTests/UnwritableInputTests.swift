import Foundation
import GazetteTestSupport
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Issue 50: NUL, ESC, C1 controls, DEL, noncharacters and lone surrogates in any kind's text
/// reach no output file raw. Every file of the site, in every channel, is read by a strict
/// parser: SVG and Atom as XML, JSON as JSON, HTML and e-mail scanned for what HTML and XML
/// forbid. Every report still builds.
final class UnwritableInputTests: XCTestCase {
    /// As JSON escapes: NUL, ESC and a colour code, U+0085 (C1), DEL, U+FFFE, U+FDD0, and U+1FFFF
    /// written as a surrogate pair. (A lone surrogate is refused at its place: tested below.)
    private static let escapes = #"\u0000\u001b[31m\u0085\u007f\ufffe\ufdd0\ud83f\udfff"#
    /// As raw bytes in a line-format log (which refuses C0 and C1 controls and invalid UTF-8, such
    /// as a surrogate's bytes, at their place): U+FFFE and U+FDD0.
    private static let rawBytes: [UInt8] = [0xEF, 0xBF, 0xBE, 0xEF, 0xB7, 0x90]

    /// The fixture with `escapes` added to the value of every key named.
    private func tainted(_ fixture: String, keys: [String], escapes: String = escapes) throws -> String {
        var text = TestSupport.read(TestSupport.fixture(fixture))
        for key in keys {
            let pattern = try NSRegularExpression(pattern: "(\"\(key)\"\\s*:\\s*\")([^\"]*)\"")
            let range = NSRange(text.startIndex..., in: text)
            text = pattern.stringByReplacingMatches(
                in: text, range: range, withTemplate: "$1$2 \(NSRegularExpression.escapedTemplate(for: escapes))\"")
        }
        return text
    }

    private func site(_ arguments: [String]) throws -> URL {
        let folder = TestSupport.temporaryFolder()
        try tainted("credit-report.json", keys: ["equifaxScoreBandDescription", "personaType", "dashboardStatus"])
            .write(to: folder.appendingPathComponent("credit.json"), atomically: true, encoding: .utf8)
        try tainted("race-card.json", keys: ["name", "course_name", "going", "age", "distance"])
            .write(to: folder.appendingPathComponent("card.json"), atomically: true, encoding: .utf8)
        try tainted("next-to-go.json", keys: ["meeting_name", "race_name", "venue_name", "venue_state"])
            .write(to: folder.appendingPathComponent("next.json"), atomically: true, encoding: .utf8)
        var log = Data("Nov 12 2023,Dead".utf8) + Data(Self.rawBytes) + Data("lift,1,5,185\n".utf8)
        log += Data("Nov 14 2023,Dead".utf8) + Data(Self.rawBytes) + Data("lift,1,3,200\n".utf8)
        try log.write(to: folder.appendingPathComponent("log.txt"))
        try (Data("Nov 12 2023,Squat".utf8) + Data([0x00, 0x1B]) + Data(",1,5,185\n".utf8))
            .write(to: folder.appendingPathComponent("nul.txt"))
        try tainted("credit-report.json", keys: ["personaType"], escapes: #"\ud800x\udc00\u001b"#)
            .write(to: folder.appendingPathComponent("surrogate.json"), atomically: true, encoding: .utf8)
        var strong = TestSupport.read(TestSupport.fixture("workout-exports/strong-comma.csv"))
        strong = strong.replacingOccurrences(
            of: "Bench Press",
            with: "Bench" + String(decoding: [0xEF, 0xBF, 0xBE, 0xEF, 0xB7, 0x90], as: UTF8.self) + " Press")
        try strong.write(to: folder.appendingPathComponent("strong.csv"), atomically: true, encoding: .utf8)
        let job = """
            title: Tainted
            now: 2023-11-12T20:00:00Z
            base-url: https://example.org/site/
            email: {from: gazette@example.org, to: [me@example.org]}
            reports:
              - {kind: credit-score, input: credit.json}
              - {kind: race-card, input: card.json}
              - {kind: next-to-go, input: next.json}
              - {kind: workouts, title: Log, inputs: [log.txt, strong.csv]}
              - {kind: workouts, title: NUL, input: nul.txt}
              - {kind: credit-score, title: Surrogate, input: surrogate.json}
            """
        try job.write(to: folder.appendingPathComponent("job.yml"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("Output")
        let run = try TestSupport.run(
            TestSupport.gazette(),
            ["build", folder.appendingPathComponent("job.yml").path, "--output", output.path, "--quiet"] + arguments)
        // The two refused inputs fail their reports alone, each at its place; the others build.
        XCTAssertEqual(run.status, 1, run.output)
        XCTAssertTrue(run.output.contains("Built 4 of 6 reports"), run.output)
        XCTAssertTrue(
            run.output.contains("nul.txt:1:18: error: the exercise name holds a control character (U+0000)"), run.output
        )
        XCTAssertTrue(run.output.contains("surrogate.json:"), run.output)
        XCTAssertTrue(run.output.contains(#"\ud800 is half of a character"#), run.output)
        return output
    }

    func testNoOutputFileCarriesAForbiddenCharacterInAnyChannel() throws {
        for arguments in [["--email", "--pdf"], ["--self-contained"]] {
            let output = try site(arguments)
            let files = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: output.path)).sorted()
            var checked: [String: Int] = [:]
            for path in files {
                let url = output.appendingPathComponent(path)
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue
                else { continue }
                let data = try Data(contentsOf: url)
                let ext = url.pathExtension
                switch ext {
                case "svg", "xml": assertXML(data, path)
                case "json": XCTAssertNoThrow(try JSONSerialization.jsonObject(with: data), path)
                case "html", "eml", "txt", "css": assertText(data, path)
                default: continue
                }
                checked[ext, default: 0] += 1
            }
            XCTAssertGreaterThan(checked["svg"] ?? 0, arguments.contains("--self-contained") ? -1 : 4, "\(checked)")
            XCTAssertGreaterThan(checked["html"] ?? 0, 4, "\(checked)")
            XCTAssertGreaterThan(checked["json"] ?? 0, 4, "\(checked)")
            if arguments.contains("--email") { XCTAssertEqual(checked["eml"], 4, "\(checked)") }
            let log = TestSupport.read(output.appendingPathComponent("log/index.html"))
            XCTAssertTrue(log.contains("Bench\u{FFFD}\u{FFFD} Press"), "the exercise's name")
            // The names are shown, with U+FFFD where each character was.
            let card = TestSupport.read(output.appendingPathComponent("race-card/index.html"))
            XCTAssertTrue(card.contains("Kestrel Downs Maiden Stakes \u{FFFD}\u{FFFD}[31m"), "the race's name")
        }
    }

    /// XML 1.0's `Char`: tab, line ends, U+0020–U+D7FF, U+E000–U+FFFD, U+10000 up; and the whole
    /// file well-formed.
    private func assertXML(_ data: Data, _ path: String) {
        assertText(data, path)
        let parser = XMLParser(data: data)
        XCTAssertTrue(parser.parse(), "\(path): \(parser.parserError.map { "\($0)" } ?? "not well-formed")")
    }

    /// Valid UTF-8 without a control (but tab and line ends) or a noncharacter: what HTML's
    /// parser calls an error and XML forbids.
    private func assertText(_ data: Data, _ path: String) {
        guard let text = String(data: data, encoding: .utf8) else { return XCTFail("\(path) is not UTF-8") }
        let bad = text.unicodeScalars.first { scalar in
            let value = scalar.value
            let layout = scalar == "\t" || scalar == "\n" || scalar == "\r"
            return (!layout && (value < 0x20 || (0x7F...0x9F).contains(value)))
                || (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
        }
        XCTAssertNil(bad.map { String(format: "U+%04X", $0.value) }, path)
    }
}
