import Foundation
import GazetteKindTestSupport
import GazetteTestSupport
import Racing
import XCTest
@testable import Reports

/// The next-to-go report builder on its own: the SPEC's selections for the recorded samples (§1.2,
/// §6) on its report.json keys, without a build.
final class NextToGoReportTests: XCTestCase {
    private let mixedNow: Int64 = 1_687_208_700

    private func content(_ file: String, now: Int64, categories: [RaceCategory] = []) throws -> ReportContent {
        try NextToGoKind.build(
            KindBuild.sample(.nextToGo, file, now: Date(timeIntervalSince1970: TimeInterval(now))),
            options: NextToGoOptions(categories: categories))
    }

    func testTheMixedSampleSelectsTheSpecRaces() throws {
        let data = try content("nextraces_9_mixed.json", now: mixedNow).data.nextToGo()
        XCTAssertEqual(
            try NextToGoData.selection("all", in: data),
            ["Palermo R11", "Plainridge Racecourse R5", "Santiago R12", "Louisiana Downs R6", "Gavea R2"])
        XCTAssertEqual(data.selections["selected"], data.selections["all"], "no filter in the job means all")
        XCTAssertEqual(
            try NextToGoData.selection("horse", in: data),
            ["Palermo R11", "Santiago R12", "Louisiana Downs R6", "Gavea R2", "Prairie Meadows R3"])
        XCTAssertEqual(
            try NextToGoData.selection("harness", in: data), ["Plainridge Racecourse R5", "Plainridge Racecourse R7"])
        XCTAssertEqual(try NextToGoData.selection("greyhound", in: data), ["Manawatu R2"])
        XCTAssertEqual(
            data.selections["all"]?.map(\.countdown), ["0s", "15m", "16m", "20m", "25m"])
    }

    func testARaceLeavesOneMinuteAfterItsStart() throws {
        let before = try content("nextraces_9_mixed.json", now: mixedNow + 59).data.nextToGo()
        XCTAssertEqual(try NextToGoData.selection("horse", in: before).first, "Palermo R11")
        XCTAssertEqual(before.selections["horse"]?.first?.countdown, "-59s")
        let after = try content("nextraces_9_mixed.json", now: mixedNow + 60).data.nextToGo()
        XCTAssertEqual(
            try NextToGoData.selection("horse", in: after),
            ["Santiago R12", "Louisiana Downs R6", "Gavea R2", "Prairie Meadows R3", "Palermo R13"])
        XCTAssertEqual(
            try NextToGoData.selection("all", in: after).last, "Prairie Meadows R3", "Prairie Meadows R3 is fifth")
    }

    func testTiedStartsOrderByMeetingName() throws {
        let data = try content("nextraces_10_horse.json", now: 1_699_077_300).data.nextToGo()
        XCTAssertEqual(
            try NextToGoData.selection("horse", in: data),
            ["Alice Springs R2", "Dubbo R6", "Flemington R8", "Kranji R5", "Beaudesert R6"])
        XCTAssertEqual(data.selections["horse"]?.map(\.countdown), ["0s", "1m", "5m", "5m", "7m"])
    }

    func testTheJobsFilterIsTheSelection() throws {
        let data = try content("nextraces_9_mixed.json", now: mixedNow, categories: [.greyhound, .harness])
            .data.nextToGo()
        XCTAssertEqual(
            try NextToGoData.selection("selected", in: data),
            ["Plainridge Racecourse R5", "Plainridge Racecourse R7", "Manawatu R2"])
        XCTAssertEqual(data.filter, ["harness", "greyhound"])
    }
}
