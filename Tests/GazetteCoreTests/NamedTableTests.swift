import XCTest

@testable import GazetteCore

/// A named table reads as a dictionary would; a value's number is the order it was added in.
final class NamedTableTests: XCTestCase {
    func testItReadsAsADictionaryAndNumbersInTheOrderOfAdding() {
        var table = NamedTable<Int>()
        var dictionary: [String: Int] = [:]
        for (index, name) in ["b", "a", "c", "a", "d"].enumerated() {
            table[name] = index
            dictionary[name] = index
        }
        table["c"] = nil
        dictionary["c"] = nil
        table.update("d") { $0 += 10 }
        dictionary["d"]! += 10
        table.update("nobody") { $0 = -1 }

        XCTAssertEqual(table.count, dictionary.count)
        XCTAssertEqual(Set(table.allNames), Set(dictionary.keys))
        XCTAssertEqual(table.allNames, ["b", "a", "d"], "in the order they were (last) added")
        for name in ["a", "b", "c", "d", "nobody"] { XCTAssertEqual(table[name], dictionary[name], name) }
        // "a" set again took a new number; "c", removed, keeps its number unused.
        XCTAssertEqual(table.numbered("b")?.number, 0)
        XCTAssertEqual(table.numbered("a")?.number, 3)
        XCTAssertEqual(table.numbered("d")?.number, 4)
        XCTAssertNil(table.numbered("c"))
        XCTAssertEqual(table.numberLimit, 5)
        var seen: [String: Int] = [:]
        table.forEach { name, value, _ in seen[name] = value }
        XCTAssertEqual(seen, dictionary)
        XCTAssertEqual(table, NamedTable(dictionary))
        XCTAssertNotEqual(table, NamedTable(["a": 3]))
    }

    /// Thousands of names added, removed and added again, with and without room made first: it
    /// reads as a dictionary at every step's end, and numbers stay where they were given.
    func testManyNamesAcrossGrowthAndRemovalReadAsADictionary() {
        for reserved in [0, 5_000] {
            var table = NamedTable<Int>()
            table.reserveCapacity(reserved)
            var dictionary: [String: Int] = [:]
            var numbers: [String: Int] = [:]
            var generator = SystemRandomNumberGenerator()
            for step in 0..<20_000 {
                let name = "athlete-\(Int.random(in: 0..<6_000, using: &generator))"
                if step % 7 == 3 {
                    table[name] = nil
                    dictionary[name] = nil
                    numbers[name] = nil
                } else {
                    table[name] = step
                    dictionary[name] = step
                    numbers[name] = table.numberLimit - 1
                }
            }
            XCTAssertEqual(table.count, dictionary.count)
            XCTAssertEqual(table.numberLimit, 20_000 - 20_000 / 7 - (20_000 % 7 > 3 ? 1 : 0))
            for index in 0..<6_000 {
                let name = "athlete-\(index)"
                XCTAssertEqual(table[name], dictionary[name], name)
                XCTAssertEqual(table.numbered(name)?.number, numbers[name], name)
            }
            XCTAssertEqual(table, NamedTable(dictionary))
        }
    }
}
