import GazetteCore
import Rendering
import ReportFacts
import SiteOutput

/// The last step of every report folder, the same in a build and a merge: the folder is sealed,
/// its record written into it and set aside for the front page, the manifest and the next build.
enum ReportFolder {
    /// A failed report keeps the pages of its last good build, each with a notice of the failure,
    /// or gets an error page when it had none (or they changed since). Pages count as good figures
    /// only with the `report.json` a good build writes: an error page kept from a build that failed
    /// too is not "the figures of" any build, so it is made again, with no notice.
    static func keepPreviousOrShowError(
        _ built: BuiltReport, error: BuildError, templates: TemplateLibrary, renderer: PageRenderer,
        publisher: Publisher, previous: SiteManifest, staging: Staging
    ) throws(BuildError) {
        let slug = built.outcome.slug
        var kept = false
        if publisher.hasPrevious("\(slug)/index.html"), let builtAt = publisher.previousBuildTime(of: slug) {
            let notice = try StaleNotice(
                templates: templates, builtAt: builtAt, failedAt: renderer.site.now,
                error: error, conventions: renderer.site.conventions)
            kept = try publisher.keepPrevious(slug, of: previous, in: staging) { _, page in notice.placed(in: page) }
        }
        if !kept { try renderer.renderErrorPage(built.outcome, writer: staging) }
    }

    static func finish(
        _ built: BuiltReport, key: String?, charts: [String: String], staging: Staging, record: BuildRecord
    ) throws(BuildError) {
        let slug = built.outcome.slug
        let files = staging.seal(slug)
        // A failed report's folder may not be reused: its key stays empty.
        let made = ReportRecord(
            key: built.outcome.error == nil ? key ?? "" : "", report: built, charts: charts,
            files: files.map { ReportRecord.File(path: $0.path, sha256: $0.digest.hex, size: $0.size) })
        let written = try staging.writeRecord(ReportRecord.path(slug), try made.encoded())
        // The folder's stats as this build leaves them; unknown when a file was copied, not linked.
        let stamped = (files + [written]).compactMap { file in file.stat.map { (path: file.path, stat: $0) } }
        try record.noteWritten(
            slug: slug, record: made, file: written,
            stats: stamped.count == files.count + 1 ? StatFile.fingerprint(stamped) : nil)
    }
}
