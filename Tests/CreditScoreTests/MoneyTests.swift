import CreditScore
import XCTest

final class MoneyTests: XCTestCase {
    func testDefaultCurrencyIsPoundsSterling() {
        XCTAssertEqual(Money(amount: 13758).currency, "GBP")
        XCTAssertEqual(Money(amount: 13758).formatted(.standard), "£13,758")
    }

    func testThousandsAreGroupedWithCommas() {
        let cases: [(Int, String)] = [
            (0, "£0"), (7, "£7"), (999, "£999"), (1000, "£1,000"), (30600, "£30,600"),
            (100_000, "£100,000"), (1_234_567, "£1,234,567")
        ]
        for (amount, text) in cases {
            XCTAssertEqual(Money(amount: amount).formatted(.standard), text)
        }
    }

    func testNegativeAmountsUseTheMinusSignBeforeTheSymbol() {
        XCTAssertEqual(Money(amount: -327).formatted(.standard), "\u{2212}£327")
        XCTAssertEqual(Money(amount: -1_000_000).formatted(.standard), "−£1,000,000")
    }

    func testSymbolCurrencies() {
        XCTAssertEqual(Money(amount: 13758, currency: "USD").formatted(.standard), "$13,758")
        XCTAssertEqual(Money(amount: 13758, currency: "EUR").formatted(.standard), "€13,758")
        XCTAssertEqual(Money(amount: -5, currency: "EUR").formatted(.standard), "−€5")
    }

    func testOtherCurrenciesAreWrittenByCodeAfterTheAmount() {
        XCTAssertEqual(Money(amount: 13758, currency: "SEK").formatted(.standard), "13,758 SEK")
        XCTAssertEqual(Money(amount: -13758, currency: "SEK").formatted(.standard), "−13,758 SEK")
        XCTAssertNil(Money(amount: 1, currency: "SEK").symbol)
    }

    func testCurrencyCodeIsNormalised() {
        XCTAssertEqual(Money(amount: 1, currency: " usd "), Money(amount: 1, currency: "USD"))
        XCTAssertEqual(Money(amount: 1, currency: "gbp").formatted(.standard), "£1")
    }

    func testExtremeAmounts() {
        XCTAssertEqual(Money(amount: Int.max).formatted(.standard), "£9,223,372,036,854,775,807")
        XCTAssertEqual(Money(amount: Int.min).formatted(.standard), "−£9,223,372,036,854,775,808")
    }

    func testSignedChange() {
        XCTAssertEqual(Money(amount: 549).signedChange(.standard), "+£549")
        XCTAssertEqual(Money(amount: -327).signedChange(.standard), "−£327")
        XCTAssertEqual(Money(amount: 0).signedChange(.standard), "£0")
        XCTAssertEqual(Money(amount: 12_500, currency: "SEK").signedChange(.standard), "+12,500 SEK")
    }
}
