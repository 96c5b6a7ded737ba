import Foundation
import Localization

/// A value axis with "nice" ticks: steps of 1, 2 or 5 × 10^k, and a domain rounded outwards to
/// whole steps that brackets every value with some headroom.
///
/// The domain is not forced to include zero (a 1RM between 150 and 310 gets 100…350, not
/// 0…350), except that all-positive data never gets a negative domain and all-negative data
/// never a positive one. One value, or many equal values, get a span of ±10 % around the value
/// (±1 around zero), so the line sits in the middle.
public struct NiceScale: Equatable, Sendable {
    /// The bottom of the domain: a whole multiple of `step`.
    public let lower: Double
    /// The top of the domain: a whole multiple of `step`.
    public let upper: Double
    /// 1, 2 or 5 (times 10^`stepExponent`).
    public let stepMantissa: Int
    public let stepExponent: Int

    /// The distance between ticks.
    public var step: Double { Self.decimal(Double(stepMantissa), exponent: stepExponent) }

    /// Decimals the tick labels need: none for whole steps, one for 0.5, two for 0.05…
    public var fractionDigits: Int { max(0, -stepExponent) }

    /// Tick values from `lower` to `upper` inclusive, each the nearest double to its decimal.
    public var ticks: [Double] {
        let first = (lower / step).rounded()
        let last = (upper / step).rounded()
        guard first <= last, last - first < 10_000 else { return [lower, upper] }
        return stride(from: first, through: last, by: 1).map {
            Self.decimal($0 * Double(stepMantissa), exponent: stepExponent)
        }
    }

    /// A tick label with the locale's marks: `1,200`, `262.5`, `-5` in en-GB.
    public func label(_ value: Double, _ numbers: NumberText) -> String {
        numbers.decimal(value, fractionDigits: fractionDigits)
    }

    /// A scale over `values` (non-finite ones are ignored; none at all gives 0…1).
    ///
    /// - Parameters:
    ///   - maximumIntervals: the most gaps between ticks, usually the plot height over ~45 px.
    ///   - headroom: the share of the data's span kept free above and below it before rounding.
    public init(covering values: [Double], maximumIntervals: Int = 6, headroom: Double = 0.06) {
        // One pass, no copy: a daily series runs to thousands of values, and every drawing asks.
        var low = Double.infinity
        var high = -Double.infinity
        for value in values where value.isFinite {
            if value < low { low = value }
            if value > high { high = value }
        }
        if low > high {
            (low, high) = (0, 1)
        } else if high - low <= Swift.max(abs(high), abs(low)) * 1e-12 {
            let half = low == 0 ? 1 : abs(low) * 0.1
            (low, high) = (low - half, high + half)
        } else {
            let pad = (high - low) * Swift.max(0, headroom)
            let paddedLow = low - pad
            let paddedHigh = high + pad
            low = low >= 0 && paddedLow < 0 ? 0 : paddedLow
            high = high <= 0 && paddedHigh > 0 ? 0 : paddedHigh
        }
        self.init(low: low, high: high, maximumIntervals: Swift.max(1, maximumIntervals))
    }

    /// The tightest nice domain around `low…high` with at most `maximumIntervals` steps.
    private init(low: Double, high: Double, maximumIntervals: Int) {
        var (mantissa, exponent) = Self.niceStep(atLeast: (high - low) / Double(maximumIntervals))
        while true {
            let step = Self.decimal(Double(mantissa), exponent: exponent)
            // A hair of tolerance so a value that is already a multiple of the step stays the bound.
            let first = (low / step + 1e-9).rounded(.down)
            let last = (high / step - 1e-9).rounded(.up)
            if last - first <= Double(maximumIntervals) || !step.isFinite {
                lower = Self.decimal(first * Double(mantissa), exponent: exponent)
                upper = Self.decimal(Swift.max(last, first + 1) * Double(mantissa), exponent: exponent)
                stepMantissa = mantissa
                stepExponent = exponent
                return
            }
            (mantissa, exponent) = Self.next(mantissa, exponent)
        }
    }

    /// The smallest step of 1, 2 or 5 × 10^k that is at least `raw`.
    public static func niceStep(atLeast raw: Double) -> (mantissa: Int, exponent: Int) {
        guard raw.isFinite, raw > 0 else { return (1, 0) }
        let exponent = Int(log10(raw).rounded(.down))
        var candidate = (mantissa: 1, exponent: exponent - 1)
        while decimal(Double(candidate.mantissa), exponent: candidate.exponent) < raw * (1 - 1e-12) {
            candidate = next(candidate.mantissa, candidate.exponent)
        }
        return candidate
    }

    /// The step after `mantissa × 10^exponent` in the 1, 2, 5, 10, 20… sequence.
    private static func next(_ mantissa: Int, _ exponent: Int) -> (mantissa: Int, exponent: Int) {
        switch mantissa {
        case 1: return (2, exponent)
        case 2: return (5, exponent)
        default: return (1, exponent + 1)
        }
    }

    /// `units × 10^exponent`, as the double nearest the decimal (division keeps 0.3 exact-ish).
    private static func decimal(_ units: Double, exponent: Int) -> Double {
        exponent >= 0 ? units * pow(10, Double(exponent)) : units / pow(10, Double(-exponent))
    }
}
