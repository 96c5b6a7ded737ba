/// How hard a set was, as an export wrote it: an RPE (rate of perceived exertion, 10 = not one
/// more rep) or the reps in reserve (RIR).
public enum Effort: Equatable, Sendable {
    case rpe(Double)
    case repsInReserve(Double)

    /// Whole reps left in the tank: 10 − RPE, or the RIR, rounded down (an RPE of 8.5 leaves
    /// one). Nil for an RPE outside 1…10 or an RIR outside 0…10: not a figure to estimate with.
    public var repsLeft: Int? {
        switch self {
        case .rpe(let rpe):
            guard (1...10).contains(rpe) else { return nil }
            return Int((10 - rpe).rounded(.down))
        case .repsInReserve(let reserve):
            guard (0...10).contains(reserve) else { return nil }
            return Int(reserve.rounded(.down))
        }
    }

    /// The reps an estimate counts for a set of `reps` done with this effort: the reps left added,
    /// but never past `maxReps`, the longest set the formula is trusted for (and never fewer
    /// than were done).
    public func estimatedReps(_ reps: Int, maxReps: Int) -> Int {
        guard let left = repsLeft else { return reps }
        return max(reps, min(reps + left, maxReps))
    }
}

extension Effort {
    /// No effort given.
    static let noneByte: UInt8 = 0xFF

    /// Tenths of the figure (0…100) in the low seven bits, the high bit set for reps in reserve;
    /// `noneByte` for a figure outside 0…10.
    var packed: UInt8 {
        switch self {
        case .rpe(let value): return Self.tenths(value).map { $0 } ?? Self.noneByte
        case .repsInReserve(let value): return Self.tenths(value).map { $0 | 0x80 } ?? Self.noneByte
        }
    }

    init?(packed: UInt8) {
        guard packed != Self.noneByte else { return nil }
        let value = Double(packed & 0x7F) / 10
        self = packed & 0x80 == 0 ? .rpe(value) : .repsInReserve(value)
    }

    private static func tenths(_ value: Double) -> UInt8? {
        guard value.isFinite, (0...10).contains(value) else { return nil }
        return UInt8((value * 10).rounded())
    }
}
