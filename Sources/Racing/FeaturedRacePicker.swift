import Foundation
import Deterministic

/// Chooses the featured race: pseudo-random, but the same for the same seed, and without
/// a seed the same for every build within one UTC hour.
public enum FeaturedRacePicker {
    /// An index in `0..<count`, or nil when there is nothing to pick from.
    /// The seed is `seed` when given, otherwise the number of whole hours since the epoch.
    public static func pick(count: Int, seed: UInt64?, now: Date) -> Int? {
        guard count > 0 else { return nil }
        var generator = SplitMix64(seed: seed ?? hourSeed(now))
        return generator.next(below: count)
    }

    /// An index into `races` of a race that has at least one runner (a race whose every
    /// ride is withdrawn has nothing to feature); if no race has runners, any race.
    public static func pick(in races: [Race], seed: UInt64?, now: Date) -> Int? {
        let withRunners = races.indices.filter { !races[$0].runners.isEmpty }
        let candidates = withRunners.isEmpty ? Array(races.indices) : withRunners
        return pick(count: candidates.count, seed: seed, now: now).map { candidates[$0] }
    }

    /// The one race the page, the summary and the message feature: among the races with runners
    /// that are still to run (`stillToRun[i]`, `races` in start order), the next to start, or with
    /// `seed` the seeded pick among them; when none is still to run, the last race with runners
    /// (any race when none has one). It moves only when a race goes off, never with the hour.
    public static func featured(in races: [Race], stillToRun: [Bool], seed: UInt64?) -> Int? {
        let withRunners = races.indices.filter { !races[$0].runners.isEmpty }
        let candidates = withRunners.isEmpty ? Array(races.indices) : withRunners
        let open = candidates.filter { stillToRun.indices.contains($0) && stillToRun[$0] }
        guard !open.isEmpty else { return candidates.last }
        guard let seed else { return open.first }
        var generator = SplitMix64(seed: seed)
        return open[generator.next(below: open.count)]
    }

    /// floor(now / 3600) as a bit pattern, so times before 1970 still give a seed.
    static func hourSeed(_ now: Date) -> UInt64 {
        let hours = (now.timeIntervalSince1970 / 3600).rounded(.down)
        guard hours.isFinite, let whole = Int64(exactly: hours) else { return 0 }
        return UInt64(bitPattern: whole)
    }
}
