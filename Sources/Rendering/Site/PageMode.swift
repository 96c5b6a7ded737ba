import GazetteCore
/// How the site's pages are made: linked into the site, or standing alone as one file each.
package enum PageMode: Sendable {
    /// Pages link the shared stylesheet, script and chart files.
    case site
    /// Each page is one file: CSS inline, charts as SVG data URIs, no script.
    case selfContained

    /// Chart partials swapped in each mode: one embedded image per theme for a self-contained
    /// file, and no links to separate SVG files.
    package var partialAliases: [String: String] {
        switch self {
        case .site: return [:]
        case .selfContained:
            return ["chart": "chart-inline", "exercise-chart": "chart-inline"]
        }
    }
}
