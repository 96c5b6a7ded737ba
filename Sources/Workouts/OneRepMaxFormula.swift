import Foundation

/// The published equations that estimate a one-rep max (1RM) from a set of `reps` at `weight`.
///
/// Every formula returns the weight itself for a single rep, and no estimate at all for 37
/// reps or more: Brzycki's denominator reaches zero at 37, and past that point none of the
/// equations says anything useful about a maximal single.
public enum OneRepMaxFormula: String, CaseIterable, Sendable, Encodable {
    case brzycki, epley, lombardi, mayhew, oconner, wathan, lander

    /// The lowest rep count that gets no estimate.
    public static let repLimit = 37

    /// The name as shown to readers.
    public var displayName: String {
        switch self {
        case .brzycki: "Brzycki"
        case .epley: "Epley"
        case .lombardi: "Lombardi"
        case .mayhew: "Mayhew"
        case .oconner: "O'Conner"
        case .wathan: "Wathan"
        case .lander: "Lander"
        }
    }

    /// The estimated 1RM, in the unit of `weight`; nil when `reps` is below 1 or at least 37.
    public func estimate(weight: Double, reps: Int) -> Double? {
        guard reps >= 1, reps < OneRepMaxFormula.repLimit else { return nil }
        if reps == 1 { return weight }
        let r = Double(reps)
        switch self {
        case .brzycki: return weight * 36 / (37 - r)
        case .epley: return weight * (1 + r / 30)
        case .lombardi: return weight * pow(r, 0.10)
        case .mayhew: return 100 * weight / (52.2 + 41.9 * exp(-0.055 * r))
        case .oconner: return weight * (1 + 0.025 * r)
        case .wathan: return 100 * weight / (48.8 + 53.8 * exp(-0.075 * r))
        case .lander: return 100 * weight / (101.3 - 2.67123 * r)
        }
    }
}
