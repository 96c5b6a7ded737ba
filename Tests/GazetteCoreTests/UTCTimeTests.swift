import Foundation
import GazetteCore
import GazetteTestSupport
import XCTest

final class UTCTimeTests: XCTestCase {
    func testUTCTimeFormatsWithoutTheMachineLocale() {
        XCTAssertEqual(UTCTime.long(TestSupport.fixedNow), "14 November 2023 at 22:13 UTC")
        XCTAssertEqual(UTCTime.iso(TestSupport.fixedNow), "2023-11-14T22:13:20Z")
        XCTAssertEqual(UTCTime.long(Date(timeIntervalSince1970: -1)), "31 December 1969 at 23:59 UTC")
    }
}
