import Foundation

/// The kind of racing of a next-to-go race, from the Neds category id.
/// Declaration order (horse, harness, greyhound, other) is the sort order.
public enum RaceCategory: String, CaseIterable, Sendable, Comparable, Encodable {
    case horse, harness, greyhound, other

    /// Maps the feed's category UUID (any letter case); unknown ids are `.other`.
    public init(categoryID: String) {
        let wanted = categoryID.lowercased()
        self = Self.allCases.first { $0.categoryID == wanted } ?? .other
    }

    /// A filter name from the command line or a job file: `horse`, `harness` or
    /// `greyhound`, any case, surrounding spaces ignored. `other` is not a filter (unknown
    /// categories only appear unfiltered), so it and anything else give nil.
    public init?(filterName: String) {
        let name = filterName.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard let category = Self(rawValue: name), category != .other else { return nil }
        self = category
    }

    /// The feed's id for this category; nil for `.other`.
    public var categoryID: String? {
        switch self {
        case .horse: return "4a2788f8-e825-4d36-9894-efd4baf1cfae"
        case .harness: return "161d9be2-e909-4326-8c2c-35ed71fb460b"
        case .greyhound: return "9daef0d7-bf3c-4f50-921d-8e818c60fe61"
        case .other: return nil
        }
    }

    public var displayName: String {
        switch self {
        case .horse: return "Horse"
        case .harness: return "Harness"
        case .greyhound: return "Greyhound"
        case .other: return "Other"
        }
    }

    public static func < (lhs: RaceCategory, rhs: RaceCategory) -> Bool {
        lhs.sortIndex < rhs.sortIndex
    }

    private var sortIndex: Int { Self.allCases.firstIndex(of: self)! }
}
