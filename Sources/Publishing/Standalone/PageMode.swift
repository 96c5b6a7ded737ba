/// How pages are made: linked into the site, standing alone as one file, or for an e-mail.
enum PageMode {
    /// Pages link the shared stylesheet, script and chart files.
    case site
    /// Each page is one file: CSS inline, charts as PNG data URIs, no script.
    case selfContained
    /// The report's page for an e-mail: CSS inline, charts as `cid:` parts, no script.
    case email

    /// The chart partial each mode draws charts with.
    var chartPartial: String {
        switch self {
        case .site: return "chart"
        case .selfContained: return "chart-inline"
        case .email: return "chart-email"
        }
    }
}
