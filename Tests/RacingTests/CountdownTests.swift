import Racing
import XCTest

final class CountdownTests: XCTestCase {
    private func assertCountdown(_ delta: Int64, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Countdown.format(seconds: delta), text, "Δ = \(delta)", file: file, line: line)
    }

    func testHours() {
        assertCountdown(3600, "1h")
        assertCountdown(3900, "1h 5m")
        assertCountdown(3959, "1h 5m")  // seconds are dropped, not rounded
        assertCountdown(7200, "2h")
        assertCountdown(90_000, "25h")
    }

    func testWholeMinutesFromFiveMinutes() {
        assertCountdown(3599, "59m")
        assertCountdown(720, "12m")
        assertCountdown(300, "5m")
        assertCountdown(359, "5m")
    }

    func testMinutesAndSecondsFromOneMinute() {
        assertCountdown(299, "4m 59s")
        assertCountdown(200, "3m 20s")
        assertCountdown(180, "3m")
        assertCountdown(60, "1m")
        assertCountdown(61, "1m 1s")
    }

    func testSeconds() {
        assertCountdown(59, "59s")
        assertCountdown(45, "45s")
        assertCountdown(1, "1s")
        assertCountdown(0, "0s")
    }

    func testNegativesFormatTheMagnitudeWithALeadingMinus() {
        assertCountdown(-1, "-1s")
        assertCountdown(-59, "-59s")
        assertCountdown(-60, "-1m")
        assertCountdown(-61, "-1m 1s")
        assertCountdown(-300, "-5m")
        assertCountdown(-3599, "-59m")
        assertCountdown(-3600, "-1h")
        assertCountdown(-3660, "-1h 1m")
    }

    func testExtremesDoNotTrap() {
        assertCountdown(.max, "2562047788015215h 30m")
        assertCountdown(.min, "-2562047788015215h 30m")
    }

    func testSpokenForm() {
        XCTAssertEqual(Countdown.spoken(seconds: 300), "starts in 5 minutes")
        XCTAssertEqual(Countdown.spoken(seconds: 3900), "starts in 1 hour 5 minutes")
        XCTAssertEqual(Countdown.spoken(seconds: 7260), "starts in 2 hours 1 minute")
        XCTAssertEqual(Countdown.spoken(seconds: 3600), "starts in 1 hour")
        XCTAssertEqual(Countdown.spoken(seconds: 200), "starts in 3 minutes 20 seconds")
        XCTAssertEqual(Countdown.spoken(seconds: 61), "starts in 1 minute 1 second")
        XCTAssertEqual(Countdown.spoken(seconds: 120), "starts in 2 minutes")
        XCTAssertEqual(Countdown.spoken(seconds: 1), "starts in 1 second")
        XCTAssertEqual(Countdown.spoken(seconds: 0), "starts now")
        XCTAssertEqual(Countdown.spoken(seconds: -30), "started 30 seconds ago")
        XCTAssertEqual(Countdown.spoken(seconds: -61), "started 1 minute 1 second ago")
    }
}
