import Foundation
import GazetteCore
import ReportFacts
import SiteOutput
import Synchronization

/// What this build has made so far, as the front page, the publish step and the summary read it:
/// each report's record set aside in the `ReportLedger`, which reports were taken whole from the
/// previous output (and whether their folders hold just their files) and which were written, the
/// stats of what it wrote noted in the stat file for the next build, and the counts of the
/// summary line. Every build writes every record, cold or warm, so both give the same bytes.
final class BuildRecord: Sendable {
    /// This build's record of each report, set aside as it finishes.
    let ledger: ReportLedger
    /// Where the stats of the folders this build leaves are noted for the next build.
    let stats: StatFile
    private let state = Mutex(State())

    private struct State {
        /// How many reports were taken whole from the previous output (the ledger marks which:
        /// their files are placed only if the build publishes, as a build that changes nothing
        /// publishes nothing).
        var reused = 0
        /// Reports made anew, failed or kept: anything that makes the output differ.
        var changed = 0
        var drawnFiles = 0
        var reusedFiles = 0
    }

    init(ledger: ReportLedger, stats: StatFile = StatFile()) {
        self.ledger = ledger
        self.stats = stats
    }

    /// Notes a report taken whole without reading its record: its record stays in the previous
    /// output (`in`, its folder), its folder's stats and key go to the next stat file as they were.
    func noteUntouched(
        _ slug: String, in folder: String, listing: SiteManifest.ReportListing, stamp: StatFile.ReportStamp,
        seal: FolderSeal
    ) {
        ledger.putPrevious(
            slug, in: folder, file: (listing.size, listing.digest), weight: listing.weight, quiet: stamp.warnings == 0,
            updated: stamp.updated)
        if let fingerprint = seal.fingerprint { stats.noteReport(slug, stamp.with(fingerprint: fingerprint)) }
        ledger.markReused(slug, walked: true, links: seal.links)
        state.withLock { $0.reused += 1 }
    }

    /// Notes a report taken whole from the previous output by its record; `fingerprint` is its
    /// folder's stats when the folder holds just the record's files (with `links`, its files'
    /// inodes when it was walked), else nil.
    func noteReused(
        _ record: ReportRecord, listing: SiteManifest.ReportListing, fingerprint: FileDigest?, links: FileDigest?
    ) throws(BuildError) {
        try ledger.put(record.slug, record, file: (listing.size, listing.digest), reusable: true)
        if let fingerprint {
            stats.noteReport(
                record.slug, fingerprint: fingerprint, key: record.key, warnings: record.report.outcome.warnings.count,
                history: PreviousOutput.historyDigest(record), freshness: record.report.freshness,
                updated: record.report.card?.updated)
        }
        ledger.markReused(record.slug, walked: fingerprint != nil, links: links)
        state.withLock { $0.reused += 1 }
    }

    /// Records a report this build wrote (made anew, failed, or gathered from a part).
    func noteWritten(slug: String, record: ReportRecord, file: Staging.StagedFile, stats folderStats: FileDigest?)
        throws(BuildError)
    {
        try ledger.put(slug, record, file: (file.size, file.digest), reusable: !record.key.isEmpty)
        if let folderStats {
            stats.noteReport(
                slug, fingerprint: folderStats, key: record.key, warnings: record.report.outcome.warnings.count,
                history: PreviousOutput.historyDigest(record), freshness: record.report.freshness,
                updated: record.report.card?.updated)
        }
        state.withLock { $0.changed += 1 }
    }

    /// Counts a chart file drawn, or taken from earlier work.
    func countChartFile(reused: Bool) {
        state.withLock { state in
            if reused { state.reusedFiles += 1 } else { state.drawnFiles += 1 }
        }
    }

    /// The link digest of a reused folder walked whole: its files' paths and inodes as one digest,
    /// what a spare's twin of the folder must hold to be kept.
    func walkedFolderLinks(_ slug: String) -> FileDigest? { ledger.links(slug) }

    /// The reports taken whole from the previous output, sorted, each with whether its folder
    /// holds just its files (so they can be found by reading the folder).
    var reusedFolders: [(slug: String, walked: Bool)] { ledger.reusedFolders }

    /// Whether `slug` was taken whole from the previous output.
    func isReused(_ slug: String) -> Bool { ledger.isReused(slug) }

    /// Whether every report was taken whole from the previous output.
    var everyReportReused: Bool { state.withLock { $0.changed == 0 } }

    /// `charts: 120 files drawn, 0 reused; reports: 0 of 20 reused whole`.
    func summary(reports: Int) -> String {
        state.withLock { state in
            "charts: \(state.drawnFiles) files drawn, \(state.reusedFiles) reused; reports: \(state.reused) of \(reports) reused whole"
        }
    }
}
