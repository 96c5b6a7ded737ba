import GazetteCore
/// Page contexts of the workouts report: plain structs of pre-formatted text, read by the
/// `workouts` and `exercise` templates.

/// The report's own page: every exercise with its figures, each linking to its page.
// gazette:template workouts
package struct WorkoutsPage: Codable, Sendable, Equatable {
    package var title: String
    /// One sentence: how many exercises, sets and days, and over which dates.
    package var lede: String
    package var formula: String
    package var unit: String
    /// How the 1RM is estimated and shown: the formula, the unit, whole units.
    package var note: String
    package var exerciseCount: String
    package var trainingDays: String
    package var setCount: String
    package var dateRange: String
    package var exercises: [ExerciseCard]
    package var hasExercises: Bool
    /// The input files by name.
    package var sources: [String]
    /// Exercise thumbnails below the first screen load when scrolled to.
    package var lazyImages = true
    /// What changed since an earlier build ("New best 1RMs since 1 October 2026: …").
    package var change: String? = nil
    /// The volume panel's heading: "Weekly volume", or "Monthly volume" for a long log.
    package var volumeTitle = ""
    /// How volume is counted, in the report's unit.
    package var volumeNote = ""
    /// Every exercise's weekly volume added up; nil without a weighted set.
    package var volume: ResponsiveChart? = nil
}

/// One exercise on the report page.
package struct ExerciseCard: Codable, Sendable, Equatable {
    package var name: String
    package var href: String
    package var best: String
    package var bestDate: String
    package var latest: String
    package var latestDate: String
    package var days: String
    package var dateRange: String
    /// The exercise's narrow chart as a thumbnail; nil when it has no estimate at all.
    package var thumbnail: ChartImage?
    /// "No new best in 9 weeks, 11 sessions"; nil when it has not stalled.
    package var stall: String? = nil
}

/// One exercise's page: the figures, the chart and the table of daily records.
// gazette:template exercise
package struct ExercisePage: Codable, Sendable, Equatable {
    package var name: String
    package var lede: String
    package var best: String
    package var bestDate: String
    package var latest: String
    package var latestDate: String
    package var days: String
    package var sets: String
    package var dateRange: String
    package var unit: String
    package var chart: ResponsiveChart?
    package var recordsCaption: String
    /// Newest first: the days a lifter looks up first.
    package var records: [DailyRecordRow]
    package var hasRecords: Bool
    /// `30 days`, the summary of the collapsible table.
    package var recordCount: String
    /// The record book: the heaviest weight at each rep count, by reps.
    package var recordBook: [RepMaxRow] = []
    package var hasRecordBook = false
    /// "Reps to beat at 80 kg, the weight last worked with: 7."; nil without a working set.
    package var repsToBeat: String? = nil
    /// "No new best in 9 weeks, 11 sessions"; nil when it has not stalled.
    package var stall: String? = nil
    /// The exercise's weekly volume; nil without a weighted set.
    package var volume: ResponsiveChart? = nil
    /// The volume panel's heading, as the report page's.
    package var volumeTitle = ""
    package var previous: ExerciseLink?
    package var next: ExerciseLink?
}

package struct DailyRecordRow: Codable, Sendable, Equatable {
    package var date: String
    /// `YYYY-MM-DD` for `<time datetime>`.
    package var iso: String
    /// The best set in two parts that each stay on one line: `1 × 10` and `245 lb`.
    package var reps: String
    package var load: String
    /// `RPE 8` or `RIR 2` where the export gave the set's effort.
    package var effort: String? = nil
    package var oneRepMax: String
    package var isBest: Bool
    /// The day set a new best since the build the report compares with.
    package var isNewBest = false
}

/// One line of the record book: `5` reps, `82.5 kg`, the day, the 1RM it implies.
package struct RepMaxRow: Codable, Sendable, Equatable {
    package var reps: String
    package var weight: String
    package var date: String
    package var iso: String
    package var estimate: String
    /// Heavier than the record the build compared with held (a count first lifted counts).
    package var isNew = false
}

package struct ExerciseLink: Codable, Sendable, Equatable {
    package var name: String
    package var href: String
}

/// One chart in two drawings: the page shows the narrow one on phones, the wide one elsewhere.
package struct ResponsiveChart: Codable, Sendable, Equatable {
    package var wide: ChartImage
    package var narrow: ChartImage
}
