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

    /// The race a message features: the next to start, among races with runners (any race when
    /// none has one) — the first whose day and time (`YYYY-MM-DD HH:MM`, as the card writes them)
    /// are `now` (the same, in the card's local time) or later, or the last when every race has
    /// started. Chosen from the card, never the hour, so a message does not change with the clock
    /// until a race goes off.
    public static func nextToStart(in races: [Race], now: String) -> Int? {
        let withRunners = races.indices.filter { !races[$0].runners.isEmpty }
        let candidates = withRunners.isEmpty ? Array(races.indices) : withRunners
        return candidates.first { races[$0].date + " " + races[$0].time >= now } ?? candidates.last
    }

    /// floor(now / 3600) as a bit pattern, so times before 1970 still give a seed.
    static func hourSeed(_ now: Date) -> UInt64 {
        let hours = (now.timeIntervalSince1970 / 3600).rounded(.down)
        guard hours.isFinite, let whole = Int64(exactly: hours) else { return 0 }
        return UInt64(bitPattern: whole)
    }
}
