import Foundation
import GazetteCore
import SiteOutput

/// How a build that changed something publishes: what it made, joined by the folders of the
/// reports it took whole, swapped in at once. Through the output's spare (`SpareOutput`) when
/// there is one, which already holds those folders: then only the folders that changed are
/// moved, linked or removed, and the output replaced becomes the next spare.
struct WholeSwap {
    let publisher: Publisher
    let previous: SiteManifest
    let record: BuildRecord
    let spare: SpareOutput?
    /// The report folders this build wrote (made anew or failed).
    let made: [String]
    let workers: Int
    let reporter: Reporter

    /// Publishes `staging`; returns the paths of the user's files carried over.
    func publish(_ staging: Staging) throws(BuildError) -> [String] {
        let ledger = record.ledger
        // Asked of the ledger, not sets of every reused slug (some 4 MB each at 100,000 reports).
        let own: @Sendable (String) -> Bool = { ledger.isWalked($0) }
        let retiring = spare.map {
            Publisher.Retirement(spare: $0, shared: { ledger.isReused($0) }, made: made, workers: workers)
        }
        guard let spare, let claimed = spare.claim() else {
            try OutputCheck.placeReused(record, from: previous, into: staging, workers: workers)
            reporter.detail("  \(staging.count) files, \(staging.byteCount) bytes, into \(publisher.target.path)")
            return try publisher.commit(staging, ownFolders: own, manifest: previous, retiring: retiring)
        }
        let kept = SpareOutput.prune(claimed, keeping: record.walkedFolderLinks, workers: workers) {
            ledger.markInSpare($0)
        }
        let whole = Staging(folder: claimed)
        do {
            try staging.moveContents(into: claimed)
            try OutputCheck.placeReused(
                record, from: previous, into: whole, present: { ledger.isInSpare($0) }, workers: workers)
        } catch {
            publisher.discard(whole)
            throw error
        }
        reporter.detail(
            "  \(staging.count + whole.count + kept.files) files "
                + "into \(publisher.target.path) (\(kept.folders) report folders as its spare held them)")
        let carried = try publisher.commit(whole, ownFolders: own, manifest: previous, retiring: retiring)
        publisher.discard(staging)
        return carried
    }
}
