import XCTest
@testable import Rendering

/// Pages never carry control characters: C0 (but tab and line ends), DEL and C1 become U+FFFD,
/// and letters whose UTF-8 shares C1's continuation bytes are left alone.
final class PageControlCharacterTests: XCTestCase {
    func testControlsBecomeReplacementCharacters() {
        XCTAssertEqual(
            PageRenderer.withoutControlCharacters("a\u{0}b\u{1B}c\u{7F}d\u{85}e\u{9F}f"),
            "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f")
    }

    func testTextWithoutControlsIsKept() {
        let text = "Tab\tline\nreturn\r — “quotes” ¡é ñ € 🏇 \u{A0}\u{C2}\u{80}\u{A0}"
        XCTAssertEqual(
            PageRenderer.withoutControlCharacters(text).unicodeScalars.filter { $0 == "\u{FFFD}" }.count, 1,
            "only U+0080 (C2 80 in UTF-8) is a control; Â (C3 82) before it is a letter")
        let letters = "— ‘ ’ “ ” … • € ¡ ¿ Ā ā \u{A0}"
        XCTAssertEqual(PageRenderer.withoutControlCharacters(letters), letters)
    }
}

import Foundation
import GazetteTestSupport
@testable import Jobs
@testable import SiteBuild

/// A runner's name with control characters reaches a race page's table rows, which are written as
/// bytes: they are replaced there as everywhere else.
final class ControlCharactersInTableRowsTests: XCTestCase {
    func testARunnersControlCharactersAreReplacedInItsRows() async throws {
        let dir = TestSupport.temporaryFolder()
        let card = try String(contentsOf: TestSupport.fixture("race-card.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"Copper Lantern\"", with: "\"Copper\\u0001Lan\\u0085tern\"")
        let input = dir.appendingPathComponent("card.json")
        try card.write(to: input, atomically: true, encoding: .utf8)
        let output = dir.appendingPathComponent("out")
        let result = await Pipeline(
            job: Job(
                title: "T", output: output,
                reports: [ReportSpec(kind: .raceCard, title: "Races", sources: [.file(input)])]),
            options: BuildOptions(now: TestSupport.fixedNow, jobs: 2)
        ).run()
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        var found = false
        for (path, bytes) in TestSupport.snapshot(output) where path.hasSuffix(".html") {
            let page = String(decoding: bytes, as: UTF8.self)
            XCTAssertFalse(page.unicodeScalars.contains { $0.value == 1 || $0.value == 0x85 }, path)
            if page.contains("Copper\u{FFFD}Lan\u{FFFD}tern") { found = true }
        }
        XCTAssertTrue(found, "the runner's name is shown with replacement characters")
    }
}
