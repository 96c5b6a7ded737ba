import GazetteCore
import XCTest

/// Item 9 of issue 29: names in the order people count.
final class NaturalOrderTests: XCTestCase {
    func testNamesSortNaturally() {
        let names = [
            "athlete-10.txt", "athlete-2.txt", "athlete-1.txt", "athlete-20.txt", "athlete-11.txt", "Athlete-3.txt",
            "athlete-02.txt", "athlete-2b.txt", "athlete.txt", "b", "a10b2", "a10b10", "a9"
        ]
        XCTAssertEqual(
            names.sorted(by: NaturalOrder.areInIncreasingOrder),
            [
                "Athlete-3.txt", "a9", "a10b2", "a10b10", "athlete-1.txt", "athlete-02.txt", "athlete-2.txt",
                "athlete-2b.txt",
                "athlete-10.txt", "athlete-11.txt", "athlete-20.txt", "athlete.txt", "b"
            ])
        // A total order: equal but for leading zeros still has one answer.
        XCTAssertTrue(NaturalOrder.areInIncreasingOrder("x02", "x2"))
        XCTAssertFalse(NaturalOrder.areInIncreasingOrder("x2", "x02"))
        XCTAssertFalse(NaturalOrder.areInIncreasingOrder("x2", "x2"))
        XCTAssertTrue(
            NaturalOrder.areInIncreasingOrder("9", "12345678901234567890123"), "digit runs longer than any integer")
    }
}
