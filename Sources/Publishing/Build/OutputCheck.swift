import Foundation
import GazetteCore
import SiteOutput

/// The end of a rebuild: a build that would publish exactly the output already there publishes
/// nothing; any other takes the reused reports' folders into its staging folder, by hard link.
enum OutputCheck {
    /// Whether the staging folder (no report made anew) would publish what `output` already holds:
    /// the same manifest, and every file it lists outside report folders intact. The reused
    /// reports' folders were checked as they were reused.
    static func isUnchanged(_ output: URL, by staging: Staging, previous: SiteManifest) -> Bool {
        guard let old = previous.bytes, let new = staging.read("manifest.json"), old == new else { return false }
        for (path, digest) in previous.files {
            guard Staging.verify(output.appendingPathComponent(path), digest: digest) != nil else { return false }
        }
        return true
    }

    /// Places the folders of the reports taken whole from the previous output, `workers` at a time.
    static func placeReused(_ cache: BuildCache, into staging: Staging, workers: Int) throws(BuildError) {
        let slugs = cache.reusedSlugs
        let ledger = cache.ledger
        let root = cache.previous.folder
        let results = parallelMap(slugs, workers: workers) { slug -> BuildError? in
            guard let record = ledger.record(slug), let listing = cache.previous.reports[slug] else {
                return ledger.failure ?? BuildError(.io, .none, "the record of \(slug) is missing")
            }
            do {
                try staging.placeFolder(
                    record.files.map { ($0.path, $0.size) } + [(listing.path, listing.size)], from: root)
                return nil
            } catch let error as BuildError {
                return error
            } catch {
                return BuildError(.io, .file(slug), "cannot place the report: \(error)")
            }
        }
        for result in results {
            if case let .success(error?) = result { throw error }
            if case let .failure(error) = result { throw BuildError(.io, .none, "cannot place a report: \(error)") }
        }
    }
}
