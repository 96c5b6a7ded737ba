import Localization
/// Text for the report's figures in the readers' conventions, with one rule for missing values:
/// an em dash.
public struct Display: Sendable {
    /// Shown wherever an optional amount, percentage or count is missing (SPEC §1.3).
    public static let missing = NumberText.missing

    public let conventions: TextConventions

    public init(_ conventions: TextConventions) {
        self.conventions = conventions
    }

    private var missing: String { Self.missing }

    /// The message `key` in the readers' language, its placeholders filled from `values`.
    public func callAsFunction(_ key: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        conventions.words.text(key, values)
    }

    /// The plural message `key` for `number`, `{count}` filled with the number grouped.
    public func count(_ key: String, _ number: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
        conventions.words.count(key, number, conventions.numbers.grouped(number), values)
    }

    /// A band's name in the readers' language: `Very poor`, `Sehr schlecht`.
    public func bandName(_ band: ScoreBand) -> String {
        self("creditScore.bandNames." + band.key)
    }

    /// "£13,758", or "—" when nil.
    public func money(_ amount: Int?, currency: String = Money.defaultCurrency) -> String {
        amount.map { Money(amount: $0, currency: currency).formatted(conventions) } ?? missing
    }

    /// "+£549" / "−£327" / "£0", or "—" when nil.
    public func signedChange(_ amount: Int?, currency: String = Money.defaultCurrency) -> String {
        amount.map { Money(amount: $0, currency: currency).signedChange(conventions) } ?? missing
    }

    /// "44%", or "—" when nil.
    public func percentage(_ value: Int?) -> String {
        value.map { Percentage($0).formatted(conventions.numbers) } ?? missing
    }

    /// A plain count with thousands grouped, e.g. days until the next report: "9", or "—".
    public func integer(_ value: Int?) -> String {
        value.map { conventions.numbers.integer($0) } ?? missing
    }

    /// A change of a count, e.g. of the score: "+12", "−3", "0", or "—".
    public func signedInteger(_ value: Int?) -> String {
        value.map { conventions.numbers.integer($0, plus: true) } ?? missing
    }
}
