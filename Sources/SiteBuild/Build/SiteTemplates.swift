import Foundation
import GazetteCore
import Jobs
import Rendering
import Localization

/// The build's templates, checked: as the user's folder overrides them (`base`, from which a
/// report with a language of its own takes its words) and speaking the site's words.
struct SiteTemplates: Sendable {
    let base: TemplateLibrary
    let speaking: TemplateLibrary
    let words: Words

    /// Reads and checks the templates (an override that replaces nothing is a warning) and
    /// chooses the site's words.
    init(job: Job, options: BuildOptions, warnings: WarningList, reporter: Reporter) throws(BuildError) {
        let templates = try TemplateLibrary(overrides: options.templatesFolder)
        for path in templates.unmatchedOverrides {
            warnings.add("replaces no built-in template (used only if another template includes it)", about: path)
        }
        base = templates
        words = try Self.words(templates, job: job, options: options, reporter: reporter)
        speaking = templates.speaking(words)
    }

    /// The words of the language `--language`, the job's `language:` or the locale names (`de-AT`
    /// → `de`): Gazette's catalog with the user's over it; English, with a note, when there is none.
    private static func words(_ templates: TemplateLibrary, job: Job, options: BuildOptions, reporter: Reporter)
        throws(BuildError) -> Words
    {
        let readers = ReaderSettings.resolved(options: options.readers, job: job.readers)
        let language = readers.wordsLanguage
        if let words = try templates.words(for: language) { return words }
        let from =
            options.readers.language != nil
            ? "--language" : job.readers.language != nil ? "language:" : "the locale \(readers.resolvedLocale)"
        reporter.warning(
            "note: Gazette has no words in \"\(language)\" (from \(from)): "
                + "the pages' words stay English; a messages/\(language).yml in --templates would give them")
        return .english
    }
}
