import Racing
import XCTest

final class RaceCategoryTests: XCTestCase {
    func testKnownCategoryIDs() {
        XCTAssertEqual(RaceCategory(categoryID: "4a2788f8-e825-4d36-9894-efd4baf1cfae"), .horse)
        XCTAssertEqual(RaceCategory(categoryID: "161d9be2-e909-4326-8c2c-35ed71fb460b"), .harness)
        XCTAssertEqual(RaceCategory(categoryID: "9daef0d7-bf3c-4f50-921d-8e818c60fe61"), .greyhound)
        XCTAssertEqual(RaceCategory(categoryID: "9DAEF0D7-BF3C-4F50-921D-8E818C60FE61"), .greyhound)
    }

    func testUnknownIDsAreOther() {
        XCTAssertEqual(RaceCategory(categoryID: ""), .other)
        XCTAssertEqual(RaceCategory(categoryID: "horse"), .other)
        XCTAssertEqual(RaceCategory(categoryID: "00000000-0000-0000-0000-000000000000"), .other)
    }

    func testFilterNames() {
        XCTAssertEqual(RaceCategory(filterName: "horse"), .horse)
        XCTAssertEqual(RaceCategory(filterName: " Harness "), .harness)
        XCTAssertEqual(RaceCategory(filterName: "GREYHOUND"), .greyhound)
        XCTAssertNil(RaceCategory(filterName: "other"))
        XCTAssertNil(RaceCategory(filterName: "horses"))
        XCTAssertNil(RaceCategory(filterName: ""))
    }

    func testDisplayNamesAndOrder() {
        XCTAssertEqual(RaceCategory.allCases.map(\.displayName), ["Horse", "Harness", "Greyhound", "Other"])
        XCTAssertEqual(RaceCategory.allCases.shuffled().sorted(), [.horse, .harness, .greyhound, .other])
        XCTAssertNil(RaceCategory.other.categoryID)
    }
}
