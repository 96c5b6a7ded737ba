import Charts
import Foundation
import GazetteCore
import ReportFacts
import SiteOutput

/// Where a chart's files are found instead of drawn: the report's previous folder (its record
/// names the chart's key) or `--cache DIR`, each file taken only when its bytes have the SHA-256
/// recorded for them. Every file drawn is kept in the cache folder, when there is one.
struct ChartStore: Sendable {
    let keys: ReportKeys
    let previous: PreviousOutput
    /// `--cache DIR`.
    let folder: CacheFolder?
    /// Where each file drawn or reused is counted, for the summary.
    let record: BuildRecord

    func chartKey(_ chart: any Chart) throws -> String { try keys.chartKey(chart) }

    /// Puts the chart file `suffix` (`-light@2x.png`, `.svg`) at `path` from the report's previous folder
    /// or the cache folder when a verified copy exists; false when it must be drawn.
    func reuse(chartKey: String, suffix: String, at path: String, previous record: ReportRecord?, staging: Staging)
        throws(BuildError) -> Bool
    {
        guard previous.reuses else { return false }
        if let stem = record?.charts[chartKey] {
            let old = stem + suffix
            if let listed = record?.files.first(where: { $0.path == old }),
                let file = Staging.verify(previous.folder.appendingPathComponent(old), sha256: listed.sha256)
            {
                try staging.adopt(path, file)
                self.record.countChartFile(reused: true)
                return true
            }
        }
        if let folder, let entry = folder.read(Self.entryKey(chartKey, suffix)),
            try staging.writeVerified(path, entry.bytes, sha256: entry.sha256)
        {
            self.record.countChartFile(reused: true)
            return true
        }
        return false
    }

    /// Keeps a freshly drawn file in the cache folder, when there is one.
    func store(chartKey: String, suffix: String, bytes: [UInt8]) {
        record.countChartFile(reused: false)
        guard let folder else { return }
        folder.write(Self.entryKey(chartKey, suffix), bytes, sha256: FileDigest(of: bytes).hex)
    }

    /// A file's key in the cache folder: its chart's key with its theme and format.
    private static func entryKey(_ chartKey: String, _ suffix: String) -> String {
        ReportKeys.key([Array(chartKey.utf8), Array(suffix.utf8)])
    }
}
