import Foundation
import GazetteTestSupport
import Racing
import Localization
import XCTest
@testable import Reports

/// The race card's and next to go's words (issue 28): English exactly as SPEC §1.2 and the pages
/// have always written it, other languages from their catalogs, and every catalog complete.
final class RacingWordsTests: XCTestCase {
    private let deltas: [Int64] =
        [0, 1, 45, 59, 60, 61, 180, 200, 299, 300, 301, 720, 3599, 3600, 3660, 3900, 7200, 7260, 90_061]

    private func words(_ locale: String) throws -> Words {
        try TextConventions(locale: locale, timeZone: "UTC").words
    }

    func testEnglishCountdownsAreTheSpecsGrammar() {
        let text = CountdownText(.english)
        for delta in deltas + deltas.map({ -$0 }) {
            XCTAssertEqual(text.format(seconds: delta), Countdown.format(seconds: delta), "Δ = \(delta)")
            XCTAssertEqual(text.spoken(seconds: delta), Countdown.spoken(seconds: delta), "Δ = \(delta)")
        }
    }

    func testOtherLanguagesHaveTheirOwnUnits() throws {
        let german = CountdownText(try words("de-DE"))
        XCTAssertEqual(german.format(seconds: 3900), "1 Std. 5 Min.")
        XCTAssertEqual(german.format(seconds: -25), "-25 Sek.")
        XCTAssertEqual(german.spoken(seconds: 95), "startet in 1 Minute und 35 Sekunden")
        XCTAssertEqual(german.spoken(seconds: -3600), "vor 1 Stunde gestartet")
        let japanese = CountdownText(try words("ja-JP"))
        XCTAssertEqual(japanese.format(seconds: 3900), "1時間5分")
        XCTAssertEqual(japanese.format(seconds: 200), "3分20秒")
        XCTAssertEqual(japanese.format(seconds: 45), "45秒")
        XCTAssertEqual(japanese.spoken(seconds: -30), "30秒前に発走")
        let french = CountdownText(try words("fr-FR"))
        XCTAssertEqual(french.spoken(seconds: 3660), "part dans 1 heure et 1 minute")
    }

    /// An English page carries no `data-words` (the script has English built in), so it is
    /// byte-identical to a page from before catalogs; another language's page hands its words over,
    /// words only: placeholders are numbered and plural forms go by position, not by English names.
    func testTheScriptGetsWordsOnlyWhenTheyAreNotItsOwn() throws {
        XCTAssertNil(CountdownText(.english).live)
        let json = try XCTUnwrap(CountdownText(try words("de-DE")).live)
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
        XCTAssertEqual(list.count, CountdownText.liveMessages.count + 1)
        XCTAssertEqual(list.first as? String, "de")
        XCTAssertEqual(list[2] as? String, "{0} Std.")
        XCTAssertEqual(list[4] as? String, "{0} Min. {1} Sek.")
        let hour = try XCTUnwrap(list[10] as? [Any])
        XCTAssertEqual(hour.count, 6)
        XCTAssertEqual(hour[1] as? String, "{0} Stunde")
        XCTAssertEqual(hour[5] as? String, "{0} Stunden")
        XCTAssertTrue(hour[0] is NSNull)
        for name in ["hours", "minutes", "seconds", "count", "time", "other", "label"] {
            XCTAssertFalse(json.contains(name), "\(name) is no German word")
        }
    }

    /// The script's built-in English words are the English catalog's, in the order the page hands
    /// another language's over, so an English page ticks as the build wrote it.
    func testTheScriptsEnglishIsTheCatalogs() throws {
        let script = try String(
            contentsOf: SampleData.repositoryRoot.appendingPathComponent("Templates/countdown.js"), encoding: .utf8)
        let english = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(CountdownText.live(.english).utf8)) as? [Any])
        for (index, message) in CountdownText.liveMessages.enumerated() {
            let name = String(message.key.split(separator: ".").last!)
            let entry = english[index + 1]
            if let text = entry as? String {
                XCTAssertTrue(script.contains("\(name): \"\(text)\""), "\(message.key): \(text)")
            } else {
                let forms = try XCTUnwrap(entry as? [Any]).map { ($0 as? String).map { "\"\($0)\"" } ?? "null" }
                let written = script.replacingOccurrences(of: "\n      ", with: " ")
                XCTAssertTrue(
                    written.contains("\(name): [" + forms.joined(separator: ", ") + "]"), "\(message.key): \(forms)")
            }
        }
        let order = try XCTUnwrap(script.range(of: "var ORDER = [")).upperBound
        let declared = script[order...].prefix { $0 != "]" }.filter { !"\" \n".contains($0) }
        XCTAssertEqual(
            declared.split(separator: ",").map(String.init),
            CountdownText.liveMessages.map { String($0.key.split(separator: ".").last!) })
    }

    func testNextToGoPagesSpeakTheReadersLanguage() throws {
        let german = try words("de-DE")
        XCTAssertEqual(NextToGoView.describe([.horse, .greyhound], german), "Galopp & Windhunde")
        XCTAssertEqual(NextToGoView.phrase([.harness], german), "nur Traben")
        XCTAssertEqual(NextToGoView.describe([.horse, .greyhound]), "Horse & greyhound")
        XCTAssertEqual(NextToGoView.phrase([.horse, .harness, .greyhound]), "horse, harness and greyhound racing")
        XCTAssertEqual(NextToGoPresenter.status(shown: 1, limit: 5), "Only 1 race left to go.")
        XCTAssertEqual(NextToGoPresenter.status(shown: 3, limit: 5, german), "Nur noch 3 Rennen ausstehend.")
        XCTAssertNil(NextToGoPresenter.status(shown: 5, limit: 5, german))
    }

    func testWarningsOnPagesAreInTheReadersWords() throws {
        XCTAssertEqual(RaceCardKind.warnings([]).map(\.message), ["The race card has no races."])
        XCTAssertEqual(
            RaceCardKind.warnings([], try words("de-DE")).map(\.message), ["Die Rennkarte enthält keine Rennen."])
        XCTAssertEqual(RaceCardKind.warnings([], try words("ja-JP")).map(\.message), ["出馬表にレースがありません。"])
    }

    /// Every racing message of en.yml is in every other built-in catalog (a missing one would
    /// quietly show English).
    func testEveryCatalogHasEveryRacingMessage() throws {
        let folder = SampleData.repositoryRoot.appendingPathComponent("Templates/messages")
        let english = try Self.keys(in: folder.appendingPathComponent("en.yml"))
        let racing = english.filter {
            ["raceCard.", "race.", "nextToGo.", "countdown.", "market."].contains(where: $0.hasPrefix)
        }
        XCTAssertGreaterThan(racing.count, 100)
        for language in ["de", "fr", "es", "ja"] {
            let keys = try Self.keys(in: folder.appendingPathComponent("\(language).yml"))
            XCTAssertEqual(racing.subtracting(keys).sorted(), [], "\(language).yml lacks these")
        }
    }

    /// The message keys of a catalog: nested names joined by dots, plural forms not counted.
    private static func keys(in file: URL) throws -> Set<String> {
        let plural: Set<String> = ["zero", "one", "two", "few", "many", "other"]
        var stack: [(indent: Int, name: String)] = []
        var keys: Set<String> = []
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
            let indent = line.prefix { $0 == " " }.count
            let body = line.dropFirst(indent)
            guard !body.hasPrefix("#"), let colon = body.firstIndex(of: ":") else { continue }
            let name = body[..<colon].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            while let last = stack.last, last.indent >= indent { stack.removeLast() }
            if plural.contains(name), !stack.isEmpty { continue }
            stack.append((indent, name))
            keys.insert(stack.map(\.name).joined(separator: "."))
        }
        return keys
    }
}
