import Racing
import GazetteCore
import Localization

/// One filtered view of the next-to-go races: a page of the report and a key of `report.json`.
package struct NextToGoView: Equatable {
    /// The key under `selections` in `report.json`.
    package var key: String
    /// The tab's label in English (`label(_:)` says it in the readers' words).
    package var label: String
    /// The page inside the report folder.
    package var path: String
    package var categories: Set<RaceCategory>

    /// The fixed views every report has, each on its own page, in tab order.
    package static let standard: [NextToGoView] = [
        NextToGoView(key: "all", label: "All", path: "all.html", categories: []),
        NextToGoView(key: "horse", label: "Horse", path: "horse.html", categories: [.horse]),
        NextToGoView(key: "harness", label: "Harness", path: "harness.html", categories: [.harness]),
        NextToGoView(key: "greyhound", label: "Greyhound", path: "greyhound.html", categories: [.greyhound])
    ]

    /// The tab's label in the readers' words: `All`, `Horse`, or the job's combination.
    package func label(_ words: Words) -> String {
        switch key {
        case "all": return words["nextToGo.tabAll"]
        case "selected": return Self.describe(categories, words)
        default: return categories.first.map { $0.name(words) } ?? label
        }
    }

    /// The page title of a standard view: `All races`, `Horse racing`.
    package func title(_ words: Words) -> String {
        switch categories.count == 1 ? categories.first : nil {
        case .horse?: return words["nextToGo.titleHorse"]
        case .harness?: return words["nextToGo.titleHarness"]
        case .greyhound?: return words["nextToGo.titleGreyhound"]
        default: return words["nextToGo.titleAll"]
        }
    }

    /// The job's own filter, shown on the report's `index.html`.
    package static func selected(_ categories: Set<RaceCategory>) -> NextToGoView {
        NextToGoView(key: "selected", label: describe(categories), path: "index.html", categories: categories)
    }

    /// The standard view with the same filter as the job's, when there is one.
    package static func standardMatching(_ categories: Set<RaceCategory>) -> NextToGoView? {
        standard.first { $0.categories == categories }
    }

    /// "All", "Horse", or "Horse & greyhound" for a combination, in the categories' own order.
    package static func describe(_ categories: Set<RaceCategory>, _ words: Words = .english) -> String {
        let names = categories.sorted().map { $0.nameInSentence(words) }
        guard let last = names.last else { return words["nextToGo.tabAll"] }
        let text =
            names.count == 1
            ? last : words.text("nextToGo.describeSeveral", ["list": list(names.dropLast(), words), "last": last])
        return text.prefix(1).uppercased() + text.dropFirst()
    }

    /// "every category" or "horse and greyhound racing" for sentences.
    package static func phrase(_ categories: Set<RaceCategory>, _ words: Words = .english) -> String {
        let names = categories.sorted().map { $0.nameInSentence(words) }
        switch names.count {
        case 0: return words["nextToGo.phraseAll"]
        case 1: return words.text("nextToGo.phraseOne", ["category": names[0]])
        default:
            return words.text(
                "nextToGo.phraseSeveral", ["list": list(names.dropLast(), words), "last": names.last!])
        }
    }

    /// `horse, harness`: the first names of a list, joined by `nextToGo.listComma`.
    package static func list(_ names: ArraySlice<String>, _ words: Words) -> String {
        guard let first = names.first else { return "" }
        return names.dropFirst().reduce(first) { words.text("nextToGo.listComma", ["list": $0, "item": $1]) }
    }
}

extension RaceCategory {
    /// How a sentence names the category: "horse racing", "other racing".
    package func spokenName(_ words: Words) -> String {
        words["nextToGo.spoken.\(rawValue)"]
    }

    /// The category on its own, as a tab or a row names it: "Horse".
    package func name(_ words: Words) -> String {
        words["nextToGo.category.\(rawValue)"]
    }

    /// The category inside a sentence or a list: "horse".
    package func nameInSentence(_ words: Words) -> String {
        words["nextToGo.inSentence.\(rawValue)"]
    }
}
