import Foundation
import GazetteTestSupport
import XCTest

/// Issue 49: a Japanese build on a machine without a Japanese font says so (the charts' words
/// would be empty boxes), and says nothing where one is installed.
final class JapaneseFontTests: XCTestCase {
    func testAJapaneseBuildWithoutAJapaneseFaceWarns() throws {
        try ToolOnPath.requireFont(forLanguage: "ja", package: "fonts-ipafont-gothic")
        let folder = TestSupport.temporaryFolder()
        // fontconfig seeing DejaVu alone: a machine without the Japanese font.
        let config = folder.appendingPathComponent("fonts.conf")
        try """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
        <fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>\(folder.path)/cache</cachedir></fontconfig>
        """.write(to: config, atomically: true, encoding: .utf8)
        let arguments = [
            "build", "--locale", "ja-JP", "--credit-score", TestSupport.fixture("credit-report.json").path, "--output"
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = config.path
        let without = try TestSupport.run(
            TestSupport.gazette(), arguments + [folder.appendingPathComponent("a").path], environment: environment)
        XCTAssertEqual(without.status, 0, without.output)
        XCTAssertTrue(without.output.contains("warning: no installed font has Japanese glyphs"), without.output)
        let with = try TestSupport.run(TestSupport.gazette(), arguments + [folder.appendingPathComponent("b").path])
        XCTAssertFalse(with.output.contains("Japanese glyphs"), with.output)
        let english = try TestSupport.run(
            TestSupport.gazette(),
            [
                "build", "--credit-score", TestSupport.fixture("credit-report.json").path, "--output",
                folder.appendingPathComponent("c").path
            ], environment: environment)
        XCTAssertFalse(english.output.contains("Japanese glyphs"), "an English build needs no Japanese font")
    }
}
