import Foundation
import GazetteCore
import Rendering
import SiteOutput

/// The end of a rebuild: a build that would publish exactly the output already there publishes
/// nothing; any other takes the reused reports' folders into its staging folder, by hard link.
enum OutputCheck {
    /// Whether the staging folder (no report made anew) would publish what `output` already holds:
    /// the same manifest, and every file it lists outside report folders intact. The reused
    /// reports' folders were checked as they were reused.
    static func isUnchanged(_ output: URL, by staging: Staging, previous: SiteManifest) -> Bool {
        guard let old = previous.digest, staging.digest(of: "manifest.json") == old else {
            return false
        }
        for (path, digest) in previous.files {
            guard Staging.verify(output.appendingPathComponent(path), digest: digest) != nil else { return false }
        }
        return true
    }

    /// Whether the front page and the manifest would come out as the previous output has them, so
    /// they need not be made: the previous build ran on this clock (the front page and the
    /// manifest name it), every report was taken whole, in the previous order (so every record
    /// and its key — which holds the site's facts and templates — is the same), the
    /// files written so far (assets, static files) are the previous ones, and every other file the
    /// previous manifest lists is a front-page file still intact.
    static func frontPageUnchanged(
        _ reports: FinishedReports, previous: SiteManifest, record: BuildRecord, clock: Int64?, staging: Staging
    ) -> Bool {
        guard let clock, record.everyReportReused, previous.generatedAt == clock, !previous.reportOrder.isEmpty,
            previous.digest != nil,
            reports.slugs == previous.reportOrder
        else { return false }
        let written = staging.listedFiles
        for file in written where previous.files[file.path] != file.digest { return false }
        let writtenPaths = Set(written.map(\.path))
        for (path, digest) in previous.files where !writtenPaths.contains(path) {
            guard SiteChannels.finishes(path),
                Staging.verify(previous.folder.appendingPathComponent(path), digest: digest) != nil
            else { return false }
        }
        return true
    }

    /// Places the folders of the reports taken whole from the previous output, `workers` at a time:
    /// a folder that holds just the report's files as they are found in it, any other as its
    /// record lists them.
    /// Folders in `present` are there already (a spare's).
    static func placeReused(
        _ record: BuildRecord, from previous: SiteManifest, into staging: Staging,
        present: (String) -> Bool = { _ in false },
        workers: Int
    ) throws(BuildError) {
        let folders = record.reusedFolders.filter { !present($0.slug) }
        let results = parallelMap(folders, workers: workers) { folder -> BuildError? in
            let paths: [(path: String, size: Int)]
            if folder.walked, let found = FolderStats.files(in: folder.slug, under: previous.folder.path) {
                paths = found.map { ($0.path, $0.stat.size) }
            } else if let (record, file) = previous.record(folder.slug) {
                paths = record.files.map { ($0.path, $0.size) } + [(ReportRecord.path(folder.slug), file.size)]
            } else {
                return BuildError(.io, .file(folder.slug), "the previous record of this report is gone")
            }
            do {
                try staging.placeFolder(paths, from: previous.folder)
                return nil
            } catch let error as BuildError {
                return error
            } catch {
                return BuildError(.io, .file(folder.slug), "cannot place the report: \(error)")
            }
        }
        for result in results {
            if case let .success(error?) = result { throw error }
            if case let .failure(error) = result { throw BuildError(.io, .none, "cannot place a report: \(error)") }
        }
    }
}
