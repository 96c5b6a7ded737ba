import Racing
import GazetteCore

/// One filtered view of the next-to-go races: a page of the report and a key of `report.json`.
package struct NextToGoView: Equatable {
    /// The key under `selections` in `report.json`.
    package var key: String
    /// The tab's label.
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

    /// The job's own filter, shown on the report's `index.html`.
    package static func selected(_ categories: Set<RaceCategory>) -> NextToGoView {
        NextToGoView(key: "selected", label: describe(categories), path: "index.html", categories: categories)
    }

    /// The standard view with the same filter as the job's, when there is one.
    package static func standardMatching(_ categories: Set<RaceCategory>) -> NextToGoView? {
        standard.first { $0.categories == categories }
    }

    /// "All", "Horse", or "Horse & greyhound" for a combination, in the categories' own order.
    package static func describe(_ categories: Set<RaceCategory>) -> String {
        let names = categories.sorted().map { $0.displayName.lowercased() }
        guard let last = names.last else { return "All" }
        let text = names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " & " + last
        return text.prefix(1).uppercased() + text.dropFirst()
    }

    /// "every category" or "horse and greyhound racing" for sentences.
    package static func phrase(_ categories: Set<RaceCategory>) -> String {
        let names = categories.sorted().map { $0.displayName.lowercased() }
        switch names.count {
        case 0: return "every category"
        case 1: return "\(names[0]) racing only"
        default: return names.dropLast().joined(separator: ", ") + " and " + names.last! + " racing"
        }
    }
}

extension RaceCategory {
    /// How a sentence names the category: "horse racing", "other racing".
    package var spokenName: String {
        switch self {
        case .horse: return "horse racing"
        case .harness: return "harness racing"
        case .greyhound: return "greyhound racing"
        case .other: return "other racing"
        }
    }
}
