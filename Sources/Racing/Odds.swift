import Foundation

/// A ride's current odds as written in the card. Parsing never fails: text that is not
/// a price we understand is kept as an unpriced value and shown exactly as given.
public enum Odds: Equatable, Sendable {
    /// `n/d`, integers, n ≥ 0 and d ≥ 1; spaces around the slash are allowed.
    case fractional(numerator: Int, denominator: Int, text: String)
    /// `EVS` or `evens`, any case: 1/1.
    case evens(text: String)
    /// Decimal odds such as `2.5`, always greater than 1. The exact probability used for
    /// ordering is read from `text`, so build values with `init(parsing:)`.
    case decimal(Double, text: String)
    /// `SP`, `5/0`, empty text or anything else.
    case unpriced(text: String)

    public init(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lowered = trimmed.lowercased()
        if lowered == "evs" || lowered == "evens" {
            self = .evens(text: text)
        } else if let (numerator, denominator) = Self.fractionalParts(of: trimmed) {
            self = .fractional(numerator: numerator, denominator: denominator, text: text)
        } else if Self.decimalFraction(of: trimmed) != nil, let value = Double(trimmed) {
            self = .decimal(value, text: text)
        } else {
            self = .unpriced(text: text)
        }
    }

    /// The odds exactly as they appeared in the input.
    public var text: String {
        switch self {
        case .fractional(_, _, let text), .evens(let text), .decimal(_, let text), .unpriced(let text):
            return text
        }
    }

    public var isPriced: Bool { probability != nil }

    /// The chance the price implies: d / (n + d), 0.5 for evens, 1 / x for decimal odds;
    /// nil when unpriced.
    public var impliedProbability: Double? { probability?.doubleValue }

    /// The implied probability as an exact fraction, used for ordering.
    var probability: Fraction? {
        switch self {
        case .fractional(let numerator, let denominator, _):
            // Both parts are validated non-negative Ints, so their UInt64 sum cannot overflow.
            return Fraction(UInt64(denominator), over: UInt64(numerator) + UInt64(denominator))
        case .evens:
            return Fraction(1, over: 2)
        case .decimal(_, let text):
            return Self.decimalFraction(of: text.trimmingCharacters(in: .whitespacesAndNewlines))
        case .unpriced:
            return nil
        }
    }

    // MARK: - Parsing

    /// `n/d` with optional spaces around the slash; nil unless n ≥ 0 and d ≥ 1.
    private static func fractionalParts(of text: String) -> (Int, Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let numerator = wholeNumber(parts[0].trimmingCharacters(in: .whitespaces)),
            let denominator = wholeNumber(parts[1].trimmingCharacters(in: .whitespaces)),
            denominator >= 1
        else { return nil }
        return (numerator, denominator)
    }

    /// Decimal odds `x.yy` (digits, a point, digits) greater than 1, as the exact
    /// probability 10^k / m where x.yy = m / 10^k. Nil for anything else, including
    /// values too long to hold exactly.
    private static func decimalFraction(of text: String) -> Fraction? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let whole = wholeNumber(String(parts[0])),
            wholeNumber(String(parts[1])) != nil
        else { return nil }
        let digits = parts[1]
        var scale: UInt64 = 1
        var mantissa = UInt64(whole)
        for digit in digits {
            let (scaled, scaleOverflow) = scale.multipliedReportingOverflow(by: 10)
            let (shifted, shiftOverflow) = mantissa.multipliedReportingOverflow(by: 10)
            let (added, addOverflow) = shifted.addingReportingOverflow(UInt64(digit.wholeNumberValue!))
            guard !scaleOverflow, !shiftOverflow, !addOverflow else { return nil }
            scale = scaled
            mantissa = added
        }
        guard mantissa > scale else { return nil }  // x.yy must exceed 1
        return Fraction(scale, over: mantissa)
    }

    /// A non-empty run of ASCII digits that fits in an `Int`.
    private static func wholeNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isWholeNumber }) else { return nil }
        return Int(text)
    }
}
