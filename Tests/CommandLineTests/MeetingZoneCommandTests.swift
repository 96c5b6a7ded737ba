import Foundation
import GazetteTestSupport
import XCTest

/// An rpscrape CSV that names no meeting's zone (no `region` column, no country after its
/// course) reads its off times in the readers' zone and says so; `meeting-timezone:` names the
/// zone they were written in (docs/reference/inputs.md, "The rpscrape results CSV").
///
/// The race is off at `1:45` on 3 June 2026: 13:45 at the course. Read as UTC that is 13:45 UTC;
/// read in London, on summer time, it is 13:45 BST, which is 12:45 UTC.
final class MeetingZoneCommandTests: XCTestCase {
    private static let csv = """
        date,course,off,race_name,num,pos,horse,dec
        2026-06-03,Fernmoor,1:45,Bracken Handicap,4,1,Copper Lane,3.50
        2026-06-03,Fernmoor,1:45,Bracken Handicap,2,2,Night Heron,5.00
        """

    private func build(meetingZone: String?) throws -> (status: Int32, output: String, page: String) {
        let folder = TestSupport.temporaryFolder()
        TestSupport.writeFile(Self.csv, to: folder.appendingPathComponent("results.csv"))
        TestSupport.writeFile(
            """
            title: Results
            reports:
              - kind: race-card
                title: Races
                input: results.csv
            \(meetingZone.map { "    meeting-timezone: \($0)" } ?? "")
            """, to: folder.appendingPathComponent("job.yml"))
        let site = folder.appendingPathComponent("site")
        let run = try TestSupport.run(
            TestSupport.gazette(),
            [
                "build", folder.appendingPathComponent("job.yml").path, "--output", site.path,
                "--now", "2026-06-04T09:00:00Z"
            ])
        let page = TestSupport.read(site.appendingPathComponent("races/index.html"))
        return (run.status, run.output, page)
    }

    func testTimesWithoutAZoneAreReadInTheReadersZoneAndSaidSo() throws {
        let built = try build(meetingZone: nil)
        XCTAssertEqual(built.status, 0, built.output)
        XCTAssertTrue(built.output.contains("they are read as UTC times"), built.output)
        XCTAssertTrue(built.output.contains("meeting-timezone:"), built.output)
        XCTAssertTrue(built.page.contains("13:45 UTC"), built.page)
    }

    func testMeetingTimezoneNamesTheZoneTheTimesWereWrittenIn() throws {
        let built = try build(meetingZone: "Europe/London")
        XCTAssertEqual(built.status, 0, built.output)
        XCTAssertFalse(built.output.contains("they are read as"), built.output)
        XCTAssertTrue(built.page.contains("13:45 BST"), built.page)
        XCTAssertFalse(built.page.contains("13:45 UTC"), built.page)
    }

    func testAnUnknownMeetingTimezoneIsRefusedAtItsPlace() throws {
        let built = try build(meetingZone: "Europe/Lundon")
        XCTAssertNotEqual(built.status, 0, built.output)
        XCTAssertTrue(built.output.contains("job.yml:6:"), built.output)
        XCTAssertTrue(built.output.contains("meeting-timezone must be an IANA time zone"), built.output)
        XCTAssertTrue(built.output.contains("Europe/Lundon"), built.output)
    }
}
