import Foundation
import GazetteTestSupport
import XCTest
@testable import SiteOutput

/// Files a build reads back but never publishes: a message's PNGs are held in memory only while
/// their report is written (issue 52: no longer written and read back); a self-contained build's
/// SVGs stay in the scratch folder for the rest of the build.
final class ScratchFilesTests: XCTestCase {
    func testAMessagesPicturesAreHeldUntilTheirReportIsDone() throws {
        let staging = Staging(folder: TestSupport.temporaryFolder().appendingPathComponent("site.staging"))
        try staging.writeScratch("alpha/charts/a-email.png", [1, 2, 3], untilReportDone: true)
        try staging.writeScratch("beta/charts/b-email.png", [4], untilReportDone: true)
        XCTAssertEqual(staging.read("alpha/charts/a-email.png"), [1, 2, 3])
        XCTAssertFalse(
            FileManager.default.fileExists(
                atPath: staging.scratch.appendingPathComponent("alpha/charts/a-email.png").path),
            "held, not written")
        staging.releaseScratch(of: "alpha")
        XCTAssertNil(staging.read("alpha/charts/a-email.png"))
        XCTAssertEqual(staging.read("beta/charts/b-email.png"), [4], "another report's stay")
        staging.discard("beta")
        XCTAssertNil(staging.read("beta/charts/b-email.png"))
    }

    func testASelfContainedBuildsPicturesStayForTheBuild() throws {
        let staging = Staging(folder: TestSupport.temporaryFolder().appendingPathComponent("site.staging"))
        try staging.writeScratch("alpha/charts/a.svg", Array("<svg/>".utf8))
        staging.releaseScratch(of: "alpha")
        XCTAssertEqual(staging.read("alpha/charts/a.svg"), Array("<svg/>".utf8))
        XCTAssertThrowsError(try staging.writeScratch("../x.png", [1], untilReportDone: true))
    }
}
