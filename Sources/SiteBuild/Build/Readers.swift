import Foundation
import GazetteCore
import Jobs
import Rendering
import Localization

/// What one report is read in: its readers' conventions (locale, words, time zone), the templates
/// speaking those words, and the renderers of its pages, message and PDF. The site's readers are
/// the job's; a report with its own `locale:`, `language:` or `timezone:` gets its own, while the
/// front page stays in the job's.
struct Readers: Sendable {
    var conventions: TextConventions
    var templates: TemplateLibrary
    var renderer: PageRenderer
    var mailer: EmailComposer?
    var printer: PDFReportRenderer
}

extension Pipeline {
    /// The renderers of readers whose words `templates` speak and whose conventions `facts` holds.
    func readers(speaking templates: TemplateLibrary, facts: SiteFacts, wantsEmail: Bool) throws(BuildError)
        -> Readers
    {
        var renderer = PageRenderer(templates: templates, site: facts, workers: options.jobs)
        if options.selfContained { renderer = try renderer.standalone(.selfContained) }
        let conventions = facts.conventions
        return Readers(
            conventions: conventions, templates: templates, renderer: renderer,
            mailer: wantsEmail
                ? EmailComposer(
                    renderer: EmailRenderer(
                        templates: templates, siteTitle: job.title, now: options.now, conventions: conventions))
                : nil,
            printer: PDFReportRenderer(
                paper: options.paper, siteTitle: job.title, now: options.now, conventions: conventions))
    }

    /// The readers of a report whose own settings are `own`, over the command line's and the
    /// job's; the words' language from the report's `language:`, else its `locale:`, else the site's.
    func readers(_ own: ReaderSettings, base templates: TemplateLibrary, facts: SiteFacts, wantsEmail: Bool)
        throws(BuildError) -> Readers
    {
        let resolved = ReaderSettings.resolved(report: own, options: options.readers, job: job.readers)
        let language = resolved.wordsLanguage
        let words: Words
        if let found = try templates.words(for: language) {
            words = found
        } else {
            reporter.warning(
                "note: Gazette has no words in \"\(language)\" (from a report's settings): its pages' words stay English"
            )
            words = .english
        }
        var reportFacts = facts
        reportFacts.conventions = resolved.conventions.speaking(words)
        return try readers(speaking: templates.speaking(words), facts: reportFacts, wantsEmail: wantsEmail)
    }
}
