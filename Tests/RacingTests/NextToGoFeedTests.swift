import Foundation
import Racing
import XCTest

final class NextToGoFeedTests: XCTestCase {
    private func label(_ race: RaceSummary) -> String { "\(race.meetingName) R\(race.number)" }

    private func decodingError(_ json: String, file: StaticString = #filePath, line: UInt = #line)
        -> RacingDecodingError?
    {
        do {
            _ = try NextToGoFeed.decode(from: Data(json.utf8))
            XCTFail("expected a decoding error", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    /// A minimal response holding one summary with the given JSON members.
    private func body(id: String = "r1", _ members: String) -> String {
        #"{"status": 200, "data": {"next_to_go_ids": ["\#(id)"], "race_summaries": {"\#(id)": {\#(members)}}}}"#
    }

    private let required = #""race_id": "r1", "race_number": 4, "meeting_name": "M", "category_id": "x""#

    // MARK: - Sample data

    func testNineMixedDecodesInStartOrder() throws {
        let feed = try NextToGoFeed.decode(from: sampleData("nextraces_9_mixed.json"))
        XCTAssertEqual(feed.status, 200)
        XCTAssertEqual(feed.message, "Next 15 races from each category")
        XCTAssertEqual(feed.skippedIDs, [])
        XCTAssertEqual(
            feed.races.map(label),
            [
                "Palermo R11", "Plainridge Racecourse R5", "Santiago R12", "Louisiana Downs R6", "Gavea R2",
                "Prairie Meadows R3", "Palermo R13", "Plainridge Racecourse R7", "Manawatu R2"
            ])
        XCTAssertEqual(
            feed.races.map(\.category),
            [.horse, .harness, .horse, .horse, .horse, .horse, .horse, .harness, .greyhound])
    }

    func testSummaryFields() throws {
        let feed = try NextToGoFeed.decode(from: sampleData("nextraces_9_mixed.json"))
        XCTAssertEqual(
            feed.races[0],
            RaceSummary(
                id: "1bdf5d35-0300-4e1e-8a2b-2cc331eda045", name: "1M Stakes", number: 11,
                meetingID: feed.races[0].meetingID, meetingName: "Palermo",
                categoryID: "4a2788f8-e825-4d36-9894-efd4baf1cfae", advertisedStart: 1_687_208_700,
                venueID: feed.races[0].venueID, venueName: "Palermo", venueState: "ARG", venueCountry: "ARG",
                weather: nil, distance: 1600, trackCondition: "Good"))
        XCTAssertNotNil(feed.races[0].meetingID)
        let gavea = try XCTUnwrap(feed.races.first { $0.meetingName == "Gavea" })
        XCTAssertEqual(gavea.weather, "Mostly Cloudy")
        XCTAssertEqual(gavea.name, "Race 2 - Premio Aiortrophe - 1999")
    }

    func testTenHorseSharedStartOrdersByMeetingName() throws {
        let feed = try NextToGoFeed.decode(from: sampleData("nextraces_10_horse.json"))
        XCTAssertEqual(feed.races.count, 10)
        XCTAssertTrue(feed.races.allSatisfy { $0.category == .horse })
        let labels = feed.races.map(label)
        let flemington = try XCTUnwrap(labels.firstIndex(of: "Flemington R8"))
        XCTAssertEqual(labels[flemington + 1], "Kranji R5")
        XCTAssertEqual(feed.races[flemington].advertisedStart, feed.races[flemington + 1].advertisedStart)
    }

    func testSevenIDsSixSummaries() throws {
        let feed = try NextToGoFeed.decode(from: sampleData("nextraces_7ids_6summaries.json"))
        XCTAssertEqual(feed.races.count, 6)
        XCTAssertEqual(feed.skippedIDs, ["3f6bbab6-f1bd-4822-9dbf-9047366a7ab6"])
        // Gavea has a summary but is missing from the id list: it still counts.
        XCTAssertTrue(feed.races.contains { $0.meetingName == "Gavea" })
    }

    func testGreyhoundAndHarnessWithoutWeather() throws {
        let feed = try NextToGoFeed.decode(from: sampleData("nextraces_5_greyhound_harness.json"))
        XCTAssertEqual(feed.races.count, 5)
        XCTAssertEqual(feed.races.filter { $0.category == .greyhound }.count, 4)
        XCTAssertEqual(feed.races.filter { $0.category == .harness }.count, 1)
        XCTAssertEqual(
            feed.races.map(label),
            ["Crayford Bags R4", "Albion Park R7", "Traralgon R11", "Romford Bags R5", "The Meadows R6"])
        XCTAssertEqual(feed.races.map(\.weather), [nil, "FINE", "FINE", nil, "OCAST"])
    }

    /// The recorded invalid body gives the same summary keys twice with different values: the
    /// first fault in the text, before the missing `race_summaries`.
    func testInvalidBodyNamesTheKeyGivenTwice() throws {
        do {
            _ = try NextToGoFeed.decode(from: sampleData("nextraces_invalid_body.json"))
            XCTFail("expected a decoding error")
        } catch let error as RacingDecodingError {
            XCTAssertEqual(error.keyPath, "data.summaries.0f48a5a6-c68c-4114-ac08-7e5724dc5318.name")
            XCTAssertEqual(error.line, 10)
            XCTAssertEqual(error.column, 17)
            XCTAssertTrue(
                error.message.contains("the key \"name\" is given twice with different values"), error.message)
        }
    }

    // MARK: - Hand-made bodies

    func testMissingStartSecondsNamesTheFullPath() {
        let error = decodingError(
            body(
                id: "abc-1",
                #""race_id": "abc-1", "race_number": 1, "meeting_name": "M", "category_id": "x", "advertised_start": {}"#
            ))
        XCTAssertEqual(error?.keyPath, "data.race_summaries.abc-1.advertised_start.seconds")
    }

    func testEachRequiredKey() {
        let members = [
            "race_id": #""race_id": "r1""#, "race_number": #""race_number": 4"#,
            "meeting_name": #""meeting_name": "M""#, "category_id": #""category_id": "x""#,
            "advertised_start": #""advertised_start": {"seconds": 10}"#
        ]
        for missing in members.keys.sorted() {
            let present = members.filter { $0.key != missing }.values.sorted().joined(separator: ", ")
            XCTAssertEqual(decodingError(body(present))?.keyPath, "data.race_summaries.r1.\(missing)", missing)
        }
    }

    func testWrongTypeNamesThePath() {
        let error = decodingError(
            body(
                #""race_id": "r1", "race_number": "4", "meeting_name": "M", "category_id": "x", "advertised_start": {"seconds": 1}"#
            ))
        XCTAssertEqual(error?.description, "data.race_summaries.r1.race_number: expected an integer, found a string")
    }

    func testNumericLookingIDsAreKeysNotIndices() {
        let error = decodingError(body(id: "123", #""race_id": "123""#))
        XCTAssertEqual(error?.keyPath, "data.race_summaries.123.race_number")
    }

    func testMissingDataAndOptionalTopLevelKeys() throws {
        XCTAssertEqual(decodingError(#"{"status": 500, "message": "down"}"#)?.keyPath, "data")
        let feed = try NextToGoFeed.decode(from: Data(#"{"data": {"race_summaries": {}}}"#.utf8))
        XCTAssertEqual(feed, NextToGoFeed(races: []))
        XCTAssertNil(feed.status)
    }

    func testRaceFormMayBeMissingNullOrPartial() throws {
        let start = #""advertised_start": {"seconds": 100}"#
        for form in ["", #", "race_form": null"#, #", "race_form": {}"#, #", "race_form": {"weather": null, "x": 1}"#] {
            let feed = try NextToGoFeed.decode(from: Data(body("\(required), \(start)\(form)").utf8))
            XCTAssertNil(feed.races[0].weather)
            XCTAssertNil(feed.races[0].distance)
            XCTAssertNil(feed.races[0].trackCondition)
        }
    }

    func testUnknownCategoryAndUnknownKeys() throws {
        let feed = try NextToGoFeed.decode(
            from: Data(
                body("\(required), \"advertised_start\": {\"seconds\": 5, \"nanos\": 0}, \"new_field\": [1]").utf8))
        XCTAssertEqual(feed.races[0].category, .other)
        XCTAssertEqual(feed.races[0].categoryID, "x")
        XCTAssertNil(feed.races[0].name)
    }

    func testSkippedIDsAreListedOnceInListOrder() throws {
        let json =
            #"{"data": {"next_to_go_ids": ["z", "r1", "a", "z"], "race_summaries": {"r1": {\#(required), "advertised_start": {"seconds": 1}}}}}"#
        XCTAssertEqual(try NextToGoFeed.decode(from: Data(json.utf8)).skippedIDs, ["z", "a"])
    }

    func testNotJSON() {
        XCTAssertEqual(decodingError("<html>")?.keyPath, "")
    }

    // MARK: - Several broken summaries

    /// With every summary broken, the error names the smallest id, whatever the document or
    /// hash order, on every decode (a dictionary's order used to pick a different one each run).
    func testEveryBrokenSummaryGivesTheSmallestIDOnEveryDecode() throws {
        let ids = ["r-07", "r-03", "r-11", "r-01", "r-10", "r-05", "r-02", "r-09", "r-04", "r-12", "r-06", "r-08"]
        let summaries = ids.map { id in
            #""\#(id)": {"race_id": "\#(id)", "meeting_name": "M", "category_id": "x", "advertised_start": {"seconds": 1}}"#
        }
        let json = #"{"data": {"next_to_go_ids": [], "race_summaries": {\#(summaries.joined(separator: ", "))}}}"#
        let expected = RacingDecodingError(
            keyPath: "data.race_summaries.r-01.race_number",
            message: "missing required key")
        for _ in 0..<25 {
            XCTAssertEqual(decodingError(json), expected)
        }
    }

    /// Only broken summaries count: a valid one with a smaller id does not hide the error.
    func testFirstBrokenSummaryInIDOrderIsReported() {
        let good = #""a": {\#(required), "advertised_start": {"seconds": 1}}"#
        let badC = #""c": {"race_id": "c", "race_number": "x"}"#
        let badB = #""b": {"race_id": "b"}"#
        let json = #"{"data": {"race_summaries": {\#(badC), \#(good), \#(badB)}}}"#
        for _ in 0..<10 {
            XCTAssertEqual(decodingError(json)?.keyPath, "data.race_summaries.b.race_number")
        }
    }

    func testRaceSummariesMustBeAnObject() {
        XCTAssertEqual(
            decodingError(#"{"data": {"race_summaries": []}}"#)?.description,
            "data.race_summaries: expected an object, found an array")
    }

    // MARK: - Advertised start range

    private func start(_ seconds: String) -> String {
        body("\(required), \"advertised_start\": {\"seconds\": \(seconds)}")
    }

    func testAdvertisedStartOutOfRangeIsAnErrorAtItsKey() {
        for seconds in ["9223372036854775807", "-9223372036854775808", "253402300800", "-62135596801"] {
            let error = decodingError(start(seconds))
            XCTAssertEqual(error?.keyPath, "data.race_summaries.r1.advertised_start.seconds", seconds)
            XCTAssertEqual(
                error?.message,
                "advertised start \(seconds) is out of range (expected Unix seconds within the years 0001 to 9999)",
                seconds)
            XCTAssertEqual(error?.line, 1, "placed at its value")
        }
    }

    func testAdvertisedStartAtTheEndsOfTheRangeIsAccepted() throws {
        for seconds: Int64 in [-62_135_596_800, 253_402_300_799, 0] {
            let feed = try NextToGoFeed.decode(from: Data(start(String(seconds)).utf8))
            XCTAssertEqual(feed.races.first?.advertisedStart, seconds)
            XCTAssertTrue(RaceSummary.advertisedStartRange.contains(seconds))
        }
        XCTAssertEqual(RaceSummary.advertisedStartRange, -62_135_596_800...253_402_300_799)
    }

    // MARK: - JSON syntax errors

    func testTruncatedFeedGivesLineAndColumn() {
        let json = "{\n  \"status\": 200,\n  \"data\": {\"race_summaries\": {\"r1\": {\"race_id\": \"r1\","
        let error = decodingError(json)
        XCTAssertEqual(
            error,
            RacingDecodingError(
                keyPath: "data.race_summaries.r1",
                message: "invalid JSON: unexpected end of input, expected a string key (line 3, column 54)",
                line: 3, column: 54))
    }

    func testTruncatedSampleFeedGivesLineAndColumn() throws {
        let data = try sampleData("nextraces_9_mixed.json")
        // Cut just after a comma that ends a member, so the fault is at the very end.
        let text = String(decoding: data, as: UTF8.self)
        let cut = try XCTUnwrap(
            text.range(
                of: ",", options: .backwards,
                range: text.startIndex..<text.index(text.startIndex, offsetBy: text.count / 2)))
        let prefix = String(text[..<cut.upperBound])
        let error = try XCTUnwrap(decodingError(prefix))
        XCTAssertFalse(error.keyPath.isEmpty, "the fault names where the text stopped")
        let lines = prefix.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(error.line, lines.count)
        XCTAssertEqual(error.column, lines.last.map { $0.unicodeScalars.count + 1 })
        XCTAssertTrue(error.message.hasPrefix("invalid JSON: unexpected end of input"), error.message)
    }

    func testEmptyFeedGivesLineAndColumn() {
        XCTAssertEqual(
            decodingError(""),
            RacingDecodingError(
                keyPath: "", message: "invalid JSON: the document is empty (line 1, column 1)", line: 1, column: 1))
    }

    func testValidJSONOfTheWrongShapeHasNoPosition() {
        let error = decodingError("[]")
        XCTAssertNil(error?.line)
        XCTAssertNil(error?.column)
    }
}
