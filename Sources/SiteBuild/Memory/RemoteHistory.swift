import Foundation
import GazetteCore
import Loading
import ReportFacts
import SiteOutput

/// `--history-from https://…`: the published site's histories, where a machine that keeps nothing
/// between runs (a CI runner) finds what its reports remember. The site's `manifest.json` says
/// which reports it has; each of this job's reports it lists has its `SLUG/history.json` fetched
/// (none there: the report keeps no history yet) into a folder that the build then reads as it
/// reads `--history-from DIR`. Fetched through the build's loader: the same timeout, retries,
/// size limit and errors as every input URL.
enum RemoteHistory {
    /// Fetches into `folder` the histories of `slugs` that the site at `site` (ending in `/`)
    /// holds; an error names the URL that failed.
    private static func download(site: URL, slugs: [String], loader: SourceLoader, into folder: URL)
        async throws(BuildError)
    {
        let manifestURL = site.appendingPathComponent("manifest.json")
        let manifest = SiteManifest(folder: folder, bytes: Data(try await loader.fetch(manifestURL)))
        guard manifest.digest != nil else {
            throw BuildError(
                .usage, .url(manifestURL.absoluteString, status: nil),
                "--history-from: this is not a Gazette site's manifest.json")
        }
        for slug in slugs where manifest.report(slug) != nil {
            let url = site.appendingPathComponent(ReportHistory.path(slug))
            let bytes: [UInt8]
            do {
                bytes = try await loader.fetch(url)
            } catch {
                // A report that keeps no history has none to fetch.
                if case .url(_, status: 404?) = error.location { continue }
                throw error
            }
            let file = folder.appendingPathComponent(ReportHistory.path(slug))
            do {
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: file)
            } catch {
                throw BuildError(
                    .io, .file(file.path), "cannot keep the fetched history: \(error.localizedDescription)")
            }
        }
    }

    /// The histories of `slugs` that the site at `site` holds, fetched into a new temporary
    /// folder (the caller removes it); nothing is left behind when the fetch fails.
    static func fetch(site: URL, slugs: [String], loader: SourceLoader) async throws(BuildError) -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gazette-history-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        // `site` as a folder URL (ending in `/`), so relative paths resolve under it.
        let root = site.absoluteString.hasSuffix("/") ? site : URL(string: site.absoluteString + "/") ?? site
        do {
            try await download(site: root, slugs: slugs, loader: loader, into: folder)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        return folder
    }
}
