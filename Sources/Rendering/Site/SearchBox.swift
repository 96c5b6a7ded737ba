import Localization

/// The front page's search box, for `assets/search.js`: hidden until the script shows it, so a
/// page without scripts is the plain list of cards.
struct SearchBox: Codable {
    /// The script's messages (`data-words`), in the order of its `ORDER`.
    var scriptWords: String
    /// The way from the page to the index's folder (`search/` or `../search/`).
    var index: String
    /// The way from the page to the site's root, for the results' links.
    var root: String

    /// The box on a page `root` away from the site's root; `scriptWords` from `scriptWords(_:)`.
    init(root: String, scriptWords: String) {
        self.scriptWords = scriptWords
        self.index = root + SearchIndex.folder + "/"
        self.root = root
    }

    static func scriptWords(_ words: Words) -> String {
        words.scriptList(scriptMessages)
    }

    /// The messages the script says, each with its placeholders in the order the script numbers
    /// them; keep in step with `ORDER` in `Templates/search.js`.
    static let scriptMessages: [(key: String, placeholders: [String])] = [
        ("search.found", ["count"]), ("search.foundFirst", ["count", "shown"]), ("search.many", ["count"]),
        ("search.none", ["query"]), ("search.noneSearched", []), ("search.failed", [])
    ]

    /// The script the search box needs, under `assets/`.
    static let script = "search.js"
}
