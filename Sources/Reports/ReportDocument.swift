import GazetteCore
import ReportFacts

/// `report.json`: what every report writes (its kind, title, slug, warnings and time) with its
/// kind's own keys beside them in the same object (SPEC §2). Written through `JSONTreeEncoder`, so
/// missing values are explicit `null`s and a workout log's days are written as they are made.
package struct ReportDocument: Codable, Equatable, Sendable {
    package var kind: ReportKind { data.kind }
    package var title: String
    package var slug: String
    /// Every warning's text; pages show only the first hundred.
    package var warnings: [String]
    /// Unix seconds.
    package var generatedAt: Int
    package var data: ReportData

    package init(title: String, slug: String, warnings: [String], generatedAt: Int, data: ReportData) {
        self.title = title
        self.slug = slug
        self.warnings = warnings
        self.generatedAt = generatedAt
        self.data = data
    }

    private enum CodingKeys: String, CodingKey {
        case kind, title, slug, warnings, generatedAt
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(title, forKey: .title)
        try container.encode(slug, forKey: .slug)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(generatedAt, forKey: .generatedAt)
        // The kind's keys go into the same object.
        try data.encode(to: encoder)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        slug = try container.decode(String.self, forKey: .slug)
        warnings = try container.decode([String].self, forKey: .warnings)
        generatedAt = try container.decode(Int.self, forKey: .generatedAt)
        data = try ReportData(kind: container.decode(ReportKind.self, forKey: .kind), from: decoder)
    }

    /// The document as the JSON writer writes it.
    package func json() throws -> JSONValue {
        try JSONTreeEncoder.value(of: self)
    }
}

/// The keys of `report.json` that are a kind's own.
package enum ReportData: Equatable, Sendable {
    case creditScore(CreditScoreReportData)
    case workouts(WorkoutsReportData)
    case raceCard(RaceCardReportData)
    case nextToGo(NextToGoReportData)

    package var kind: ReportKind {
        switch self {
        case .creditScore: return .creditScore
        case .workouts: return .workouts
        case .raceCard: return .raceCard
        case .nextToGo: return .nextToGo
        }
    }

    /// Writes the kind's keys into the object `encoder` is writing.
    package func encode(to encoder: any Encoder) throws {
        switch self {
        case let .creditScore(data): try data.encode(to: encoder)
        case let .workouts(data): try data.encode(to: encoder)
        case let .raceCard(data): try data.encode(to: encoder)
        case let .nextToGo(data): try data.encode(to: encoder)
        }
    }

    package init(kind: ReportKind, from decoder: any Decoder) throws {
        switch kind {
        case .creditScore: self = .creditScore(try CreditScoreReportData(from: decoder))
        case .workouts: self = .workouts(try WorkoutsReportData(from: decoder))
        case .raceCard: self = .raceCard(try RaceCardReportData(from: decoder))
        case .nextToGo: self = .nextToGo(try NextToGoReportData(from: decoder))
        }
    }
}
