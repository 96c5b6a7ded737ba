import Localization
import Crypto
import Foundation
import GazetteCore
import Jobs
import Rendering
import Reports
import SiteOutput

extension Pipeline {
    /// A key of the whole job, the same in every shard: the site's facts, options and templates
    /// (the cache's site fingerprint), the clock and every report's kind, title, slug, options and inputs' names.
    func jobKey(slugs: [String], keys: ReportKeys) -> String {
        // `ReportKeys.key` of all the parts, hashed as they are made: at 100,000 reports the
        // parts together were some 40 MB.
        var hasher = SHA256()
        ReportKeys.add(Array("\(keys.siteFingerprint)\nnow \(keys.clock)".utf8), to: &hasher)
        for (spec, slug) in zip(job.reports, slugs) {
            let part = "\(keys.specText(spec, slug: slug))\n\(spec.sources.map(\.displayName))"
            ReportKeys.add(Array(part.utf8), to: &hasher)
        }
        return hexText(hasher.finalize())
    }

    /// Each report's share of the job's key, shortened: what lets a merge name the reports that differ.
    func reportKeys(slugs: [String], keys: ReportKeys) -> [String] {
        zip(job.reports, slugs).map { spec, slug in
            String(
                ReportKeys.key([
                    Array("\(keys.specText(spec, slug: slug))\n\(spec.sources.map(\.displayName))".utf8)
                ]).prefix(16))
        }
    }

    /// Writes `part.json` for the shard's reports.
    func writePart(_ built: FinishedReports, context: Context) throws(BuildError) {
        guard let shard else { return }
        let reports = zip(context.selected, built).map { index, report in
            PartManifest.Report(
                index: index, slug: report.outcome.slug, title: report.outcome.title,
                kind: report.outcome.kind, sources: report.sources, error: report.outcome.error)
        }
        let part = PartManifest(
            job: jobKey(slugs: context.slugs, keys: context.keys), shard: shard.index, shards: shard.count,
            reportCount: job.reports.count,
            site: PartManifest.Site(context.settings),
            templates: SiteFingerprint.templatesKey(context.templates), reports: reports,
            reportKeys: reportKeys(slugs: context.slugs, keys: context.keys))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            try context.staging.write(PartManifest.fileName, Array(try encoder.encode(part)))
        } catch let error as BuildError {
            throw error
        } catch {
            throw BuildError(.io, .file(PartManifest.fileName), "cannot write the part's description: \(error)")
        }
    }
}
