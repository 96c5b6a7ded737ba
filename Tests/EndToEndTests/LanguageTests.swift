import Foundation
import GazetteTestSupport
import XCTest
@testable import GazetteCore
@testable import Jobs
@testable import SiteBuild
@testable import Reports
@testable import Localization

/// Pages, e-mails and PDFs in the readers' language: one page of each kind, its e-mail and its
/// PDF's text match their goldens in German and Japanese, and no word of the English catalog is
/// left on any page, e-mail or PDF of a German, French, Spanish or Japanese build.
final class LanguageTests: XCTestCase {
    private func sample(_ name: String) -> Source { .file(Fixture.url(name)) }

    /// Every kind from the project's fixtures, with one failing input (its error page's words),
    /// under titles that are no English words, so any English left on a page is Gazette's own.
    private func build(locale: String) async -> (URL, BuildResult) {
        let output = Goldens.outputFolder()
        let reports = [
            ReportSpec(kind: .creditScore, title: "Alpha", sources: [sample("credit-report.json")]),
            ReportSpec(
                title: "Beta", sources: [sample("workouts.txt")], options: .workouts(WorkoutsOptions(unit: .kg))),
            ReportSpec(kind: .raceCard, title: "Gamma", sources: [sample("race-card.json")]),
            ReportSpec(kind: .nextToGo, title: "Delta", sources: [sample("next-to-go.json")]),
            ReportSpec(kind: .workouts, title: "Epsilon", sources: [sample("workouts-invalid-line7.txt")])
        ]
        let job = Job(title: "Gazette", output: output, reports: reports)
        var options = BuildOptions(now: Date(timeIntervalSince1970: 1_700_000_000), seed: 7, jobs: 2)
        options.readers.locale = try! ReaderLocale(locale)
        options.switches.insert("email")
        options.switches.insert("pdf")
        return (output, await Pipeline(job: job, options: options).run())
    }

    func testOnePageOfEachKindItsEmailAndItsPDFInGermanAndJapanese() async throws {
        let pdftotext = try ToolOnPath.require("pdftotext")
        for locale in ["de-DE", "ja-JP"] {
            let (output, result) = await build(locale: locale)
            XCTAssertEqual(result.builtCount, 4, locale)
            for path in [
                "index.html", "alpha/index.html", "beta/index.html", "beta/deadlift.html", "gamma/index.html",
                "delta/index.html", "epsilon/index.html"
            ] {
                Goldens.harness.assertText(TestSupport.read(output.appendingPathComponent(path)), "\(locale)/\(path)")
            }
            for report in ["alpha", "beta", "gamma", "delta"] {
                let folder = output.appendingPathComponent(report)
                Goldens.harness.assertText(
                    try Self.messageText(folder.appendingPathComponent("report.eml")),
                    "\(locale)/\(report)/report.eml.txt")
                let pdf = try TestSupport.run(
                    pdftotext, ["-layout", folder.appendingPathComponent("report.pdf").path, "-"])
                XCTAssertEqual(pdf.status, 0, pdf.output)
                Goldens.harness.assertText(pdf.output, "\(locale)/\(report)/report.pdf.txt")
            }
        }
    }

    func testNoWordOfTheEnglishCatalogIsLeftInAnotherLanguage() async throws {
        let pdftotext = try ToolOnPath.require("pdftotext")
        let inputs = try Self.inputTexts()
        for locale in ["de-DE", "fr-FR", "es-ES", "ja-JP"] {
            let (output, result) = await build(locale: locale)
            XCTAssertEqual(result.builtCount, 4, locale)
            let language = TextConventions.language(of: locale)
            // The catalog as written, not over English: a message it lacks is English on the page.
            let leftovers = Self.englishFragments(notIn: try XCTUnwrap(Words.builtInCatalogs[language]))
            XCTAssertGreaterThan(leftovers.count, 0, "the catalogs have words to look for")
            var texts: [(String, String)] = []
            for (path, bytes) in TestSupport.snapshot(output).sorted(by: { $0.key < $1.key }) {
                if path.hasSuffix(".html") {
                    texts.append((path, Self.visibleText(html: String(decoding: bytes, as: UTF8.self))))
                } else if path.hasSuffix(".eml") {
                    texts.append((path, try Self.messageText(output.appendingPathComponent(path))))
                } else if path.hasSuffix(".pdf") {
                    let pdf = try TestSupport.run(pdftotext, [output.appendingPathComponent(path).path, "-"])
                    texts.append((path, pdf.output))
                }
            }
            XCTAssertGreaterThan(texts.count, 20, locale)
            for (path, text) in texts {
                var own = text
                // Names and other text the inputs write stay as written: not Gazette's words.
                for input in inputs { own = own.replacingOccurrences(of: input, with: " ") }
                for (key, fragment) in leftovers where Self.contains(word: fragment, in: own) {
                    XCTFail("\(locale) \(path): \"\(fragment)\" (from the English message \(key)) is left in English")
                }
                // English written past the catalogs: words no other of these languages writes.
                for word in Self.englishOnlyWords where Self.contains(word: word, in: own) {
                    let at =
                        own.range(of: word).map {
                            own[
                                own.index(
                                    $0.lowerBound,
                                    offsetBy: -min(30, own.distance(from: own.startIndex, to: $0.lowerBound)))..<(own
                                    .index(
                                        $0.upperBound,
                                        offsetBy: min(30, own.distance(from: $0.upperBound, to: own.endIndex))))]
                        } ?? ""
                    XCTFail("\(locale) \(path): the English word \"\(word)\" in \"\(at)\"")
                }
            }
        }
    }

    /// Words of English sentences that German, French, Spanish and Japanese pages never need.
    private static let englishOnlyWords = [
        "the", "The", "of", "and", "with", "from", "From", "this", "This", "that", "were", "have", "been", "which",
        "than", "into", "every", "Every", "each", "Each", "days", "runners", "races", "Races", "ago", "left"
    ]

    // MARK: - Reading what was written

    /// Literal pieces of every English message (between its placeholders) that the language's
    /// message does not also have, with a word of three letters or more in them.
    private static func englishFragments(notIn catalog: [String: Words.Message]) -> [(String, String)] {
        var found: [(String, String)] = []
        for (key, message) in Words.english.messages.sorted(by: { $0.key < $1.key }) {
            let translated = catalog[key]?.forms.joined(separator: "\n") ?? ""
            // A word the language itself writes somewhere (French "Course") is no leftover.
            let language = catalog.values.flatMap(\.forms).joined(separator: "\n")
            for form in message.forms {
                for piece in form.split(whereSeparator: { $0 == "{" || $0 == "}" }).enumerated()
                where piece.offset % 2 == (form.hasPrefix("{") ? 1 : 0) {
                    let text = piece.element.trimmingCharacters(
                        in: .whitespacesAndNewlines.union(.punctuationCharacters))
                    let hasWord = text.split(whereSeparator: { !$0.isLetter }).contains { $0.count >= 3 }
                    if hasWord, !translated.contains(text), !contains(word: text, in: language) {
                        found.append((key, text))
                    }
                }
            }
        }
        return found
    }

    private static func contains(word fragment: String, in text: String) -> Bool {
        var from = text.startIndex
        while let range = text.range(of: fragment, range: from..<text.endIndex) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !(before?.isLetter ?? false), !(after?.isLetter ?? false) { return true }
            from = text.index(after: range.lowerBound)
        }
        return false
    }

    /// What a reader sees or hears of a page: its text and the words of `alt`, `title`,
    /// `aria-label` and `placeholder`, entities decoded, scripts and styles left out.
    static func visibleText(html: String) -> String {
        var text = html
        for element in ["script", "style"] {
            while let open = text.range(of: "<\(element)"),
                let close = text.range(of: "</\(element)>", range: open.upperBound..<text.endIndex)
            {
                text.removeSubrange(open.lowerBound..<close.upperBound)
            }
        }
        // An input's error is said as the parser says it, in English with its file and line, as on
        // the terminal: the words around it are the page's.
        for pattern in [
            "<pre class=\"error-text\">[^<]*</pre>", "(<p class=\"card-error\"><strong>[^<]*</strong>)[^<]*"
        ] {
            text = text.replacingOccurrences(of: pattern, with: "$1", options: .regularExpression)
        }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open] + " "
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = rest[open...close]
            for attribute in ["alt", "title", "aria-label", "placeholder", "data-units", "data-words"] {
                if let start = tag.range(of: " \(attribute)=\"") {
                    let value = tag[start.upperBound...].prefix { $0 != "\"" }
                    out += " " + value + " "
                }
            }
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        for (entity, character) in [
            ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " ")
        ] {
            out = out.replacingOccurrences(of: entity, with: character)
        }
        return out
    }

    /// A message's text parts, decoded, with its HTML part's visible text.
    static func messageText(_ url: URL) throws -> String {
        func walk(_ part: MIMEReader.Part) -> [String] {
            if !part.parts.isEmpty { return part.parts.flatMap(walk) }
            if part.contentType.hasPrefix("text/plain") { return [part.decodedText] }
            if part.contentType.hasPrefix("text/html") { return [visibleText(html: part.decodedText)] }
            return []
        }
        return walk(try MIMEReader.parse(TestSupport.read(url))).joined(separator: "\n----\n")
    }

    /// Every text the fixtures write: JSON strings and the workout log's exercise names.
    private static func inputTexts() throws -> [String] {
        var found: Set<String> = []
        func collect(_ value: Any) {
            if let text = value as? String, text.count >= 3 { found.insert(text) }
            if let list = value as? [Any] { list.forEach(collect) }
            if let object = value as? [String: Any] { object.values.forEach(collect) }
        }
        for name in ["credit-report.json", "race-card.json", "next-to-go.json"] {
            found.insert(name)
            collect(try JSONSerialization.jsonObject(with: Data(contentsOf: Fixture.url(name))))
        }
        found.formUnion(["workouts.txt", "workouts-invalid-line7.txt"])
        for line in TestSupport.read(Fixture.url("workouts.txt")).split(separator: "\n") {
            let fields = line.split(separator: ",")
            if fields.count > 1 { found.insert(String(fields[1])) }
        }
        // Longest first, so a name is taken out whole before any shorter name inside it.
        return found.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }
}
