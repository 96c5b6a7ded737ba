import Foundation
import GazetteTestSupport
import XCTest

/// The record book through the binary (issue 54): `report.json`'s `repMaxes` and `repsToBeat`, and
/// the exercise page's table, on a log worked by hand (Brzycki: w × 36 / (37 − r)).
final class RecordBookCommandTests: XCTestCase {
    func testTheRecordBookAndTheRepsToBeat() throws {
        let folder = TestSupport.temporaryFolder()
        TestSupport.writeFile(
            """
            Jan 02 2024,Bench Press,1,5,80
            Jan 02 2024,Bench Press,1,3,85
            Jan 09 2024,Bench Press,1,5,82.5
            Jan 09 2024,Bench Press,1,1,95
            Jan 16 2024,Bench Press,1,5,82.5
            Jan 16 2024,Bench Press,1,8,70
            Jan 16 2024,Bench Press,1,15,50
            Jan 23 2024,Bench Press,1,3,80

            """, to: folder.appendingPathComponent("log.txt"))
        var environment = TestSupport.environmentWithOwnCache()
        let result = try TestSupport.run(
            try TestSupport.gazette(),
            ["build", "--workouts", "log.txt", "--now", "2024-02-01T00:00:00Z", "--output", "site", "--quiet"],
            environment: environment, in: folder)
        XCTAssertEqual(result.status, 0, result.output)
        let site = folder.appendingPathComponent("site/workouts")
        let report =
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("report.json")))
            as! [String: Any]
        let bench = (report["exercises"] as! [[String: Any]])[0]
        let book = (bench["repMaxes"] as! [[String: Any]]).map {
            "\($0["reps"] as! Int) \($0["weight"] as! Double) \($0["date"] as! String)"
        }
        XCTAssertEqual(book, ["1 95.0 2024-01-09", "3 85.0 2024-01-02", "5 82.5 2024-01-09", "8 70.0 2024-01-16"])
        // Best 95; at 80 lb, 6 reps give 92.9 and 7 give 96.
        let toBeat = bench["repsToBeat"] as! [String: Any]
        XCTAssertEqual(toBeat["weight"] as? Double, 80)
        XCTAssertEqual(toBeat["reps"] as? Int, 7)
        let page = TestSupport.read(site.appendingPathComponent("bench-press.html"))
        XCTAssertTrue(page.contains("Reps to beat at 80 lb, the weight last worked with: 7."), page)
        // 82.5 × 36 / 32 = 92.8, shown whole as every 1RM is.
        XCTAssertTrue(
            page.contains(
                #"<tr><th scope="row" class="num">5</th><td class="num">82.5 lb</td><td><time datetime="2024-01-09">9 Jan 2024</time></td><td class="num">92</td></tr>"#
            ), page)
    }
}
