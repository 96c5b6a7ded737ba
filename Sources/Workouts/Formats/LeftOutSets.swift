/// Rows that are not a rep max, counted rather than failed: warm-ups, sets the app marks as
/// skipped, and sets without a weight (bodyweight, assisted) or without reps (timed holds,
/// cardio with only a distance or a time).
public struct LeftOutSets: Equatable, Sendable {
    public var warmups = 0
    public var withoutWeight = 0
    public var withoutReps = 0
    /// Sets the app logged as skipped (GymBook's `Saltato`/`Skipped`): planned, never lifted.
    public var skipped = 0

    public init(warmups: Int = 0, withoutWeight: Int = 0, withoutReps: Int = 0, skipped: Int = 0) {
        self.warmups = warmups
        self.withoutWeight = withoutWeight
        self.withoutReps = withoutReps
        self.skipped = skipped
    }

    public var total: Int { warmups + withoutWeight + withoutReps + skipped }

    /// One sentence for the report's warnings, a count per kind: `left out 38 warm-up sets and
    /// 12 rows without a weight`; nil when nothing was left out.
    public var warning: String? {
        var parts: [String] = []
        if warmups > 0 { parts.append(Self.count(warmups, "warm-up set")) }
        if skipped > 0 { parts.append(Self.count(skipped, "skipped set")) }
        if withoutWeight > 0 { parts.append(Self.count(withoutWeight, "row") + " without a weight") }
        if withoutReps > 0 { parts.append(Self.count(withoutReps, "row") + " without reps") }
        guard let last = parts.popLast() else { return nil }
        let listed = parts.isEmpty ? last : parts.joined(separator: ", ") + " and " + last
        return "left out \(listed): they give no 1RM"
    }

    private static func count(_ n: Int, _ noun: String) -> String {
        var digits = String(n)
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: index))
            index -= 3
        }
        return "\(digits) \(noun)\(n == 1 ? "" : "s")"
    }

    static func + (lhs: LeftOutSets, rhs: LeftOutSets) -> LeftOutSets {
        LeftOutSets(
            warmups: lhs.warmups + rhs.warmups, withoutWeight: lhs.withoutWeight + rhs.withoutWeight,
            withoutReps: lhs.withoutReps + rhs.withoutReps, skipped: lhs.skipped + rhs.skipped)
    }
}
