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
    /// The data's own time (Unix seconds); nil when neither the input nor the history says.
    package var dataAsOf: Int64?
    /// When the data turns stale (Unix seconds); nil when it never does.
    package var validUntil: Int64?
    /// `fresh` or `stale` at the build (a report past error-after writes no report.json).
    package var freshness: DataFreshness.State
    package var data: ReportData

    package init(
        title: String, slug: String, warnings: [String], generatedAt: Int, data: ReportData,
        freshness: DataFreshness = DataFreshness(dataAsOf: nil, validUntil: nil, errorAt: nil),
        state: DataFreshness.State = .fresh
    ) {
        self.title = title
        self.slug = slug
        self.warnings = warnings
        self.generatedAt = generatedAt
        self.data = data
        dataAsOf = freshness.dataAsOf
        validUntil = freshness.validUntil
        self.freshness = state
    }

    private enum CodingKeys: String, CodingKey {
        case kind, title, slug, warnings, generatedAt, dataAsOf, validUntil, freshness
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(title, forKey: .title)
        try container.encode(slug, forKey: .slug)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(generatedAt, forKey: .generatedAt)
        // Explicit nulls, as every missing value of report.json.
        try container.encode(dataAsOf, forKey: .dataAsOf)
        try container.encode(validUntil, forKey: .validUntil)
        try container.encode(freshness, forKey: .freshness)
        // The kind's keys go into the same object.
        try data.encode(to: encoder)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        slug = try container.decode(String.self, forKey: .slug)
        warnings = try container.decode([String].self, forKey: .warnings)
        generatedAt = try container.decode(Int.self, forKey: .generatedAt)
        dataAsOf = try container.decodeIfPresent(Int64.self, forKey: .dataAsOf)
        validUntil = try container.decodeIfPresent(Int64.self, forKey: .validUntil)
        freshness = try container.decodeIfPresent(DataFreshness.State.self, forKey: .freshness) ?? .fresh
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

    /// The kind and its keys: the one place a report's data meets its kind.
    private var payload: (kind: ReportKind, keys: any Encodable) {
        switch self {
        case let .creditScore(data): return (.creditScore, data)
        case let .workouts(data): return (.workouts, data)
        case let .raceCard(data): return (.raceCard, data)
        case let .nextToGo(data): return (.nextToGo, data)
        }
    }

    package var kind: ReportKind { payload.kind }

    /// Writes the kind's keys into the object `encoder` is writing.
    package func encode(to encoder: any Encoder) throws {
        try payload.keys.encode(to: encoder)
    }

    /// The kind's keys read back by its unit.
    package init(kind: ReportKind, from decoder: any Decoder) throws {
        self = try kind.unit.reportData(from: decoder)
    }
}
