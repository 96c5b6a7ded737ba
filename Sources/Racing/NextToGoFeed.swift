import Foundation
import JSONSupport

/// A next-to-go response from the Neds racing API:
/// `{status, data: {next_to_go_ids, race_summaries}, message}`.
public struct NextToGoFeed: Decodable, Equatable, Sendable {
    public let status: Int?
    public let message: String?
    /// Every summary in `race_summaries`, in the full start order. The id list's order is
    /// not trusted, and a summary missing from the list still counts.
    public let races: [RaceSummary]
    /// Ids in `next_to_go_ids` that have no summary, once each, in list order.
    public let skippedIDs: [String]

    public init(status: Int? = nil, message: String? = nil, races: [RaceSummary], skippedIDs: [String] = []) {
        self.status = status
        self.message = message
        self.races = races.sorted(by: RaceSummary.startsBefore)
        self.skippedIDs = skippedIDs
    }

    private enum CodingKeys: String, CodingKey {
        case status, data, message
    }

    private enum DataKeys: String, CodingKey {
        case nextToGoIDs = "next_to_go_ids"
        case raceSummaries = "race_summaries"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let data = try container.nestedContainer(keyedBy: DataKeys.self, forKey: .data)
        // Not decoded as a dictionary: its order follows the hash seed, so with several broken
        // summaries the one reported would change from run to run. Walk the ids sorted instead.
        let summaryContainer = try data.nestedContainer(keyedBy: SummaryID.self, forKey: .raceSummaries)
        var races: [RaceSummary] = []
        var summarizedIDs = Set<String>()
        for key in summaryContainer.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            races.append(try summaryContainer.decode(RaceSummary.self, forKey: key))
            summarizedIDs.insert(key.stringValue)
        }
        // The id list only tells us what was skipped, so it may be absent.
        let ids = try data.decodeIfPresent([String].self, forKey: .nextToGoIDs) ?? []

        var seen = Set<String>()
        let skipped = ids.filter { !summarizedIDs.contains($0) && seen.insert($0).inserted }

        self.init(
            status: try container.decodeIntegerIfPresent(Int.self, forKey: .status),
            message: try container.decodeIfPresent(String.self, forKey: .message),
            races: races,
            skippedIDs: skipped
        )
    }

    /// A key of `race_summaries`: a race id, always a string (an id that looks like a number
    /// is still an object key, shown as `.123` in key paths, not `[123]`).
    private struct SummaryID: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            return nil
        }
    }

    /// Decodes a response body, reporting any problem with its key path
    /// (`data.race_summaries.<id>.advertised_start.seconds`), and a JSON syntax error with
    /// its line and column. With several broken summaries, the one with the smallest id is
    /// reported, the same on every run.
    public static func decode(from data: Data) throws(RacingDecodingError) -> NextToGoFeed {
        try RacingDecodingError.decode(NextToGoFeed.self, from: data)
    }
}
