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
}
