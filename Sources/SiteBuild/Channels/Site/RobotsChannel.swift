import GazetteCore
import Rendering
import SiteOutput

/// `robots.txt` disallowing every path, for a site that asks not to be indexed (`index: false`).
struct RobotsChannel: SiteChannel {
    let names = [RobotsFile.path]
    let writesFirst = true

    func isWanted(_ site: SiteSettings) -> Bool { !site.facts.indexed }

    func begin(_ site: SiteSettings, templates: TemplateLibrary, into staging: Staging) throws(BuildError) {
        try staging.write(RobotsFile.path, text: RobotsFile.text)
    }
}
