import Foundation
import Jobs
import Rendering
import SiteOutput

extension Pipeline {
    /// What `prepare` makes and the later steps share: the templates, the readers, the site, the
    /// previous output and this build's record of it, the staging folder and the reports to build.
    struct Context: Sendable {
        var templates: TemplateLibrary
        var publisher: Publisher
        var staging: Staging
        var slugs: [String]
        /// The output as the last build left it, and what this build makes of it.
        var previous: PreviousOutput
        var keys: ReportKeys
        var charts: ChartStore
        var record: BuildRecord
        var progress: ProgressCounter
        /// The reports this build makes, by index in the job: all, or one shard's.
        var selected: [Int]
        var site: SiteFacts
        /// What the site channels know of the site (its static files' site paths among it).
        var settings: SiteSettings
        var staticFiles: [String] { settings.staticFiles }
        /// The job's readers, and those of the reports that set their own.
        var readers: JobReaders
        var siteReaders: Readers { readers.site }
        /// How the build was asked to run, as the report channels read it.
        var build: ChannelBuild

        /// What the finishing steps work on.
        var finishing: SiteFinish.Site {
            SiteFinish.Site(
                renderer: siteReaders.renderer, publisher: publisher, staging: staging, previous: previous,
                record: record, settings: settings, keys: keys)
        }

        /// The gates through which a report is taken whole from the previous output.
        var reuse: ReportReuse { ReportReuse(previous: previous, keys: keys, record: record) }

        /// The readers of `spec`: its own when it sets any, else the site's.
        func readers(for spec: ReportSpec) -> Readers { readers.readers(for: spec) }
    }
}
