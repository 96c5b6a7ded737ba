/// A horse's recent form, as the `formsummary` string of the card (most recent run last).
public struct Form: Equatable, Sendable {
    /// The form exactly as given.
    public let text: String

    public init(text: String) {
        self.text = text
    }

    /// One placing per character: a digit 1–9 is that placing; `0` and every other
    /// character (`-`, `/`, letters) count as 10, an unplaced run.
    public var placings: [Int] {
        text.map { character in
            if character.isASCII, let digit = character.wholeNumberValue, (1...9).contains(digit) {
                return digit
            }
            return 10
        }
    }

    /// The mean placing in hundredths, rounded half away from zero; nil for empty form.
    /// Kept as an integer so the score is exact and ties compare exactly.
    public var scoreHundredths: Int? {
        let placings = placings
        guard !placings.isEmpty else { return nil }
        let sum = placings.reduce(0, +)
        // round(sum * 100 / count) in integers; the sum is positive, so adding half the
        // divisor before dividing rounds halves away from zero.
        return (sum * 200 + placings.count) / (placings.count * 2)
    }

    /// The mean placing rounded to 2 decimals (`6489214` → 4.86). Lower is better.
    public var score: Double? {
        scoreHundredths.map { Double($0) / 100 }
    }
}
