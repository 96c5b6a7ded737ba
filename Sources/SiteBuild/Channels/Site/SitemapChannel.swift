import Foundation
import GazetteCore
import Rendering
import SiteOutput

/// `sitemap.xml` (and its parts past 50,000 pages) when the site has an address: every HTML page,
/// the site's own first (in path order: the front pages written before it, the static pages),
/// then each report's as its record lists them, in job order.
struct SitemapChannel: SiteChannel {
    let names = [Sitemap.path]

    func isWanted(_ site: SiteSettings) -> Bool { site.facts.baseURL != nil }

    func writes(_ path: String) -> Bool { Sitemap.writes(path) }

    func finish(_ input: SiteChannelInput, into staging: Staging) throws(BuildError) {
        guard let baseURL = input.site.facts.baseURL else { return }
        var pages = staging.listedFiles.map(\.path).filter { $0.hasSuffix(".html") }
        // A report's files are in its record: this build's in the staging folder, a report
        // taken whole in the previous output (the ledger keeps records' heads only).
        let previous = input.previous.folder
        for slug in input.finished.slugs {
            let path = ReportRecord.path(slug)
            guard
                let bytes = staging.read(path)
                    ?? FileManager.default.contents(atPath: previous.appendingPathComponent(path).path).map(Array.init),
                let listed = ReportRecord.listedPaths(bytes)
            else { continue }
            pages += listed.filter { $0.hasSuffix(".html") }
        }
        for file in Sitemap(baseURL: baseURL).files(pages: pages) {
            try staging.write(file.path, text: file.text)
        }
    }
}
