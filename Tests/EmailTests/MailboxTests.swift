import XCTest

@testable import Email

/// A mailbox as mail programs write and read it: display names quoted or encoded where they must
/// be, and an address checked against RFC 5322 where it is read.
final class MailboxTests: XCTestCase {
    func testDisplayNamesAreWrittenAsMailProgramsReadThem() throws {
        XCTAssertEqual(try Mailbox.parse("sam@example.org").header, "sam@example.org")
        XCTAssertEqual(try Mailbox.parse("Sam Lee <sam@example.org>").header, "Sam Lee <sam@example.org>")
        XCTAssertEqual(try Mailbox.parse("Lee, Sam <sam@example.org>").header, "\"Lee, Sam\" <sam@example.org>")
        XCTAssertEqual(
            try Mailbox.parse("\"Sam \\\"Big\\\" Lee\" <sam@example.org>").header,
            "\"Sam \\\"Big\\\" Lee\" <sam@example.org>")
        XCTAssertEqual(
            try Mailbox.parse("Élodie Martin <e@example.org>").header,
            "=?UTF-8?B?w4lsb2RpZSBNYXJ0aW4=?= <e@example.org>"
        )
        XCTAssertEqual(try Mailbox.parse("信用スコア <score@example.org>").name, "信用スコア")
    }

    /// Addresses are RFC 5322 mailboxes, checked where they are read.
    func testMailboxesAreCheckedAsRFC5322Addresses() throws {
        let good = [
            "sam@example.org", "Sam Lee <sam@example.org>", "Lee, Sam <sam@example.org>",
            "\"Sam \\\"Big\\\" Lee\" <sam@example.org>",
            "Élodie Martin <e@example.org>", "first.last+tag@sub.example.org", "\"odd local\"@example.org",
            "ops@[192.0.2.1]",
            "gazette@localhost", "<sam@example.org>"
        ]
        for text in good { XCTAssertNoThrow(try Mailbox.parse(text), text) }
        let lee = try Mailbox.parse("Lee, Sam <sam@example.org>")
        XCTAssertEqual(lee.name, "Lee, Sam")
        XCTAssertEqual(lee.address, "sam@example.org")
        let bad = [
            "E-from<script>alert(1)</script>\"> x", "sam", "sam@", "@example.org", "sam@@example.org",
            "a..b@example.org",
            "sam@exa mple.org", "Sam <sam@example.org", "Sam \"Lee <sam@example.org>", "\"Sam <sam@example.org>",
            "Zoë@example.org", "Sam <sam@example.org> <x@example.org>", "", "sam@example.org\nBcc: x@example.org"
        ]
        for text in bad { XCTAssertThrowsError(try Mailbox.parse(text), text) }
    }
}
