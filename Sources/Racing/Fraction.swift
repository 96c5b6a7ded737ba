/// A non-negative rational number held exactly, so two odds that mean the same chance
/// (`14/2` and `7/1`, `2.5` and `3/2`) compare equal and fall through to the cloth tie-break
/// instead of differing in the last bit of a `Double`.
struct Fraction: Comparable, Sendable {
    let numerator: UInt64
    let denominator: UInt64  // never 0

    init?(_ numerator: UInt64, over denominator: UInt64) {
        guard denominator > 0 else { return nil }
        self.numerator = numerator
        self.denominator = denominator
    }

    var doubleValue: Double { Double(numerator) / Double(denominator) }

    static func < (lhs: Fraction, rhs: Fraction) -> Bool {
        // a/b < c/d  ⇔  a·d < c·b, compared at full 128-bit width so nothing overflows.
        let left = lhs.numerator.multipliedFullWidth(by: rhs.denominator)
        let right = rhs.numerator.multipliedFullWidth(by: lhs.denominator)
        return (left.high, left.low) < (right.high, right.low)
    }

    static func == (lhs: Fraction, rhs: Fraction) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }
}
