import Deterministic
import Foundation
import GazetteCore
import ReportFacts
import SiteOutput

/// `freshness.json`, beside `feed.xml`: every report's freshness state at this build's clock, in
/// job order, for a monitor to read (`fresh`, `stale`, `error`; a report that failed for another
/// reason is `error` too, with its error's first line). Its own file, written by one call, so it
/// moves with the site's other outputs.
enum FreshnessFile {
    static let path = "freshness.json"
    static let format = "gazette-freshness 1"

    struct Entry: Codable, Equatable {
        var slug: String
        var title: String
        var kind: String
        var state: String
        var dataAsOf: Int64?
        var validUntil: Int64?
        var errorAt: Int64?
        var error: String?

        private enum CodingKeys: String, CodingKey {
            case slug, title, kind, state, dataAsOf, validUntil, errorAt, error
        }

        /// Every key written, a missing time as `null`, as in `report.json`.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(slug, forKey: .slug)
            try container.encode(title, forKey: .title)
            try container.encode(kind, forKey: .kind)
            try container.encode(state, forKey: .state)
            try container.encode(dataAsOf, forKey: .dataAsOf)
            try container.encode(validUntil, forKey: .validUntil)
            try container.encode(errorAt, forKey: .errorAt)
            try container.encode(error, forKey: .error)
        }
    }

    /// The file's frame around its entries, as a pretty-printing `JSONEncoder` lays out
    /// `{"format", "reports": [...]}`. No build time: the file changes only when a report's state
    /// or data does, so a deploy by checksum sends it only then.
    static let head = "{\n  \"format\" : \"\(format)\",\n  \"reports\" : [\n"
    static let tail = "\n  ]\n}\n"

    /// The entry of one finished report at the build's clock `now`.
    static func entry(_ report: BuiltReport, now: Int64) -> Entry {
        let outcome = report.outcome
        let freshness = report.freshness
        return Entry(
            slug: outcome.slug, title: outcome.title, kind: outcome.kind.rawValue,
            state: state(failed: outcome.error != nil, freshness, at: now),
            dataAsOf: freshness?.dataAsOf, validUntil: freshness?.validUntil, errorAt: freshness?.errorAt,
            error: outcome.error.map { String($0.portableDescription.prefix { $0 != "\n" }) })
    }

    /// A report's state at `now`: `error` for a failed report, else what its data's times say.
    private static func state(failed: Bool, _ freshness: DataFreshness?, at now: Int64) -> String {
        if failed { return "error" }
        switch freshness?.state(at: now) ?? .fresh {
        case .fresh: return "fresh"
        case .stale: return "stale"
        case .expired: return "error"
        }
    }

    /// An entry of the previous build's file, of a report taken whole from it (so of the record
    /// it was written from), at this build's clock: only its state moves with the clock.
    static func carried(_ entry: Entry, now: Int64) -> Entry {
        var carried = entry
        let freshness = DataFreshness(dataAsOf: entry.dataAsOf, validUntil: entry.validUntil, errorAt: entry.errorAt)
        carried.state = state(failed: entry.error != nil, freshness, at: now)
        return carried
    }

    /// What a report's entry is carried as: the previous file's text of it, when the entry reads
    /// the same at this build's clock, else the entry at this clock.
    enum Carried {
        case text(ArraySlice<UInt8>)
        case entry(Entry)
    }

    /// Writes the file for `reports` (read one at a time) into `staging`, an entry at a time: at
    /// 100,000 reports one encoder tree of the whole file was half of a build's peak heap. A
    /// report with a `kept` entry (`carried`) is not read: on a new clock with nothing changed,
    /// reading every record was a quarter of the build.
    static func write(
        count: Int, report: (Int) -> BuiltReport, kept: (Int) -> Carried? = { _ in nil }, now: Date,
        into staging: Staging
    ) throws(BuildError) {
        let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        var failure: (any Error)?
        try staging.stream(path) { sink in
            sink += head
            for index in 0..<count where failure == nil {
                let entry: Entry
                switch kept(index) {
                case let .text(text)?:
                    sink += index == 0 ? "    " : ",\n    "
                    text.withUnsafeBytes { sink.appendUTF8($0) }
                    continue
                case let .entry(carried)?: entry = carried
                case nil: entry = Self.entry(report(index), now: seconds)
                }
                let data: Data
                do { data = try encoder.encode(entry) } catch {
                    failure = error
                    break
                }
                // The entry one level in: JSON text holds no raw line break but between its lines.
                sink += index == 0 ? "    " : ",\n    "
                sink += String(decoding: data, as: UTF8.self).replacingLiteral("\n", with: "\n    ")
            }
            sink += tail
        }
        if let failure { throw BuildError(.io, .file(path), "cannot write \(path): \(failure)") }
    }
}
