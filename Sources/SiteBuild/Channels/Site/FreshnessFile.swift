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
    private static let head = "{\n  \"format\" : \"\(format)\",\n  \"reports\" : [\n"
    private static let tail = "\n  ]\n}\n"

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

    /// A file this writer wrote: its bytes and its entries, by slug and in order.
    struct Previous {
        var bytes: [UInt8]
        var entries: [String: Entry]
        var slugs: [String]

        /// Nil for anything this writer did not write.
        init?(_ data: Data) {
            struct File: Decodable {
                var format: String
                var reports: [Entry]
            }
            guard let file = try? JSONDecoder().decode(File.self, from: data), file.format == format else { return nil }
            bytes = [UInt8](data)
            entries = Dictionary(file.reports.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
            slugs = file.reports.map(\.slug)
        }

        /// Whether this file is the one to write for `slugs` when `kept` gives each its entry here:
        /// the same reports in the same order, none of them in another state at `now`.
        func isCurrent(slugs current: [String], kept: (Int) -> Entry?, now: Int64) -> Bool {
            guard current == slugs else { return false }
            return current.indices.allSatisfy { index in
                kept(index).map { carried($0, now: now) == $0 } ?? false
            }
        }
    }

    /// Writes the file for `reports` (read one at a time) into `staging`, an entry at a time: at
    /// 100,000 reports one encoder tree of the whole file was half of a build's peak heap. A
    /// report with a `kept` entry (`carried`) is not read: on a new clock with nothing changed,
    /// reading every record was a quarter of the build.
    static func write(
        count: Int, report: (Int) -> BuiltReport, kept: (Int) -> Entry? = { _ in nil }, now: Date,
        into staging: Staging
    ) throws(BuildError) {
        let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        var failure: (any Error)?
        try staging.stream(path) { sink in
            sink += head
            for index in 0..<count where failure == nil {
                let data: Data
                let entry = kept(index).map { carried($0, now: seconds) } ?? entry(report(index), now: seconds)
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
