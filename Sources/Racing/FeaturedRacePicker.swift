import Foundation
import Deterministic

/// Chooses the featured race: the next still to run, or with a seed a pick among those that is
/// the same for the same seed.
public enum FeaturedRacePicker {
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
}
