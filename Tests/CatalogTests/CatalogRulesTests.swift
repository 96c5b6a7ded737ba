import CatalogFormat
import XCTest

/// The catalog format's rules, which hold the built-in catalogs when Gazette is built and a user's
/// own when a build reads it: what a message is, and what a translation may and may not do.
final class CatalogRulesTests: XCTestCase {
    private let english = """
        index:
          inputs: Inputs
          reports:
            one: "{count} report"
            other: "{count} reports"
        email:
          subject: "{title}: {headline}"
        """

    private func reference() throws -> [CatalogEntry] { try CatalogRules.entries(in: english) }

    func testNestedNamesJoinIntoKeysAndPluralMappingsIntoForms() throws {
        let entries = try reference()
        XCTAssertEqual(entries.map(\.key), ["index.inputs", "index.reports", "email.subject"])
        XCTAssertEqual(entries[0].forms, .text("Inputs"))
        XCTAssertEqual(entries[1].forms, .plural(["one": "{count} report", "other": "{count} reports"]))
        XCTAssertEqual(entries[1].line, 3)
        XCTAssertEqual(entries[2].line, 7)
    }

    func testAGoodTranslationHasNoProblems() throws {
        let german = """
            index:
              inputs: Eingaben
              reports:
                one: "{count} Bericht"
                other: "{count} Berichte"
            email:
              subject: "{title}: {headline}"
            """
        XCTAssertEqual(CatalogRules.problems(in: try CatalogRules.entries(in: german), against: try reference()), [])
        // A language without plural forms may write one text; French may leave {count} out of `one`.
        let japanese = "index:\n  reports: \"{count} 件のレポート\"\n"
        XCTAssertEqual(CatalogRules.problems(in: try CatalogRules.entries(in: japanese), against: try reference()), [])
        let french = "index:\n  reports:\n    one: \"un rapport\"\n    other: \"{count} rapports\"\n"
        XCTAssertEqual(CatalogRules.problems(in: try CatalogRules.entries(in: french), against: try reference()), [])
    }

    func testAnUnknownKeyIsNamedAtItsLineWithTheNearestKnownOne() throws {
        let problems = CatalogRules.problems(
            in: try CatalogRules.entries(in: "index:\n  input: Eingaben\n"), against: try reference())
        XCTAssertEqual(problems.count, 1)
        XCTAssertEqual(problems[0].line, 2)
        XCTAssertEqual(problems[0].column, 3)
        XCTAssertEqual(problems[0].message, "unknown message key \"index.input\" (did you mean \"index.inputs\"?)")
    }

    func testAMissingOrStrayPlaceholderIsNamed() throws {
        let missing = CatalogRules.problems(
            in: try CatalogRules.entries(in: "email:\n  subject: \"{title}\"\n"), against: try reference())
        XCTAssertEqual(missing.map(\.message), ["the message \"email.subject\" is missing the placeholder {headline}"])
        XCTAssertEqual(missing.first?.line, 2)
        let stray = CatalogRules.problems(
            in: try CatalogRules.entries(in: "email:\n  subject: \"{title}: {headlin}\"\n"), against: try reference())
        XCTAssertEqual(
            stray.map(\.message),
            [
                "the message \"email.subject\" names the placeholder {headlin}, which it is not given (it has {headline}, {title})",
                "the message \"email.subject\" is missing the placeholder {headline}"
            ])
        let pluralForm = CatalogRules.problems(
            in: try CatalogRules.entries(in: "index:\n  reports:\n    one: ein Bericht\n    other: Berichte\n"),
            against: try reference())
        XCTAssertEqual(
            pluralForm.map(\.message),
            ["the message \"index.reports\" is missing the placeholder {count} in its other form"])
    }

    func testPluralFormsNeedANumberAndAnOtherForm() throws {
        let noNumber = CatalogRules.problems(
            in: try CatalogRules.entries(in: "index:\n  inputs:\n    one: Eingabe\n    other: Eingaben\n"),
            against: try reference())
        XCTAssertEqual(
            noNumber.map(\.message),
            ["the message \"index.inputs\" has no number to choose a plural form by: write one text"])
        XCTAssertThrowsError(try CatalogRules.entries(in: "index:\n  reports:\n    one: \"{count} Bericht\"\n")) {
            let problem = $0 as! CatalogProblem
            XCTAssertEqual(problem.line, 2)
            XCTAssertEqual(
                problem.message,
                "the plural message \"index.reports\" has no \"other\" form, which every language needs")
        }
    }

    func testBrokenYAMLAndOddShapesArePlaced() {
        XCTAssertThrowsError(try CatalogRules.entries(in: "index:\n  inputs: [Eingaben\n")) {
            XCTAssertEqual(($0 as! CatalogProblem).line, 3)
        }
        XCTAssertThrowsError(try CatalogRules.entries(in: "index:\n  inputs:\n    - Eingaben\n")) {
            XCTAssertEqual(($0 as! CatalogProblem).line, 3)
            XCTAssertTrue(($0 as! CatalogProblem).message.contains("\"index.inputs\" must be a text"))
        }
        XCTAssertThrowsError(try CatalogRules.entries(in: "index:\n  inputs: a\n  inputs: b\n")) {
            XCTAssertTrue(($0 as! CatalogProblem).message.contains("duplicate message key \"inputs\""))
        }
        XCTAssertThrowsError(try CatalogRules.entries(in: "- a\n- b\n"))
    }

    func testPlaceholdersAreNamesInBraces() {
        XCTAssertEqual(CatalogRules.placeholders(in: "{count} of {name}"), ["count", "name"])
        XCTAssertEqual(CatalogRules.placeholders(in: "a { b } {} {x-y} {ok_1}"), ["ok_1"])
    }
}
