import Foundation
import GazetteCore
import Rendering
import Localization

/// What one report is read in: the site as its readers see it (its title, the build's clock and
/// their conventions: locale, words, time zone), the templates speaking those words, and the page
/// renderer (made once: a self-contained build inlines the assets into it). A channel makes any
/// other renderer it needs from this one value, so a new channel adds no field here. The site's
/// readers are the job's; a report with its own `locale:`, `language:` or `timezone:` gets its
/// own, while the front page stays in the job's.
struct Readers: Sendable {
    let facts: SiteFacts
    let templates: TemplateLibrary
    let renderer: PageRenderer

    var conventions: TextConventions { facts.conventions }

    /// The readers whose words `templates` speak and whose conventions `facts` holds.
    init(templates: TemplateLibrary, facts: SiteFacts, selfContained: Bool, workers: Int) throws(BuildError) {
        var renderer = PageRenderer(templates: templates, site: facts, workers: workers)
        if selfContained { renderer = try renderer.standalone(.selfContained) }
        self.facts = facts
        self.templates = templates
        self.renderer = renderer
    }
}
