import Foundation
import Localization

/// A whole amount of one currency, formatted the same on every machine.
///
/// Style: the symbol before the digits for GBP "£", USD "$" and EUR "€" (`£13,758`);
/// any other code after them (`13,758 SEK`). Thousands are grouped with commas. Negatives
/// take a U+2212 minus in front of everything (`−£327`, `−327 SEK`).
public struct Money: Equatable, Sendable {
    /// Whole currency units (the source has no pennies).
    public let amount: Int
    /// ISO 4217 code, upper-cased, e.g. "GBP".
    public let currency: String

    public static let defaultCurrency = "GBP"

    /// The currency code is trimmed and upper-cased, so "gbp" and "GBP" format alike.
    public init(amount: Int, currency: String = Money.defaultCurrency) {
        self.amount = amount
        self.currency = currency.trimmingCharacters(in: .whitespaces).uppercased()
    }

    /// "£13,758", "−£327", "£0", "13,758 SEK" (in en-GB).
    public func formatted(_ conventions: TextConventions) -> String {
        text(plus: false, conventions)
    }

    /// A change of debt: "+£549", "−£327", and "£0" (no sign) for no change.
    public func signedChange(_ conventions: TextConventions) -> String {
        text(plus: true, conventions)
    }

    /// The symbol written before the digits, or nil when the code is written after them.
    public var symbol: String? {
        Self.symbols[currency]
    }

    // Only currencies whose symbol is unambiguous in an English report; others use the code.
    private static let symbols = ["GBP": "£", "USD": "$", "EUR": "€"]

    private func text(plus: Bool, _ conventions: TextConventions) -> String {
        let sign = NumberText.sign(of: amount, plus: plus)
        let digits = conventions.numbers.grouped(amount.magnitude)
        // Another locale than en-GB places the currency as its readers expect: `13.758 €` in de-DE.
        if let placement = conventions.currencyPlacement(currency) {
            return sign + placement.prefix + digits + placement.suffix
        }
        if let symbol {
            return sign + symbol + digits
        }
        return currency.isEmpty ? sign + digits : "\(sign)\(digits) \(currency)"
    }
}
