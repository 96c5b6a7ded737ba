import XCTest

@testable import GazetteCore

/// The site's weight in words, as hosts state their limits: decimal units, rounded down.
final class SiteWeightTests: XCTestCase {
    func testSizesInDecimalUnitsRoundedDown() {
        XCTAssertEqual(SiteWeight.size(0), "0 bytes")
        XCTAssertEqual(SiteWeight.size(1), "1 byte")
        XCTAssertEqual(SiteWeight.size(999), "999 bytes")
        XCTAssertEqual(SiteWeight.size(1000), "1.00 KB")
        XCTAssertEqual(SiteWeight.size(900_018), "900 KB")
        XCTAssertEqual(SiteWeight.size(3_299_707), "3.29 MB")
        XCTAssertEqual(SiteWeight.size(62_900_000), "62.9 MB")
        XCTAssertEqual(SiteWeight.size(999_999_999), "999 MB")
        XCTAssertEqual(SiteWeight.size(1_000_000_001), "1.00 GB")
        XCTAssertEqual(SiteWeight.size(6_020_000_000), "6.02 GB")
    }

    func testFilesAndSums() {
        XCTAssertEqual(SiteWeight(files: 1, bytes: 181).description, "1 file, 181 bytes")
        XCTAssertEqual(SiteWeight(files: 360_147, bytes: 5_990_000_000).description, "360,147 files, 5.99 GB")
        var weight = SiteWeight(files: 2, bytes: 10)
        weight += SiteWeight(files: 3, bytes: 5)
        XCTAssertEqual(weight, SiteWeight(files: 5, bytes: 15))
        XCTAssertEqual(SiteWeight.grouped(-1234), "-1,234")
    }
}
