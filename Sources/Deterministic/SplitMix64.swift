/// A small, fast pseudo-random generator (Steele, Lea and Flood's SplitMix64) whose sequence
/// depends only on its seed, so generated data is the same on every run and every machine.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` from the high half of a 128-bit product. `Int.random(in:using:)`
    /// is not used: its reduction is a library detail that may change.
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A Double in 0..<1 from the top 53 bits.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A value in `range`, by scaling rather than the standard library's sampling, so the
    /// sequence cannot change with a toolchain. The bias (< 2^-32 for small ranges) is harmless here.
    public mutating func nextInt(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next().multipliedFullWidth(by: width).high)
    }

    /// A Double in `range` (upper bound excluded).
    public mutating func nextDouble(in range: Range<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextUnit()
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        nextUnit() < p
    }
}
