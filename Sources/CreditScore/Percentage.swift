import Localization
/// A whole percentage, written without a space before the sign: "44%".
///
/// No space matches how UK finance sites write utilisation and keeps the figure from
/// wrapping onto two lines in narrow gauges. Negatives take a U+2212 minus ("−5%").
public struct Percentage: Equatable, Sendable {
    public let value: Int

    public init(_ value: Int) {
        self.value = value
    }

    public func formatted(_ numbers: NumberText) -> String {
        numbers.withPercentSign(numbers.integer(value))
    }
}
