import Foundation
import GazetteCore
import Jobs
import Rendering

/// What every report's pages depend on beyond the report itself: the site's facts (its title
/// and job file), the options, and every template's text. Not the other reports' inputs: only
/// the front page lists them, and adding a report must not rebuild the others. Not the clock:
/// only the kinds that read it key on it (`ReportKeys.reportKeyBase`), and the front pages.
enum SiteFingerprint {
    static func text(job: Job, options: BuildOptions, site: SitePlan, templates: TemplateLibrary) -> String {
        let facts = site.facts
        let text =
            "title \(job.title)\n\(CanonicalKey.text("seed", options.seed))\n"
            + ReportChannels.siteKeyText(ChannelBuild(options: options, job: job))
            // A site channel asked for: the front pages link it, so none is kept from a build without.
            + site.settings.switches.sorted().map { "\($0)\n" }.joined()
            + "job file \(facts.jobFile ?? "")\n"
            + (facts.baseURL.map { "base-url \($0)\n" } ?? "")
            + (facts.indexed ? "" : "not indexed\n")
            // Only a build for other readers says so, so the default build's keys stay as they were.
            + (facts.conventions == .standard ? "" : CanonicalKey.text("conventions", facts.conventions) + "\n")
        return text + templatesKey(templates)
    }

    /// Every template's name and a hash of its text.
    static func templatesKey(_ templates: TemplateLibrary) -> String {
        var text = ""
        for (name, body) in templates.files.sorted(by: { $0.key < $1.key }) {
            text += "template \(name) \(ReportKeys.key([Array(body.utf8)]))\n"
        }
        return text
    }
}
