import Foundation
import XCTest
@testable import SiteBuild
import Racing
import Reports
@testable import GazetteCore
@testable import Jobs

/// The watch's decisions (SPEC §1.2), as pure functions of the state and the clock: the back-off
/// and the wake are the watch's; when pages change and when to fetch again, next to go's own
/// `NextToGoFreshness` says.
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
    private func freshness(
        races count: Int = 6, categories: Set<RaceCategory> = [], maxAge: Int64 = 300, extra: [RaceSummary] = []
    )
        -> NextToGoFreshness
    {
        let races = ((0..<count).map { race("Alpha", $0 + 1, 1000 + Int64($0) * 300) } + extra)
            .sorted(by: RaceSummary.startsBefore)
        return NextToGoFreshness(races: races, categories: categories, maxAge: maxAge, loadedAt: 900)
    }

    private func feed(remote: Bool = true, _ freshness: NextToGoFreshness? = nil) -> FeedState {
        var feed = FeedState(remote: remote)
        feed.freshness = freshness ?? self.freshness()
        feed.loadedAt = 900
        feed.lastAttempt = 900
        return feed
    }

    func testTheFirstShownRaceExpiringTriggersARecompute() {
        let state = feed()
        XCTAssertEqual(state.freshness?.nextChange(after: 900), ReportChange(at: 1060, what: "Alpha R1 left the list"))
        XCTAssertNil(scheduler.expiryReason(state, builtAt: 900, now: 1059))
        XCTAssertEqual(scheduler.expiryReason(state, builtAt: 900, now: 1060), .changed("Alpha R1 left the list"))
        XCTAssertNil(scheduler.expiryReason(state, builtAt: 1060, now: 1200), "already rebuilt for it")
        XCTAssertEqual(state.freshness?.nextChange(after: 1060)?.what, "Alpha R2 left the list")
    }

    func testTheEarliestRaceOfAnyPageCountsNotOnlyTheFilteredOnes() {
        let state = feed(freshness(categories: [.greyhound], extra: [race("Bravo", 1, 950, .greyhound)]))
        XCTAssertEqual(scheduler.expiryReason(state, builtAt: 900, now: 1010), .changed("Bravo R1 left the list"))
        XCTAssertEqual(
            scheduler.expiryReason(state, builtAt: 1010, now: 1060), .changed("Alpha R1 left the list"),
            "the all page shows horse races even when the job's filter is greyhound")
    }

    func testOldDataIsFetchedAgain() {
        let state = feed()
        XCTAssertNil(scheduler.refetchReason(state, now: 1199))
        XCTAssertEqual(scheduler.refetchReason(state, now: 1200), .reload(.stale(age: 300)))
    }

    func testFilesAreNeverFetchedOnASchedule() {
        let state = feed(remote: false)
        XCTAssertNil(scheduler.refetchReason(state, now: 5000), "files are read again when they change")
    }

    func testRunningLowFetchesAgainOnlyWhenARaceHasLeftSinceTheLastFetch() {
        var state = feed(freshness(races: 5, maxAge: 10_000))
        XCTAssertNil(scheduler.refetchReason(state, now: 1059), "five still visible")
        XCTAssertEqual(scheduler.refetchReason(state, now: 1060), .reload(.runningLow(visible: 4)))
        // The fetch brought no more races: wait for the next one to leave before asking again.
        var again = freshness(races: 5, maxAge: 10_000)
        again.visibleAtLoad = 4
        state.freshness = again
        state.loadedAt = 1060
        XCTAssertNil(scheduler.refetchReason(state, now: 1100))
        XCTAssertEqual(scheduler.refetchReason(state, now: 1360), .reload(.runningLow(visible: 3)))
    }

    func testRunningLowCountsTheReportsOwnFilter() {
        let state = feed(freshness(categories: [.horse], maxAge: 10_000, extra: [race("Zulu", 1, 5000, .greyhound)]))
        XCTAssertEqual((state.freshness as? NextToGoFreshness)?.visibleAtLoad, 6)
        XCTAssertNil(scheduler.refetchReason(state, now: 1059))
        XCTAssertEqual(
            scheduler.refetchReason(state, now: 1360), .reload(.runningLow(visible: 4)),
            "the greyhound race does not count")
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
        var state = FeedState(remote: true)
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
        XCTAssertEqual(WatchReason.changed("Palermo R11 left the list").description, "Palermo R11 left the list")
        XCTAssertEqual(WatchReason.reload(.runningLow(visible: 1)).description, "only 1 race left, fetched again")
        XCTAssertEqual(WatchReason.reload(.stale(age: 90)).description, "data 1m 30s old, fetched again")
        XCTAssertEqual(WatchReason.inputChanged("feed.json").description, "feed.json changed")
    }
}
