import GazetteCore
import Rendering
import SiteOutput

/// The stylesheet, the scripts and the default icon, under `assets/` (the icon at the root, unless
/// a static `favicon.svg` of the user's replaces it). Self-contained pages carry their style and
/// no script, so such a site has none.
struct AssetsChannel: SiteChannel {
    let names = ["assets"]
    let writesFirst = true
    /// The templates' files it copies into `assets/`.
    static let files = ["style.css", "countdown.js", "racecard.js", FreshnessText.script]

    func isWanted(_ site: SiteSettings) -> Bool { !site.selfContained }

    func begin(_ site: SiteSettings, templates: TemplateLibrary, into staging: Staging) throws(BuildError) {
        for file in Self.files { try staging.write("assets/\(file)", text: try templates.asset(file)) }
        if !site.staticFiles.contains("favicon.svg") {
            try staging.write("favicon.svg", text: try templates.asset("favicon.svg"))
        }
    }
}
