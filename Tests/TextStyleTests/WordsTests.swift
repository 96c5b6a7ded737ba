import XCTest
@testable import TextStyle

/// The words Gazette carries: every catalog complete, plural forms chosen by CLDR's rules, the
/// language chosen from the locale or named on its own.
final class WordsTests: XCTestCase {
    /// Every language's CLDR category at 0, 1, 2 and 5.
    private let categories: [String: [PluralCategory]] = [
        "en": [.other, .one, .other, .other],
        "de": [.other, .one, .other, .other],
        "es": [.other, .one, .other, .other],
        "fr": [.one, .one, .other, .other],
        "ja": [.other, .other, .other, .other]
    ]

    func testGazetteCarriesFiveLanguages() {
        XCTAssertEqual(Words.builtInLanguages, ["de", "en", "es", "fr", "ja"])
    }

    func testPluralCategoriesAtZeroOneTwoAndFive() {
        for (language, expected) in categories {
            let words = Words.builtIn(language)!
            XCTAssertEqual([0, 1, 2, 5].map(words.category(for:)), expected, language)
        }
    }

    /// Every plural message of every catalog, at 0, 1, 2 and 5: the form of the number's
    /// category (or `other`), with the number in it wherever the form names {count}.
    func testEveryPluralMessageAtZeroOneTwoAndFive() throws {
        for (language, expected) in categories {
            let words = Words.builtIn(language)!
            var checked = 0
            for (key, message) in words.messages.sorted(by: { $0.key < $1.key }) {
                guard case .plural(let forms) = message else { continue }
                for (number, category) in zip([0, 1, 2, 5], expected) {
                    let form = forms[category] ?? forms[.other]!
                    // Placeholders other than {count} stay as they are written.
                    let said = words.count(key, number, "<\(number)>")
                    let wanted = fill(form, number: number)
                    XCTAssertEqual(said, wanted, "\(language) \(key) at \(number)")
                    if form.contains("{count}") { XCTAssertTrue(said.contains("<\(number)>")) }
                }
                checked += 1
            }
            XCTAssertGreaterThan(checked, 0, "\(language) has plural messages")
        }
    }

    func testEveryCatalogHasEveryEnglishKeyAndNoOther() {
        let english = Words.english.messages
        XCTAssertGreaterThan(english.count, 1)
        for language in Words.builtInLanguages where language != "en" {
            let own = Words.builtInCatalogs[language]!
            let missing = Set(english.keys).subtracting(own.keys).sorted()
            XCTAssertEqual(missing, [], "\(language).yml lacks these messages: they would show in English")
            XCTAssertEqual(Set(own.keys).subtracting(english.keys).sorted(), [], language)
            for (key, message) in own {
                if case .plural = message, case .text? = english[key] {
                    XCTFail("\(language) \(key): plural forms for a message without a number")
                }
            }
        }
    }

    func testTheLanguageComesFromTheLocaleUnlessNamed() throws {
        XCTAssertEqual(try TextConventions(locale: "de-AT", timeZone: "UTC").words.language, "de")
        XCTAssertEqual(try TextConventions(locale: "fr-CA", timeZone: "UTC").words.language, "fr")
        XCTAssertEqual(try TextConventions(locale: "ja-JP", timeZone: "UTC").words.language, "ja")
        XCTAssertEqual(try TextConventions(locale: "en-US", timeZone: "UTC").words.language, "en")
        // No catalog: English words.
        XCTAssertEqual(try TextConventions(locale: "pt-BR", timeZone: "UTC").words, .english)
        XCTAssertEqual(TextConventions.standard.words, .english)
        // German words with Swiss formats.
        let swiss = try TextConventions(locale: "fr-CH", timeZone: "UTC").speaking(Words.builtIn("de")!)
        XCTAssertEqual(swiss.words.language, "de")
        XCTAssertEqual(swiss.locale, "fr-CH")
        XCTAssertEqual(TextConventions.language(of: "de_AT"), "de")
        XCTAssertTrue(TextConventions.isLanguageTag("de"))
        XCTAssertTrue(TextConventions.isLanguageTag("de-CH"))
        XCTAssertFalse(TextConventions.isLanguageTag("german!"))
        XCTAssertFalse(TextConventions.isLanguageTag(""))
    }

    func testAMessageTheCatalogsLackShowsItsKeyAndPlaceholdersFill() {
        let words = Words(
            language: "de",
            messages: [
                "a.b": .text("{title}: {headline}"),
                "a.days": .plural([.one: "{count} Trainingstag", .other: "{count} Trainingstage"])
            ])
        XCTAssertEqual(words["a.missing"], "a.missing")
        XCTAssertEqual(words.text("a.b", ["title": "T", "headline": "H"]), "T: H")
        XCTAssertEqual(words.count("a.days", 1, "1"), "1 Trainingstag")
        XCTAssertEqual(words.count("a.days", 1_204, "1.204"), "1.204 Trainingstage")
        // A user's catalog over German, over English.
        let overlaid = Words.builtIn("de")!.overlaid(by: ["layout.skip": .text("Weiter")])
        XCTAssertEqual(overlaid["layout.skip"], "Weiter")
        XCTAssertEqual(overlaid.language, "de")
    }

    private func fill(_ form: String, number: Int) -> String {
        form.replacingOccurrences(of: "{count}", with: "<\(number)>")
    }
}
