/// SplitMix64 (Steele, Lea & Flood, 2014): a tiny, fast generator whose output depends
/// only on its seed, on every platform and Swift version. The report must be
/// byte-identical across builds, so it never touches the system generator.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A value in `0..<bound` from the high half of a 128-bit product. We do not use
    /// `Int.random(in:using:)`: its reduction is a library detail that may change.
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }
}
