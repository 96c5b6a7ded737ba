import GazetteCore
import XCTest

@testable import Jobs

/// The hosts known by name and what a site over their limits is told.
final class HostLimitsTests: XCTestCase {
    func testKnownHostsAndTheirDocumentedLimits() {
        XCTAssertEqual(HostLimits.named("github-pages")?.bytes, 1_000_000_000)
        XCTAssertNil(HostLimits.named("github-pages")?.files)
        XCTAssertEqual(HostLimits.named("cloudflare-pages-free")?.files, 20_000)
        XCTAssertEqual(HostLimits.named("cloudflare-pages")?.files, 100_000)
        XCTAssertNil(HostLimits.named("geocities"))
    }

    func testWhatIsOverAndByHowMuch() {
        let free = HostLimits.named("cloudflare-pages-free")!
        XCTAssertEqual(free.overruns(SiteWeight(files: 20_000, bytes: 9_000_000_000)), [])
        XCTAssertEqual(
            free.overruns(SiteWeight(files: 20_341, bytes: 1)), ["20,341 files where it takes 20,000 (341 over)"])
        let pages = HostLimits.named("github-pages")!
        XCTAssertEqual(
            pages.overruns(SiteWeight(files: 360_147, bytes: 1_000_000_001)),
            ["1,000,000,001 bytes where it takes 1,000,000,000 (1 over)"])
    }
}
