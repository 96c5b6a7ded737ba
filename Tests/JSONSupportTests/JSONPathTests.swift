import Foundation
import JSONSupport
import XCTest

/// The path language of `fields:` (docs/reference/inputs.md, "Any other JSON"): keys joined by
/// dots, `[]` for each element, `{}` for each value by key, `[n]` for one element, `.` alone.
final class JSONPathTests: XCTestCase {
    private let document: Any = try! JSONSerialization.jsonObject(
        with: Data(
            """
            {"data": {"events": [
              {"title": "First", "entrants": [{"no": 1, "odds": {"win": 2.5}}, {"no": 2, "odds": {"win": null}}]},
              {"title": "Second", "entrants": [{"no": 7}], "byID": {"b": {"n": 2}, "a": {"n": 1}}}
            ]}}
            """.utf8))

    private func paths(_ text: String) throws -> [String] {
        try XCTUnwrap(JSONPath(text)).values(in: document).map(\.keyPath)
    }

    func testKeysElementsAndValuesByKeyAreWalkedWithTheirKeyPaths() throws {
        XCTAssertEqual(try paths("data.events[]"), ["data.events[0]", "data.events[1]"])
        XCTAssertEqual(
            try paths("data.events[].entrants[].no"),
            ["data.events[0].entrants[0].no", "data.events[0].entrants[1].no", "data.events[1].entrants[0].no"])
        // An object keyed by id is walked in key order, its keys written as keys.
        XCTAssertEqual(try paths("data.events[1].byID{}.n"), ["data.events[1].byID.a.n", "data.events[1].byID.b.n"])
        // A null or absent value reaches nothing; `.` is the value itself.
        XCTAssertEqual(try paths("data.events[0].entrants[].odds.win"), ["data.events[0].entrants[0].odds.win"])
        XCTAssertEqual(try paths("."), [""])
        XCTAssertEqual(try XCTUnwrap(JSONPath("data.events[1].title")).value(in: document)?.value as? String, "Second")
        XCTAssertTrue(try XCTUnwrap(JSONPath("data.events[]")).isList)
        XCTAssertFalse(try XCTUnwrap(JSONPath("data.events[0].title")).isList)
    }

    func testAStepOnTheWrongKindOfValueIsAFaultAtItsKeyPath() throws {
        XCTAssertThrowsError(try XCTUnwrap(JSONPath("data.events[0].title[]")).values(in: document)) { error in
            let fault = error as? JSONPath.Fault
            XCTAssertEqual(fault?.keyPath, "data.events[0].title")
            XCTAssertEqual(fault?.message, "expected an array, found a string")
        }
        // A list the input must have names the first key absent.
        XCTAssertThrowsError(try XCTUnwrap(JSONPath("data.races[]")).requiredValues(in: document)) { error in
            XCTAssertEqual((error as? JSONPath.Fault)?.keyPath, "data.races")
        }
    }

    func testTextThatIsNotAPathIsRefused() {
        for text in ["", "a..b", ".a", "a.", "a[", "a[x]", "a]b", "a.[]"] {
            XCTAssertNil(JSONPath(text), text)
        }
        XCTAssertEqual(JSONPath("[]")?.steps, [.each])
        XCTAssertEqual(JSONPath("a[2].b{}")?.steps, [.key("a"), .index(2), .key("b"), .eachValue])
    }

    func testAMappingsProblemsAreNamedByKey() {
        let keys = FieldKeys(
            required: ["races", "start"], optional: ["name"],
            groups: ["runners": FieldKeys(required: ["path", "number"])],
            lists: ["races"])
        XCTAssertEqual(keys.problem(in: FieldMapping(paths: ["races": "a[]"])), "fields needs start")
        XCTAssertEqual(
            keys.problem(in: FieldMapping(paths: ["races": "a[]", "start": "t[]"])),
            "fields.start: \"t[]\" reaches many values, where one is wanted: no [] or {}")
        XCTAssertEqual(
            keys.problem(
                in: FieldMapping(
                    paths: ["races": "a[]", "start": "t"], groups: ["runners": FieldMapping(paths: ["path": "r[]"])])),
            "fields.runners needs number")
        XCTAssertNil(keys.problem(in: FieldMapping(paths: ["races": "a[]", "start": "t"])))
    }
}
