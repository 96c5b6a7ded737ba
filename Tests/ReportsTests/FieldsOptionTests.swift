import GazetteCore
import JSONSupport
import XCTest

@testable import Reports

/// Issue 64, 4: `fields:` as a race-card, next-to-go and credit-score report reads it from a job:
/// the block becomes the domain's mapping, and an unknown key, a text that is not a path, a key
/// the block lacks or `format:` beside it is an error at its place; the schema lists each key.
final class FieldsOptionTests: XCTestCase {
    private func scalar(_ text: String) -> OptionValue { OptionValue(.scalar(text), at: .none) }

    private func mapping(_ entries: [(String, OptionValue)]) -> OptionValue {
        OptionValue(.mapping(entries.map { OptionEntry(key: $0.0, at: .none, value: $0.1) }), at: .none)
    }

    private var runners: OptionValue {
        mapping([("path", scalar("entrants[]")), ("number", scalar("no")), ("name", scalar("horse.name"))])
    }

    func testABlockBecomesTheMappingEachKindReads() throws {
        let block = mapping([("races", scalar("data.events[]")), ("start", scalar("startsAt")), ("runners", runners)])
        let options = try RaceCardKind.options(OptionFields(["fields": block]))
        XCTAssertEqual(
            options.fields,
            FieldMapping(
                paths: ["races": "data.events[]", "start": "startsAt"],
                groups: ["runners": FieldMapping(paths: ["path": "entrants[]", "number": "no", "name": "horse.name"])]))
        let list = mapping([
            ("races", scalar("upcoming[]")), ("number", scalar("no")), ("meeting", scalar("venue")),
            ("start", scalar("jumpsAt"))
        ])
        XCTAssertEqual(try NextToGoKind.options(OptionFields(["fields": list])).fields?.paths["meeting"], "venue")
        let credit = mapping([("score", scalar("s")), ("min", scalar("lo")), ("max", scalar("hi"))])
        XCTAssertEqual(try CreditScoreKind.options(OptionFields(["fields": credit])).fields?.paths["max"], "hi")
    }

    func testMistakesInTheBlockAreNamed() {
        let cases: [(OptionValue, String)] = [
            (
                mapping([("races", scalar("a[]")), ("start", scalar("t")), ("runners", runners), ("odds", scalar("o"))]
                ),
                "unknown key \"odds\" in fields"
            ),
            (mapping([("races", scalar("a[]")), ("start", scalar("t"))]), "fields needs runners"),
            (
                mapping([("races", scalar("a[")), ("start", scalar("t")), ("runners", runners)]),
                "fields.races: \"a[\" is not a path"
            )
        ]
        for (block, expected) in cases {
            XCTAssertThrowsError(try RaceCardKind.options(OptionFields(["fields": block]))) {
                XCTAssertTrue(($0 as? BuildError)?.message.hasPrefix(expected) ?? false, "\($0)")
            }
        }
        let both = OptionFields([
            "format": scalar("neds"),
            "fields": mapping([("races", scalar("a[]")), ("start", scalar("t")), ("runners", runners)])
        ])
        XCTAssertThrowsError(try RaceCardKind.options(both)) {
            XCTAssertEqual(
                ($0 as? BuildError)?.message, "fields: reads an input no format knows; it goes without format: neds")
        }
    }

    func testTheSchemaListsEachKindsKeys() throws {
        let key = try XCTUnwrap(RaceCardKind.keys.first { $0.name == "fields" })
        guard case .object(let schema) = key.schema, case .object(let properties)? = schema["properties"],
            case .object(let runners)? = properties["runners"], case .array(let required)? = runners["required"]
        else { return XCTFail("\(key.schema)") }
        XCTAssertEqual(required, [.string("path"), .string("number"), .string("name")])
        XCTAssertNotNil(properties["placings"])
        XCTAssertTrue(NextToGoKind.keys.contains { $0.name == "fields" })
        XCTAssertTrue(CreditScoreKind.keys.contains { $0.name == "fields" })
    }
}
