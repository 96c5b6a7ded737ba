import Foundation
import GazetteBuildTestSupport
import GazetteCore
import GazetteTestSupport
import XCTest
@testable import Jobs

/// Item 9 of issue 29: cards whose headlines keep each name with its figure and whose detail says
/// how many lifts the headline shows.
final class AthleteCardsTests: XCTestCase {
    func testACardKeepsEachLiftWithItsFigureAndSaysHowManyItShows() async throws {
        let folder = TestSupport.temporaryFolder()
        let log = folder.appendingPathComponent("four.txt")
        TestSupport.writeFile(
            """
            Oct 04 2017,Lift 001,1,5,300
            Oct 04 2017,Lift 002,1,5,310
            Oct 04 2017,Lift 003,1,5,320
            Oct 04 2017,Lift 004,1,5,330

            """, to: log)
        let three = folder.appendingPathComponent("three.txt")
        TestSupport.writeFile(
            "Oct 04 2017,Lift 001,1,5,300\nOct 04 2017,Lift 002,1,5,310\nOct 04 2017,Lift 003,1,5,320\n", to: three)
        let result = await TestSupport.build(
            [
                ReportSpec(kind: .workouts, title: "Four", sources: [.file(log)]),
                ReportSpec(kind: .workouts, title: "Three", sources: [.file(three)])
            ],
            output: folder.appendingPathComponent("site"))
        XCTAssertEqual(result.exitCode, 0)
        let index = TestSupport.read(folder.appendingPathComponent("site/index.html"))
        XCTAssertTrue(
            index.contains(
                "<p class=\"card-headline\"><span class=\"figure\">Lift 004 371 lb</span> · "
                    + "<span class=\"figure\">Lift 003 360 lb</span> · <span class=\"figure\">Lift 002 348 lb</span></p>"
            ),
            index)
        XCTAssertTrue(index.contains("Best 1RM: the top 3 of 4 exercises over 1 training day"), index)
        XCTAssertTrue(index.contains("Best 1RM of 3 exercises over 1 training day"), index)
        let style = TestSupport.read(folder.appendingPathComponent("site/assets/style.css"))
        XCTAssertTrue(style.contains(".card-headline .figure { display: inline-block; }"))
    }
}
