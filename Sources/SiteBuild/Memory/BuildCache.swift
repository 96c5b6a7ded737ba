/// The versions every key of reused work begins with (`ReportKeys`): a change to either makes
/// every report and chart of an earlier output be made again. What is reused, and how, is in
/// `PreviousOutput`, `ReportKeys`, `ChartStore`, `ReportReuse` and `BuildRecord`.
enum BuildCache {
    /// Changes when what the cache records or how keys are made changes.
    static let formatVersion = "gazette-cache 2"
    /// Changes whenever a change to Gazette moves a byte of any page, `report.json`, e-mail or
    /// PDF: a report reused whole was made by older code, and only its key can tell. Guarded by
    /// `OutputVersionTests`, which fails when the demo's output changes and this did not.
    package static let outputVersion = "2026-12-02.24"

    /// The chart files' half of the keys: the drawing code's version (`ChartRenderer.drawingVersion`)
    /// and its environment (`Canvas.environmentFingerprint`) are added by `ReportKeys`.
}
