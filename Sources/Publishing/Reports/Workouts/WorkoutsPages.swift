import GazetteCore
/// Page contexts of the workouts report: plain structs of pre-formatted text, read by the
/// `workouts` and `exercise` templates.

/// The report's own page: every exercise with its figures, each linking to its page.
struct WorkoutsPage: Encodable {
    var title: String
    /// One sentence: how many exercises, sets and days, and over which dates.
    var lede: String
    var formula: String
    var unit: String
    var exerciseCount: String
    var trainingDays: String
    var setCount: String
    var dateRange: String
    var exercises: [ExerciseCard]
    var hasExercises: Bool
    /// The input files by name.
    var sources: [String]
}

/// One exercise on the report page.
struct ExerciseCard: Encodable {
    var name: String
    var href: String
    var best: String
    var bestDate: String
    var latest: String
    var latestDate: String
    var days: String
    var dateRange: String
    /// The exercise's narrow chart as a thumbnail; nil when it has no estimate at all.
    var thumbnail: ChartImage?
}

/// One exercise's page: the figures, the chart and the table of daily records.
struct ExercisePage: Encodable {
    var name: String
    var lede: String
    var best: String
    var bestDate: String
    var latest: String
    var latestDate: String
    var days: String
    var sets: String
    var dateRange: String
    var unit: String
    var chart: ResponsiveChart?
    var recordsCaption: String
    /// Newest first: the days a lifter looks up first.
    var records: [DailyRecordRow]
    var hasRecords: Bool
    /// `30 days`, the summary of the collapsible table.
    var recordCount: String
    var previous: ExerciseLink?
    var next: ExerciseLink?
}

struct DailyRecordRow: Encodable {
    var date: String
    /// `YYYY-MM-DD` for `<time datetime>`.
    var iso: String
    /// The best set in two parts that each stay on one line: `1 × 10` and `245 lb`.
    var reps: String
    var load: String
    var oneRepMax: String
    var isBest: Bool
}

struct ExerciseLink: Encodable {
    var name: String
    var href: String
}

/// One chart in two drawings: the page shows the narrow one on phones, the wide one elsewhere.
struct ResponsiveChart: Encodable {
    var wide: ChartImage
    var narrow: ChartImage
}
