import Foundation
import GazetteCore
import Rendering
import SiteOutput

/// What keys the front pages besides their cards: the site's facts, options and templates (its
/// fingerprint), and the build's clock, which only the first page reads: it says when the site
/// was built. A later page names the build that made it, as a report's pages do, so a build on a
/// later clock keeps it while its cards are the same.
struct FrontPageKey: Sendable {
    let site: String
    let clock: Int64

    func text(page number: Int) -> String { number == 1 ? "\(site)\nnow \(clock)" : site }
}

/// Which front pages a rebuild keeps from the previous output. A page's key holds all it shows:
/// the `FrontPageKey`, the number of pages,
/// reports and reports built, and the slug and record digest of each report on it. A page whose
/// key is the one the stat file recorded for it, and whose file in the previous output still has
/// the stat recorded with it (with `--verify`, the SHA-256 the previous manifest lists), is kept
/// by hard link, not made; its reports join the search index as the previous index holds them.
/// So a rebuild reads back the records of the pages it makes, not of every report.
struct FrontPagePlan {
    let reuse: FrontPageReuse
    /// Page number → key, for every page whose reports all have records.
    let keys: [Int: String]
    let pages: FrontPages

    /// `pageKey`: the site's fingerprint and the clock, nil to key no page (a merge, which keeps none).
    init(
        _ finished: FinishedReports, previous: PreviousOutput, ledger: ReportLedger, pageKey: FrontPageKey?,
        cardsPerPage: Int, searchable: Bool
    ) {
        pages = FrontPages(reportCount: finished.count, perPage: cardsPerPage)
        let slugs = finished.slugs
        let built = finished.builtCount
        var keys: [Int: String] = [:]
        pages: for number in 1...pages.count {
            guard let pageKey else { break }
            var text =
                "\(pageKey.text(page: number))\npages \(pages.count) page \(number) reports \(finished.count) built \(built)\n"
            for index in pages.reports(onPage: number) {
                guard let digest = ledger.recordDigest(slugs[index]) else { continue pages }
                text += "\(slugs[index]) \(digest.hex)\n"
            }
            keys[number] = ReportKeys.key([Array(text.utf8)])
        }
        self.keys = keys
        var kept: Set<Int> = []
        if previous.reuses {
            for (number, key) in keys where previous.holdsPage(FrontPages.path(number), key: FileDigest(hex: key)) {
                kept.insert(number)
            }
        }
        var entries: @Sendable (Range<Int>) -> [FrontPageReuse.SearchEntry]? = { _ in nil }
        if searchable, !kept.isEmpty {
            let previous = PreviousSearchEntries(previous.manifest, slugs: slugs)
            entries = { previous.entries($0) }
        }
        reuse = FrontPageReuse(keptPages: kept, searchEntries: entries, cardsPerPage: cardsPerPage)
    }

    /// Puts the kept pages in `staging` (by hard link) and notes every keyed page with the stat it
    /// is published with.
    func finish(kept: Set<Int>, previous: PreviousOutput, stats: StatFile, staging: Staging) throws(BuildError) {
        let previous = previous.manifest
        for number in kept.sorted() {
            let path = FrontPages.path(number)
            let source = previous.folder.appendingPathComponent(path)
            guard let digest = previous.files[path], let stat = FileStat(path: source.path) else {
                throw BuildError(.io, .file(source.path), "a kept front page is gone")
            }
            try staging.adopt(path, Staging.VerifiedFile(source: source, size: stat.size, digest: digest, stat: stat))
        }
        for (number, key) in keys {
            let path = FrontPages.path(number)
            if let stat = staging.file(at: path)?.stat { stats.notePage(path, key: key, stat: stat) }
        }
    }
}
