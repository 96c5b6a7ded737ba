import CatalogFormat
import Foundation
import GazetteTestSupport
import XCTest

/// Choosing the pages' language, and a user's own catalog in the `--templates` folder: checked
/// like a template (exit 65 at its line and key), over Gazette's words or adding a language.
final class LanguageCommandTests: XCTestCase {
    private func build(_ arguments: [String], templates: [String: String] = [:]) throws -> (
        status: Int32, output: String, site: URL
    ) {
        let folder = TestSupport.temporaryFolder()
        let site = folder.appendingPathComponent("site")
        var all = ["build", "--now", "2026-03-01T09:00:00Z", "--output", site.path] + arguments
        if !templates.isEmpty {
            let own = folder.appendingPathComponent("templates")
            for (name, text) in templates { TestSupport.writeFile(text, to: own.appendingPathComponent(name)) }
            all += ["--templates", own.path]
        }
        let (status, output) = try TestSupport.run(try TestSupport.gazette(), all)
        return (status, output, site)
    }

    private func frontPage(_ site: URL) -> String {
        TestSupport.read(site.appendingPathComponent("index.html"))
    }

    func testAMissingPlaceholderInAUserCatalogExits65NamingTheFileLineAndKey() throws {
        // The first English message with a placeholder, written in a German catalog without it.
        let english = try CatalogRules.entries(
            in: TestSupport.read(Self.repository.appendingPathComponent("Templates/messages/en.yml")))
        let message = try XCTUnwrap(
            english.first { entry in
                if case .text(let text) = entry.forms { return !CatalogRules.placeholders(in: text).isEmpty }
                return false
            })
        let parts = message.key.split(separator: ".")
        XCTAssertEqual(parts.count, 2, "a two-part key keeps the catalog below simple")
        let catalog = "# mine\n\(parts[0]):\n  \(parts[1]): \"ohne Platzhalter\"\n"
        let result = try build(["--locale", "de-DE"], templates: ["messages/de.yml": catalog])
        XCTAssertEqual(result.status, 65, result.output)
        XCTAssertTrue(result.output.contains("messages/de.yml:3:3"), result.output)
        XCTAssertTrue(result.output.contains("\"\(message.key)\" is missing the placeholder"), result.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: result.site.path), "a failed build publishes nothing")
    }

    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testAnUnknownKeyOrAStrayPlaceholderExits65() throws {
        let unknown = try build([], templates: ["messages/de.yml": "layout:\n  skipp: Weiter\n"])
        XCTAssertEqual(unknown.status, 65, unknown.output)
        XCTAssertTrue(unknown.output.contains("messages/de.yml:2:3"), unknown.output)
        XCTAssertTrue(
            unknown.output.contains("unknown message key \"layout.skipp\" (did you mean \"layout.skip\"?)"),
            unknown.output)
        // Checked whichever language the build speaks: a broken catalog is a broken template.
        let stray = try build([], templates: ["messages/fr.yml": "layout:\n  skip: \"Aller au {contenu}\"\n"])
        XCTAssertEqual(stray.status, 65, stray.output)
        XCTAssertTrue(stray.output.contains("messages/fr.yml:2:3"), stray.output)
        XCTAssertTrue(stray.output.contains("{contenu}"), stray.output)
        let broken = try build([], templates: ["messages/es.yml": "layout:\n  skip: [Saltar\n"])
        XCTAssertEqual(broken.status, 65, broken.output)
        XCTAssertTrue(broken.output.contains("messages/es.yml:3"), broken.output)
    }

    func testAUserCatalogOverridesAWordOrAddsALanguage() throws {
        let german = try build(
            ["--locale", "de-AT"], templates: ["messages/de.yml": "layout:\n  skip: Direkt zum Inhalt\n"])
        XCTAssertEqual(german.status, 0, german.output)
        XCTAssertTrue(frontPage(german.site).contains(">Direkt zum Inhalt</a>"))
        XCTAssertTrue(frontPage(german.site).contains("<html lang=\"de-AT\">"))
        XCTAssertFalse(german.output.contains("has no words"), german.output)

        let dutch = try build(
            ["--language", "nl"], templates: ["messages/nl.yml": "layout:\n  skip: Naar de inhoud\n"])
        XCTAssertEqual(dutch.status, 0, dutch.output)
        XCTAssertTrue(frontPage(dutch.site).contains(">Naar de inhoud</a>"))
        XCTAssertTrue(frontPage(dutch.site).contains("<html lang=\"nl\">"))
        XCTAssertFalse(dutch.output.contains("replaces no built-in template"), dutch.output)
    }

    func testALocaleWithoutWordsKeepsEnglishAndSaysSoOnce() throws {
        let result = try build(["--locale", "pt-BR"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(
            result.output.components(separatedBy: "note: Gazette has no words in \"pt\"").count, 2, result.output)
        XCTAssertTrue(frontPage(result.site).contains(">Skip to content</a>"))
        // The words are English, so the page says so, with Brazilian numbers and dates.
        XCTAssertTrue(frontPage(result.site).contains("<html lang=\"en\">"))
    }

    func testTheLanguageOptionWinsOverTheJobAndTheLocale() throws {
        let folder = TestSupport.temporaryFolder()
        let job = folder.appendingPathComponent("gazette.yml")
        TestSupport.writeFile(
            """
            title: Sprachen
            locale: fr-CH
            language: de
            reports:
              - kind: credit-score
                input: \(TestSupport.fixture("credit-report.json").path)
            """, to: job)
        let gazette = try TestSupport.gazette()
        let german = try TestSupport.run(
            gazette,
            ["build", job.path, "--now", "2026-03-01T09:00:00Z", "--output", folder.appendingPathComponent("a").path])
        XCTAssertEqual(german.status, 0, german.output)
        let a = TestSupport.read(folder.appendingPathComponent("a/index.html"))
        XCTAssertTrue(a.contains("<html lang=\"de\">"), "German words with Swiss French formats")
        let english = try TestSupport.run(
            gazette,
            [
                "build", job.path, "--language", "en", "--now", "2026-03-01T09:00:00Z", "--output",
                folder.appendingPathComponent("b").path
            ])
        XCTAssertEqual(english.status, 0, english.output)
        let b = TestSupport.read(folder.appendingPathComponent("b/index.html"))
        XCTAssertTrue(b.contains("<html lang=\"en\">"))
        XCTAssertTrue(b.contains(">Skip to content</a>"))
        XCTAssertNotEqual(a, b)
        let wrong = try TestSupport.run(gazette, ["build", job.path, "--language", "Deutsch!", "--output", folder.path])
        XCTAssertEqual(wrong.status, 64, wrong.output)
        XCTAssertTrue(wrong.output.contains("--language: \"Deutsch!\" is not a language code"), wrong.output)
    }
}
