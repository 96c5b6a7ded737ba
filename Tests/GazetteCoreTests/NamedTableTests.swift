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
        XCTAssertEqual(Set(table.names), Set(dictionary.keys))
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
}
