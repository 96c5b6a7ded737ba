import Foundation
import GazetteCore
import GazetteTestSupport
import XCTest

final class UTCTimeTests: XCTestCase {
    func testUTCTimeFormatsWithoutTheMachineLocale() {
        XCTAssertEqual(ReaderTime.long(TestSupport.fixedNow), "14 November 2023 at 22:13 UTC")
        XCTAssertEqual(UTCTime.iso(TestSupport.fixedNow), "2023-11-14T22:13:20Z")
        XCTAssertEqual(ReaderTime.long(Date(timeIntervalSince1970: -1)), "31 December 1969 at 23:59 UTC")
        XCTAssertEqual(UTCTime.rfc5322(TestSupport.fixedNow), "Tue, 14 Nov 2023 22:13:20 +0000")
        XCTAssertEqual(UTCTime.rfc5322(Date(timeIntervalSince1970: -1)), "Wed, 31 Dec 1969 23:59:59 +0000")
    }
}
