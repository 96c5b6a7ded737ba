import GazetteCore
import XCTest

/// `report.json`, the manifest and `part.json` as text: sorted, precise, explicit, whatever form an object takes.
final class JSONValueTests: XCTestCase {
    func testJSONIsSortedPreciseAndExplicit() {
        let value = JSONValue.object([
            "b": .double(310.90909090909093), "a": .null, "c": .array([.int(1), .string("x\"<")]), "d": .double(360)
        ])
        XCTAssertEqual(
            value.rendered(),
            """
            {
              "a": null,
              "b": 310.90909090909093,
              "c": [
                1,
                "x\\"\\u003c"
              ],
              "d": 360.0
            }

            """)
    }

    func testEveryFormOfAnObjectWritesTheSameText() {
        let fields: [String: JSONValue] = [
            "b": .double(0.1), "a": .string("tab\there <b> \u{1} é"), "c": .array([]), "d": .object([:])
        ]
        let sorted = fields.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
        let plain = JSONValue.object(fields).rendered()
        XCTAssertEqual(JSONValue.sortedObject(sorted).rendered(), plain)
        XCTAssertEqual(JSONValue.lazyObject(JSONFields { AnyIterator(sorted.makeIterator()) }).rendered(), plain)
        XCTAssertEqual(JSONValue.lazyObject(JSONFields { AnyIterator([].makeIterator()) }).rendered(), "{}\n")
        XCTAssertTrue(plain.contains(#""a": "tab\there \u003cb> \u0001 é""#), plain)
        XCTAssertEqual(JSONValue.sortedObject(sorted), JSONValue.object(fields))
    }
}
