import TextStyle
/// Text for the report's figures, with one rule for missing values: an em dash.
public enum Display {
    /// Shown wherever an optional amount, percentage or count is missing (SPEC §1.3).
    public static let missing = NumberText.missing

    /// "£13,758", or "—" when nil.
    public static func money(_ amount: Int?, currency: String = Money.defaultCurrency) -> String {
        amount.map { Money(amount: $0, currency: currency).formatted } ?? missing
    }

    /// "+£549" / "−£327" / "£0", or "—" when nil.
    public static func signedChange(_ amount: Int?, currency: String = Money.defaultCurrency) -> String {
        amount.map { Money(amount: $0, currency: currency).signedChange } ?? missing
    }

    /// "44%", or "—" when nil.
    public static func percentage(_ value: Int?) -> String {
        value.map { Percentage($0).formatted } ?? missing
    }

    /// A plain count with thousands grouped, e.g. days until the next report: "9", or "—".
    public static func integer(_ value: Int?) -> String {
        value.map { NumberText.integer($0) } ?? missing
    }

    /// A change of a count, e.g. of the score: "+12", "−3", "0", or "—".
    public static func signedInteger(_ value: Int?) -> String {
        value.map { NumberText.integer($0, plus: true) } ?? missing
    }
}
