import Deterministic

extension CivilDate {
    /// `year << 9 | month << 5 | day`: a compact key for the aggregator's per-day runs that
    /// orders like the day itself (positive years only).
    var packed: Int { year << 9 | month << 5 | day }

    init(packed: Int) {
        self.init(year: packed >> 9, month: (packed >> 5) & 0xF, day: packed & 0x1F)
    }
}
