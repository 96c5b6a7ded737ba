import Foundation
import XCTest
@testable import Jobs
import Reports

/// `gazette schema` names every key the job loader accepts, and no other.
final class JobSchemaTests: XCTestCase {
    private func properties(_ object: Any?) -> Set<String> {
        Set(((object as? [String: Any])?["properties"] as? [String: Any])?.keys ?? [:].keys)
    }

    func testTheSchemaHasEveryKeyTheLoaderAcceptsAndNoOther() throws {
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(JobSchema.json.utf8)) as? [String: Any])
        XCTAssertEqual(schema["$schema"] as? String, "https://json-schema.org/draft/2020-12/schema")
        XCTAssertEqual(properties(schema), Set(JobFileLoader.topKeys))
        let top = schema["properties"] as! [String: Any]
        XCTAssertEqual(properties(top["email"]), Set(JobFileLoader.emailKeys))
        let items = ((top["reports"] as! [String: Any])["items"] as! [String: Any])["oneOf"] as! [[String: Any]]
        XCTAssertEqual(items.count, ReportKind.allCases.count)
        for (kind, item) in zip(ReportKind.allCases, items) {
            XCTAssertEqual(properties(item), Set(JobFileLoader.keys(of: kind)), kind.rawValue)
            let kindProperty = (item["properties"] as! [String: Any])["kind"] as! [String: Any]
            XCTAssertEqual(kindProperty["const"] as? String, kind.rawValue)
            XCTAssertEqual(properties((item["properties"] as! [String: Any])["email"]), Set(JobFileLoader.emailKeys + ["subject"]))
            for key in kind.unit.keys {
                XCTAssertNotNil((item["properties"] as! [String: Any])[key.name], "\(kind.rawValue).\(key.name)")
            }
        }
    }

    /// A key the loader accepts for one kind only is refused for another by the schema too.
    func testKindsKeepTheirOwnKeys() throws {
        XCTAssertTrue(JobFileLoader.keys(of: .workouts).contains("formula"))
        XCTAssertFalse(JobFileLoader.keys(of: .creditScore).contains("formula"))
        XCTAssertThrowsError(try JobFileLoader().parse("reports:\n  - kind: credit-score\n    input: a.json\n    formula: epley\n",
                                                       file: URL(fileURLWithPath: "/jobs/job.yml")))
    }
}
