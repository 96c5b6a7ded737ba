import Foundation
import GazetteCore
import Jobs
import ReportFacts
import SiteOutput

/// The two gates through which a report is taken whole from the previous output instead of being
/// made: without opening its inputs when every input's stat and every file's stat in its folder
/// are as the stat file recorded them (`untouched`), or once its inputs are read, when its
/// record's key is the key they give and every file is as recorded (`reused`). A stale or damaged
/// file never gets through: one mismatch and the report is built anew. `--verify` reads and
/// checks every input and every file; `--no-cache` closes both gates.
struct ReportReuse: Sendable {
    let previous: PreviousOutput
    let keys: ReportKeys
    let record: BuildRecord

    /// The report's key without opening its inputs; nil when an input must be read.
    func untouchedKey(
        spec: ReportSpec, slug: String, history: ReportKeys.HistoryInKey, freshness: DataFreshness.State,
        prefix: ReportKeys.KeyPrefix? = nil
    ) -> FileDigest? {
        guard previous.reuses, !previous.verifies, previous.manifest.report(slug) != nil,
            let digests = previous.untouchedDigests(spec)
        else { return nil }
        return keys.reportKeyBase(spec: spec, slug: slug, digests: digests, prefix: prefix)
            .digest(history: history, freshness: freshness)
    }

    /// Takes the report's folder from the previous output without opening its inputs or reading
    /// its record's list of files: every input's stat and every file's stat in the folder are as
    /// the stat file recorded them, and the record's key is the key those inputs give. Nil when
    /// anything differs (the caller then reads what it must).
    func untouched(spec: ReportSpec, slug: String, keepsHistory: Bool, prefix: ReportKeys.KeyPrefix? = nil)
        -> BuiltReport?
    {
        // The folder's history is the one its stamp recorded: its files' stats say so.
        guard previous.reuses, !previous.verifies, let listing = previous.manifest.report(slug),
            let seal = FolderSeal.stats(of: slug, under: previous.folder.path),
            let fingerprint = seal.fingerprint,
            let stamp = previous.stats.recorded(slug, fingerprint: fingerprint),
            let key = untouchedKey(
                spec: spec, slug: slug,
                history: ReportKeys.HistoryInKey(
                    keeps: keepsHistory, digest: stamp.history,
                    current: stamp.history != nil && previous.historyIsCurrent(slug, clock: keys.clock, recorded: stamp)
                ),
                freshness: stamp.freshness?.state(at: keys.clock) ?? .fresh, prefix: prefix),
            stamp.holds(key: key)
        else { return nil }
        // The record is as it was written, with this key: read only when the front page asks, or
        // the summary (when it has warnings to tell).
        record.noteUntouched(slug, in: previous.folder.path, listing: listing, stamp: stamp, seal: seal)
        let outcome = ReportOutcome(title: spec.resolvedTitle, slug: slug, kind: spec.kind, warnings: [], error: nil)
        return BuiltReport(outcome: outcome, card: nil, thumbnail: nil, sources: spec.sources.map(\.displayName))
    }

    /// Takes the report's folder from the previous output when its record's key is `key` and
    /// every file is as recorded; nil otherwise. Its files are placed when the build publishes.
    func reused(slug: String, key: String, record previousRecord: ReportRecord?) throws(BuildError) -> BuiltReport? {
        guard previous.reuses, let previousRecord, previousRecord.key == key, previousRecord.error == nil,
            let listing = previous.manifest.report(slug)
        else { return nil }
        // The folder's files by their stats when they are as recorded, else (and with --verify)
        // each read and checked against its SHA-256.
        let fingerprint = previous.folderFingerprint(slug)
        if previous.verifies || fingerprint == nil
            || !previous.stats.reportUnchanged(slug, fingerprint: fingerprint!)
        {
            for file in previousRecord.files + [
                ReportRecord.File(path: listing.path, sha256: listing.sha256, size: listing.size)
            ] {
                guard
                    let verified = Staging.verify(
                        previous.folder.appendingPathComponent(file.path), sha256: file.sha256),
                    verified.size == file.size
                else { return nil }
            }
        }
        // Only a folder holding exactly the record's files is taken by its stats next time.
        let files = FolderStats.files(in: slug, under: previous.folder.path) ?? []
        let walked = Set(files.map(\.path)) == Set(previousRecord.files.map(\.path) + [listing.path])
        try record.noteReused(
            previousRecord, listing: listing, fingerprint: walked ? fingerprint : nil,
            links: walked ? FolderStats.linkDigest(files) : nil)
        return previousRecord.report
    }
}
