import GazetteCore
/// How pages are made: linked into the site, standing alone as one file, or for an e-mail.
enum PageMode: Sendable {
    /// Pages link the shared stylesheet, script and chart files.
    case site
    /// Each page is one file: CSS inline, charts as PNG data URIs, no script.
    case selfContained
    /// The report's page for an e-mail: CSS inline, charts as `cid:` parts, no script.
    case email

    /// Chart partials swapped in each mode: one embedded image per theme for a self-contained
    /// file, one light image for an e-mail, and no links to separate SVG files.
    var partialAliases: [String: String] {
        switch self {
        case .site: return [:]
        case .selfContained: return ["chart": "chart-inline", "exercise-chart": "chart-inline"]
        case .email: return ["chart": "chart-email", "exercise-chart": "chart-email"]
        }
    }
}
