/// The pages of wger's logs a report was given, against how many logs wger said it has: its API
/// gives 20 logs a page, so a lifter who saved one page would otherwise see a fifth of a year as
/// if it were all. Said once, when every file is read, since the other pages may come after.
struct WgerPages: Sendable, Equatable {
    /// The first page's file, for the warning.
    var file: String?
    /// Logs read from pages that said their total (`count`), and the largest total said.
    var read = 0
    var count = 0

    /// Counts a page of `read` logs whose `count` says wger has `total`; a page that says only
    /// that one follows (`next` without `count`) has at least one more.
    mutating func add(file: String, read: Int, total: Int?, hasNext: Bool) {
        guard total != nil || hasNext else { return }
        if self.file == nil { self.file = file }
        self.read += read
        count = max(count, total ?? (read + 1))
    }

    /// The warning when fewer logs were read than wger has.
    var warning: WorkoutWarning? {
        guard let file, read < count else { return nil }
        return WorkoutWarning(file: file, line: 1, reason: .morePages(read: read, count: count))
    }
}
