@testable import GazetteCore
import XCTest

/// Folder names from titles.
final class SlugTests: XCTestCase {
    func testSlugsAreSafeAndUnique() {
        XCTAssertEqual(Slug.make("../../etc"), "etc")
        XCTAssertEqual(Slug.make("<img src=x onerror=alert(1)>"), "img-src-x-onerror-alert-1")
        XCTAssertEqual(Slug.make("Barbell Bench Press"), "barbell-bench-press")
        XCTAssertEqual(Slug.make("É!"), "e")
        XCTAssertEqual(Slug.make("!? —"), "item")
        XCTAssertEqual(Slug.make(""), "item")
        XCTAssertEqual(
            Slug.unique(["Woodbine 18:10", "Woodbine 18:10", "assets"], reserved: ["assets"]),
            ["woodbine-18-10", "woodbine-18-10-2", "assets-2"])
    }

    /// Titles in any script give readable, distinct, stable folder names, never a bare fallback.
    func testSlugsFromAnyScript() {
        let cases = [
            ("Entraînement d'Élodie", "entrainement-d-elodie"),
            ("Crédit à la consommation", "credit-a-la-consommation"),
            ("Straße Łódź Ørsted Æsir", "strasse-lodz-orsted-aesir"),
            ("信用スコア", "xin-yongsukoa"),
            ("トレーニング記録", "toreningu-ji-lu"),
            ("Кредитный отчёт", "kreditnyj-otcet"),
            ("Ελληνικά", "ellenika"),
            ("한국어", "hangug-eo"),
            ("🏇", "horse-racing"),
            ("🏋️ 💪", "weight-lifter-flexed-biceps"),
            ("🏇 Races", "races")
        ]
        for (title, slug) in cases {
            XCTAssertEqual(Slug.make(title, fallback: "report"), slug, title)
        }
        let slugs = Slug.unique(cases.map(\.0), fallback: "report")
        XCTAssertEqual(Set(slugs).count, cases.count, "distinct")
        XCTAssertFalse(slugs.contains("report"))
        // Characters without a name (private use): the fallback with a hash of the text, the same on every run.
        XCTAssertEqual(Slug.make("\u{E000}", fallback: "report"), "report-" + Slug.shortHash("\u{E000}"))
        XCTAssertNotEqual(Slug.make("\u{E000}", fallback: "report"), Slug.make("\u{E001}", fallback: "report"))
        XCTAssertEqual(Slug.shortHash("a"), "e40c292c")
    }
}
