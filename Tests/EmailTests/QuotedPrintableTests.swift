import Email
import Foundation
import GazetteMIMETestSupport
import XCTest

/// RFC 2045 §6.7 quoted-printable, as the text and HTML parts of `report.eml` are written.
final class QuotedPrintableTests: XCTestCase {
    private func encode(_ text: String) -> [String] { QuotedPrintable.encode(text) }

    func testPrintableASCIIStaysAsItIsAndEqualsSignsAreEncoded() {
        XCTAssertEqual(encode("Score 468 out of 700 (a \"fair\" score)"), ["Score 468 out of 700 (a \"fair\" score)"])
        XCTAssertEqual(encode("<td width=\"600\">a=b</td>"), ["<td width=3D\"600\">a=3Db</td>"])
        XCTAssertEqual(encode("a\tb c"), ["a\tb c"], "white space inside a line stays")
    }

    func testEmptyTextAndLineBreaks() {
        XCTAssertEqual(encode(""), [""])
        XCTAssertEqual(encode("\n"), ["", ""])
        XCTAssertEqual(encode("one\r\ntwo\nthree\n"), ["one", "two", "three", ""], "CRLF and LF are hard breaks")
        XCTAssertEqual(encode("a\rb\r"), ["a=0Db=0D"], "a lone CR is not a line break")
    }

    func testWhiteSpaceBeforeAHardBreakOrTheEndIsEncoded() {
        XCTAssertEqual(encode("end \nnext\t\r\nlast "), ["end=20", "next=09", "last=20"])
        XCTAssertEqual(encode("two  \n"), ["two =20", ""], "only the last one need be")
        XCTAssertEqual(encode(" "), ["=20"])
    }

    func testControlCharactersAndNonASCIIAreEncodedInUppercaseHex() {
        XCTAssertEqual(encode("\u{0}\u{1}\u{1B}[0m\u{7F}"), ["=00=01=1B[0m=7F"])
        XCTAssertEqual(encode("été — £327"), ["=C3=A9t=C3=A9 =E2=80=94 =C2=A3327"])
        XCTAssertEqual(encode("😀"), ["=F0=9F=98=80"])
    }

    func testLongLinesGetSoftBreaksAtSeventySixCharacters() {
        XCTAssertEqual(encode(String(repeating: "a", count: 76)), [String(repeating: "a", count: 76)], "76 fit")
        XCTAssertEqual(encode(String(repeating: "a", count: 77)), [String(repeating: "a", count: 75) + "=", "aa"])
        XCTAssertEqual(
            encode(String(repeating: "b", count: 200)),
            [
                String(repeating: "b", count: 75) + "=", String(repeating: "b", count: 75) + "=",
                String(repeating: "b", count: 50)
            ])
        // A soft break followed by more: the line before it holds 75 characters and the `=`.
        XCTAssertEqual(encode(String(repeating: "c", count: 76) + "\nd"), [String(repeating: "c", count: 76), "d"])
    }

    func testAnEscapeOrACharacterIsNeverSplitBySoftBreak() {
        XCTAssertEqual(
            encode(String(repeating: "a", count: 74) + "="), [String(repeating: "a", count: 74) + "=", "=3D"])
        XCTAssertEqual(
            encode(String(repeating: "a", count: 73) + "="), [String(repeating: "a", count: 73) + "=3D"],
            "76 with the escape")
        XCTAssertEqual(
            encode(String(repeating: "a", count: 73) + "€b"), [String(repeating: "a", count: 73) + "=", "=E2=82=ACb"])
        XCTAssertEqual(
            encode(String(repeating: "a", count: 66) + "€b"), [String(repeating: "a", count: 66) + "=E2=82=ACb"],
            "76 in all")
        XCTAssertEqual(
            encode(String(repeating: "a", count: 66) + "€bc"), [String(repeating: "a", count: 66) + "=E2=82=AC=", "bc"])
        // Trailing white space encoded at a line's end moves to the next line whole when it must.
        XCTAssertEqual(
            encode(String(repeating: "a", count: 74) + " "), [String(repeating: "a", count: 74) + "=", "=20"])
    }

    func testALineStartingWithADotOrFromIsEncodedThere() {
        XCTAssertEqual(encode(".\n.hidden\na.b"), ["=2E", "=2Ehidden", "a.b"], "SMTP's dot")
        XCTAssertEqual(
            encode("From me\nFromage\nFrom\n From x"), ["=46rom me", "Fromage", "From", " From x"], "mbox's From_")
        // Also where a soft break starts the line.
        XCTAssertEqual(
            encode(String(repeating: "a", count: 75) + ".b"), [String(repeating: "a", count: 75) + "=", "=2Eb"])
        XCTAssertEqual(
            encode(String(repeating: "a", count: 75) + "From the"),
            [String(repeating: "a", count: 75) + "=", "=46rom the"])
    }

    /// Random and hostile text: every line obeys the rules and the decoded bytes are the text's
    /// (CRLF read as a line break, as LF is).
    func testRandomAndHostileTextRoundTrips() throws {
        let pieces: [String] = [
            "a", "Z", "0", " ", "  ", "\t", "=", "==", ".", "..", "F", "From ", "rom ", "\r", "\n", "\r\n", "\n.\n",
            "\n\n",
            "\u{0}", "\u{1}", "\u{1B}", "\u{7F}", "\u{85}", "\u{A0}", "é", "e\u{301}", "€", "—", "😀", "👩‍👩‍👧", "🏳️‍🌈",
            "\u{FFFD}",
            "<td width=\"600\">", "=3D", "=\n", " \n", "\t\r\n", String(repeating: "x", count: 300),
            String(repeating: "=", count: 40),
            String(repeating: "€", count: 30), String(repeating: " ", count: 90), String(repeating: "😀", count: 25)
        ]
        var generator = XorShift(seed: 0x9E37_79B9_7F4A_7C15)
        var samples = [
            String(repeating: "x", count: 5000), String(repeating: "=", count: 500),
            String(repeating: " ", count: 500) + "\n",
            String(repeating: "\u{1}", count: 100), String(repeating: "👩‍👩‍👧", count: 40), ".", "From ", "\r", "\r\r\n"
        ]
        for _ in 0..<400 {
            let count = Int(generator.next() % 60)
            samples.append((0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined())
        }
        for text in samples {
            let lines = encode(text)
            for line in lines {
                XCTAssertLessThanOrEqual(line.utf8.count, 76, line)
                XCTAssertFalse(line.hasPrefix(".") || line.hasPrefix("From "), line)
                XCTAssertFalse(line.utf8.contains { $0 >= 0x80 || ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }, line)
                // Each line's bytes, escapes decoded, are whole UTF-8 characters on their own.
                let decoded = try MIMEReader.decodeQuotedPrintable(line)
                XCTAssertNotNil(String(validating: decoded, as: UTF8.self), "a character split at \(line)")
            }
            for separator in ["\r\n", "\n"] {
                let decoded = try MIMEReader.decodeQuotedPrintable(lines.joined(separator: separator))
                XCTAssertEqual(decoded, Self.lineBreaksAsLF(Array(text.utf8)), "\(text.debugDescription) → \(lines)")
            }
        }
    }

    /// A message's text and HTML parts are quoted-printable and read back exactly; pictures and
    /// the PDF stay base64.
    func testAMessageCarriesItsTextAndHTMLQuotedPrintable() throws {
        let text = "Score = 468 — été\n.\nFrom the bureau\n" + String(repeating: "long ", count: 40) + "\n"
        let html = "<p style=\"font-size:20px\">468</p>\n<img src=\"cid:gauge@gazette\">"
        let picture = InlinePicture(path: "charts/gauge-light@2x.png", bytes: Array(0...255))
        let raw = EmailMessage(
            from: try Mailbox.parse("a@example.org"), to: [try Mailbox.parse("b@example.org")], subject: "Score",
            date: Date(timeIntervalSince1970: 1_700_000_000),
            identity: "credit", contentDigest: "d", text: text, html: html, parts: [picture],
            attachment: EmailAttachment(fileName: "report.pdf", bytes: Array("%PDF-1.5".utf8))
        ).rendered()
        XCTAssertEqual(raw.components(separatedBy: "Content-Transfer-Encoding: quoted-printable\r\n").count - 1, 2)
        XCTAssertEqual(raw.components(separatedBy: "Content-Transfer-Encoding: base64\r\n").count - 1, 2)
        XCTAssertTrue(raw.contains("\r\nScore =3D 468 =E2=80=94 =C3=A9t=C3=A9\r\n=2E\r\n=46rom the bureau\r\n"), raw)
        for line in raw.components(separatedBy: "\r\n") { XCTAssertLessThanOrEqual(line.utf8.count, 76, line) }
        func parts(_ part: MIMEReader.Part) -> [MIMEReader.Part] { [part] + part.parts.flatMap(parts) }
        let all = parts(try MIMEReader.parse(raw))
        XCTAssertEqual(try XCTUnwrap(all.first { $0.contentType.hasPrefix("text/plain") }).decodedText, text)
        XCTAssertEqual(try XCTUnwrap(all.first { $0.contentType.hasPrefix("text/html") }).decodedText, html)
        let png = try XCTUnwrap(all.first { $0.contentType == "image/png" })
        XCTAssertEqual(
            Data(base64Encoded: png.body.components(separatedBy: .whitespacesAndNewlines).joined()).map(Array.init),
            Array(0...255))
    }

    static func lineBreaksAsLF(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                result.append(0x0A)
                index += 2
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }
}

private struct XorShift {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
