import Foundation
import GazetteCore
import Jobs
import Rendering
import TextStyle

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
    /// The readers of a report whose own settings are `own`, over the command line's and the
    /// job's; the words' language from the report's `language:`, else its `locale:`, else the site's.
    func readers(
        _ own: ReaderSettings, site: Readers, base templates: TemplateLibrary, facts: SiteFacts, wantsEmail: Bool
    ) throws(BuildError) -> Readers {
        let locale = own.locale ?? options.locale ?? job.locale ?? "en-GB"
        let zone = own.timeZone ?? options.timeZone ?? job.timeZone ?? "UTC"
        let conventions: TextConventions
        do {
            conventions = try TextConventions(locale: locale, timeZone: zone)
        } catch {
            throw BuildError(.usage, job.file.map { .file($0.path) } ?? .none, error.description)
        }
        let asked = own.language ?? own.locale ?? options.language ?? job.language ?? locale
        let language = TextConventions.language(of: asked)
        let words: Words
        if let found = try templates.words(for: language) {
            words = found
        } else {
            reporter.warning(
                "note: Gazette has no words in \"\(language)\" (from a report's settings): its pages' words stay English"
            )
            words = .english
        }
        let speaking = templates.speaking(words)
        let readerConventions = conventions.speaking(words)
        var reportFacts = facts
        reportFacts.conventions = readerConventions
        var renderer = PageRenderer(templates: speaking, site: reportFacts, workers: options.jobs)
        if options.selfContained { renderer = try renderer.standalone(.selfContained) }
        return Readers(
            conventions: readerConventions, templates: speaking, renderer: renderer,
            mailer: wantsEmail
                ? EmailComposer(
                    renderer: EmailRenderer(
                        templates: speaking, siteTitle: job.title, now: options.now, conventions: readerConventions))
                : nil,
            printer: PDFReportRenderer(
                paper: options.paper, siteTitle: job.title, now: options.now, conventions: readerConventions))
    }
}
