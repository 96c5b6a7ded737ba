import Foundation
import GazetteCore
import Jobs
import Rendering
import Localization

/// Everyone a build's pages are read by: the job's readers (the site's, and the front page's), and
/// those of each set of reports that name their own `locale:`, `language:` or `timezone:`.
struct JobReaders: Sendable {
    let site: Readers
    let reports: [ReaderSettings: Readers]

    /// The readers of `spec`: its own when it sets any, else the site's.
    func readers(for spec: ReportSpec) -> Readers {
        spec.readers.isEmpty ? site : reports[spec.readers] ?? site
    }

    /// Every set of readers, the site's first.
    var all: [Readers] { [site] + Array(reports.values) }

    /// The site's readers from `templates` (speaking the site's words) and `facts`, and each
    /// report's own from `base` (the templates before any words were chosen).
    init(
        job: Job, options: BuildOptions, templates: SiteTemplates, facts: SiteFacts, reporter: Reporter
    ) throws(BuildError) {
        let make = { (templates: TemplateLibrary, facts: SiteFacts) throws(BuildError) in
            try Readers(templates: templates, facts: facts, selfContained: options.selfContained, workers: options.jobs)
        }
        site = try make(templates.speaking, facts)
        var reports: [ReaderSettings: Readers] = [:]
        for spec in job.reports where !spec.readers.isEmpty && reports[spec.readers] == nil {
            let resolved = ReaderSettings.resolved(report: spec.readers, options: options.readers, job: job.readers)
            let words = try Self.words(resolved.wordsLanguage, in: templates.base, reporter: reporter)
            var own = facts
            own.conventions = resolved.conventions.speaking(words)
            reports[spec.readers] = try make(templates.base.speaking(words), own)
        }
        self.reports = reports
    }

    /// The words of a report's own language; English, with a note, when Gazette has none.
    private static func words(_ language: String, in templates: TemplateLibrary, reporter: Reporter)
        throws(BuildError) -> Words
    {
        if let found = try templates.words(for: language) { return found }
        reporter.warning(
            "note: Gazette has no words in \"\(language)\" (from a report's settings): its pages' words stay English")
        return .english
    }
}
