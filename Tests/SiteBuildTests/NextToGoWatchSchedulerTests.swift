import Foundation
import XCTest
@testable import SiteBuild
import Racing
@testable import GazetteCore
@testable import Jobs

/// The watch's decisions (SPEC §1.2), as pure functions of the state and the clock.
final class NextToGoWatchSchedulerTests: XCTestCase {
    private let scheduler = WatchScheduler(policy: WatchPolicy(pollInterval: 1, retryDelay: 5, maxRetryDelay: 60))

    private func race(_ meeting: String, _ number: Int, _ start: Int64, _ category: RaceCategory = .horse)
        -> RaceSummary
    {
        RaceSummary(
            id: "\(meeting)-\(number)", number: number, meetingName: meeting,
            categoryID: category.categoryID ?? "unknown", advertisedStart: start)
    }

    /// Six races five minutes apart from t = 1000, loaded at 900.
    private func feed(remote: Bool = true, races count: Int = 6, categories: Set<RaceCategory> = []) -> FeedState {
        var feed = FeedState(categories: categories, maxAge: 300, remote: remote)
        feed.races = (0..<count).map { race("Alpha", $0 + 1, 1000 + Int64($0) * 300) }
        feed.loadedAt = 900
        feed.lastAttempt = 900
        feed.visibleAtLoad = count
        return feed
    }

    func testTheFirstShownRaceExpiringTriggersARecompute() {
        let state = feed()
        XCTAssertEqual(scheduler.nextExpiring(state, after: 900)?.number, 1)
        XCTAssertNil(scheduler.expiryReason(state, builtAt: 900, now: 1059))
        XCTAssertEqual(scheduler.expiryReason(state, builtAt: 900, now: 1060), .raceExpired("Alpha R1"))
        XCTAssertNil(scheduler.expiryReason(state, builtAt: 1060, now: 1200), "already rebuilt for it")
        XCTAssertEqual(scheduler.nextExpiring(state, after: 1060)?.number, 2)
    }

    func testTheEarliestRaceOfAnyPageCountsNotOnlyTheFilteredOnes() {
        var state = feed(categories: [.greyhound])
        state.races.append(race("Bravo", 1, 950, .greyhound))
        state.races.sort(by: RaceSummary.startsBefore)
        XCTAssertEqual(scheduler.expiryReason(state, builtAt: 900, now: 1010), .raceExpired("Bravo R1"))
        XCTAssertEqual(
            scheduler.expiryReason(state, builtAt: 1010, now: 1060), .raceExpired("Alpha R1"),
            "the all page shows horse races even when the job's filter is greyhound")
    }

    func testOldDataIsFetchedAgain() {
        let state = feed()
        XCTAssertNil(scheduler.refetchReason(state, now: 1199))
        XCTAssertEqual(scheduler.refetchReason(state, now: 1200), .stale(age: 300))
    }

    func testFilesAreNeverFetchedOnASchedule() {
        let state = feed(remote: false)
        XCTAssertNil(scheduler.refetchReason(state, now: 5000), "files are read again when they change")
    }

    func testRunningLowFetchesAgainOnlyWhenARaceHasLeftSinceTheLastFetch() {
        var state = feed(races: 5)
        state.maxAge = 10_000
        XCTAssertNil(scheduler.refetchReason(state, now: 1059), "five still visible")
        XCTAssertEqual(scheduler.refetchReason(state, now: 1060), .runningLow(visible: 4))
        // The fetch brought no more races: wait for the next one to leave before asking again.
        state.loadedAt = 1060
        state.visibleAtLoad = 4
        XCTAssertNil(scheduler.refetchReason(state, now: 1100))
        XCTAssertEqual(scheduler.refetchReason(state, now: 1360), .runningLow(visible: 3))
    }

    func testRunningLowCountsTheReportsOwnFilter() {
        var state = feed(categories: [.horse])
        state.maxAge = 10_000
        state.races.append(race("Zulu", 1, 5000, .greyhound))
        state.visibleAtLoad = 6
        XCTAssertNil(scheduler.refetchReason(state, now: 1059))
        XCTAssertEqual(
            scheduler.refetchReason(state, now: 1360), .runningLow(visible: 4), "the greyhound race does not count")
    }

    func testAFailedFetchIsRetriedWithBackOff() {
        XCTAssertEqual((1...6).map { scheduler.retryDelay(afterFailures: $0) }, [5, 10, 20, 40, 60, 60])
        var state = feed()
        state.failures = 2
        state.lastAttempt = 1200
        XCTAssertNil(scheduler.refetchReason(state, now: 1209), "old data does not override the back-off")
        XCTAssertEqual(scheduler.refetchReason(state, now: 1210), .retry(attempt: 3))
    }

    func testAFeedThatNeverLoadedIsRetriedToo() {
        var state = FeedState(categories: [], maxAge: 300, remote: true)
        state.failures = 1
        state.lastAttempt = 900
        XCTAssertEqual(scheduler.refetchReason(state, now: 905), .retry(attempt: 2))
        XCTAssertEqual(scheduler.nextWake(feeds: [state], builtAt: 900, now: 900), 901, "the file poll comes first")
        let slow = WatchScheduler(policy: WatchPolicy(pollInterval: 3600))
        XCTAssertEqual(slow.nextWake(feeds: [state], builtAt: 900, now: 900), 905)
    }

    func testTheNextWakeIsTheEarliestDueEvent() {
        let slow = WatchScheduler(policy: WatchPolicy(pollInterval: 3600))
        var state = feed()
        XCTAssertEqual(slow.nextWake(feeds: [state], builtAt: 900, now: 900), 1060, "the first race leaves")
        XCTAssertEqual(
            slow.nextWake(feeds: [state], builtAt: 1060, now: 1060), 1200, "max-age comes before the second race leaves"
        )
        state.loadedAt = 1200
        XCTAssertEqual(slow.nextWake(feeds: [state], builtAt: 1200, now: 1200), 1360)
        XCTAssertEqual(slow.nextWake(feeds: [], builtAt: 1200, now: 1200), 4800, "only the file poll")
        XCTAssertEqual(slow.nextWake(feeds: [state], builtAt: nil, now: 1200), 1500, "no expiry before the first build")
    }

    func testTheWakeIsNeverSoonerThanASecond() {
        var state = feed()
        state.failures = 1
        state.lastAttempt = 0
        XCTAssertEqual(scheduler.nextWake(feeds: [state], builtAt: 1000, now: 1000), 1001)
    }

    func testReasonsReadAsWords() {
        XCTAssertEqual(WatchReason.raceExpired("Palermo R11").description, "Palermo R11 left the list")
        XCTAssertEqual(WatchReason.runningLow(visible: 1).description, "only 1 race left, fetched again")
        XCTAssertEqual(WatchReason.stale(age: 90).description, "data 1m 30s old, fetched again")
        XCTAssertEqual(WatchReason.inputChanged("feed.json").description, "feed.json changed")
    }
}
