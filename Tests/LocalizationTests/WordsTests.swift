import XCTest
@testable import Localization

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

    /// One message in every language at 0, 1, 2 and 5 training days, as the workouts page's lede says it.
    func testTrainingDaysInEveryLanguage() {
        let expected: [String: [String]] = [
            "en": ["0 training days", "1 training day", "2 training days", "5 training days"],
            // Dative, as the sentence needs it: "an 2 Trainingstagen".
            "de": ["0 Trainingstagen", "1 Trainingstag", "2 Trainingstagen", "5 Trainingstagen"],
            "fr": [
                "0 jour d’entraînement", "1 jour d’entraînement", "2 jours d’entraînement", "5 jours d’entraînement"
            ],
            "es": [
                "0 días de entrenamiento", "1 día de entrenamiento", "2 días de entrenamiento",
                "5 días de entrenamiento"
            ],
            "ja": ["0日", "1日", "2日", "5日"]
        ]
        for (language, forms) in expected {
            let words = Words.builtIn(language)!
            XCTAssertEqual([0, 1, 2, 5].map { words.count("workouts.lede.days", $0, String($0)) }, forms, language)
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

    /// Words a language writes as English does: reviewed, each a word of that language too. Any other
    /// message left as English text is a translation forgotten.
    private let sharedWithEnglish: [String: Set<String>] = [
        "de": [
            "creditScore.score", "creditScore.minimum", "creditScore.maximum", "creditScore.position",
            "race.handicap", "race.column.form", "race.order.form", "race.document.chance", "race.jockey",
            "race.trainer", "workouts.rpe", "workouts.rir"
        ],
        "fr": [
            "workouts.digest.date", "exercise.date", "creditScore.score", "creditScore.utilisation",
            "creditScore.minimum", "creditScore.maximum", "creditScore.position", "creditScore.bandNames.excellent",
            "race.date", "race.distance", "race.handicap", "race.document.chance", "countdown.minute", "pdf.page",
            "index.pages", "race.jockey", "race.points", "workouts.rpe", "workouts.rir"
        ],
        "es": ["workouts.rpe", "workouts.rir"],
        "ja": ["workouts.rpe", "workouts.rir"]
    ]

    func testNoMessageIsLeftInEnglishByMistake() {
        for language in Words.builtInLanguages where language != "en" {
            let own = Words.builtInCatalogs[language]!
            for (key, english) in Words.english.messages.sorted(by: { $0.key < $1.key }) where own[key] == english {
                // Punctuation and placeholders alone (`{list}, {item}`) read the same in every language.
                let words = english.forms.joined(separator: " ")
                    .replacingOccurrences(of: "\\{[A-Za-z0-9_]+\\}", with: "", options: .regularExpression)
                    .split(whereSeparator: { !$0.isLetter }).filter { $0.count >= 3 }
                if !words.isEmpty, !(sharedWithEnglish[language] ?? []).contains(key) {
                    XCTFail("\(language).yml says \(key) as English does (\(english.forms)): translate it")
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
