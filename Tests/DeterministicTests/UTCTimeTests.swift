import Deterministic
import Foundation
import XCTest

final class UTCTimeTests: XCTestCase {
    func testUTCTimeFormatsWithoutTheMachineLocale() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        XCTAssertEqual(UTCTime.iso(now), "2023-11-14T22:13:20Z")
        XCTAssertEqual(UTCTime.clock(now), "22:13 UTC")
        XCTAssertEqual(UTCTime.rfc5322(now), "Tue, 14 Nov 2023 22:13:20 +0000")
        XCTAssertEqual(UTCTime.rfc5322(Date(timeIntervalSince1970: -1)), "Wed, 31 Dec 1969 23:59:59 +0000")
    }

    func testTheISOShapeIsReadOnItsBytesAsTheFieldsReaderReadsIt() {
        for seconds in stride(from: -86_400 * 400, to: 86_400 * 365 * 300, by: 86_400 * 37 + 3_661) {
            let text = UTCTime.iso(Date(timeIntervalSince1970: TimeInterval(seconds)))
            XCTAssertEqual(UTCTime.parseISO(utf8: ArraySlice(text.utf8)), UTCTime.parseISOFields(text), text)
        }
        for text in [
            "2026-02-30T10:00:00Z", "2026-13-01T10:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T10:00:00",
            "2026-1-01T10:00:00Z", "20260101T100000Z", "2026-01-01T10:00:00.5Z", "x"
        ] {
            XCTAssertEqual(UTCTime.parseISO(utf8: ArraySlice(text.utf8)), UTCTime.parseISOFields(text), text)
        }
    }
}
