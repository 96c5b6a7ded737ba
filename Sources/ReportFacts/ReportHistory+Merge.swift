/// Two histories of one report written apart (two runs that started from the same state, each
/// adding its build): both are append-only, so their union is each build once, in time order.
extension ReportHistory {
    /// This history with `other`'s entries it lacks, ordered by time (an entry of both at one
    /// time is this history's), thinned to `capacity` as a build thins it.
    package func merged(with other: ReportHistory) -> ReportHistory {
        var byTime: [Int64: Entry] = [:]
        for entry in other.entries { byTime[entry.at] = entry }
        for entry in entries { byTime[entry.at] = entry }
        var merged = ReportHistory(entries: byTime.values.sorted { $0.at < $1.at })
        merged.entries = Self.thinned(merged.entries)
        return merged
    }
}
