import Foundation
import GazetteTestSupport
import XCTest

/// A report's freshness and what is made again (issue 68): the words of freshness are properties of
/// the data, so a report reused on a later clock stays byte-identical while its state holds; the
/// build on which it turns stale makes it anew once, its message (a new identity, "Stale:" in
/// the subject) sent once; a message whose freshness words alone changed keeps its identity.
final class FreshnessMessageCommandTests: XCTestCase {
    private var folder: URL!
    private var gazette: URL!
    private var environment: [String: String] = [:]

    override func setUpWithError() throws {
        folder = TestSupport.temporaryFolder()
        gazette = try TestSupport.gazette()
        environment = TestSupport.environmentWithOwnCache()
    }

    private var site: URL { folder.appendingPathComponent("site") }

    @discardableResult
    private func build(_ now: String) throws -> String {
        let result = try TestSupport.run(
            gazette,
            [
                "build", "job.yml", "--now", now, "--output", "site", "--email", "--email-to", "r@example.org",
                "--verbose"
            ], environment: environment, in: folder)
        XCTAssertEqual(result.status, 0, result.output)
        return result.output
    }

    private func header(_ name: String, of slug: String) -> String? {
        TestSupport.read(site.appendingPathComponent("\(slug)/report.eml")).split(separator: "\r\n")
            .first { $0.hasPrefix(name + ": ") }.map(String.init)
    }

    /// A credit report next due in 17 days, stale 24 days after its figures last changed.
    func testTurningStaleMakesTheReportAndItsMessageOnce() throws {
        TestSupport.writeFile(
            TestSupport.read(TestSupport.fixture("credit-report.json")), to: folder.appendingPathComponent("c.json"))
        TestSupport.writeFile(
            "reports:\n  - {kind: credit-score, title: Credit, input: c.json}\n",
            to: folder.appendingPathComponent("job.yml"))
        try build("2026-12-01T06:00:00Z")
        try build("2026-12-02T06:00:00Z")
        let fresh = header("Message-ID", of: "credit")
        let subject = header("Subject", of: "credit")
        let third = try build("2026-12-03T06:00:00Z")
        XCTAssertTrue(third.contains("reports: 1 of 1 reused whole"), third)
        XCTAssertEqual(header("Message-ID", of: "credit"), fresh)

        let stale = try build("2026-12-26T06:00:00Z")
        XCTAssertTrue(stale.contains("reports: 0 of 1 reused whole"), "crossing to stale makes it anew: \(stale)")
        XCTAssertNotEqual(header("Message-ID", of: "credit"), fresh, "a new message, sent once")
        XCTAssertNotEqual(header("Subject", of: "credit"), subject, "its subject says so")
        let page = TestSupport.snapshot(site.appendingPathComponent("credit"))

        let later = try build("2026-12-27T06:00:00Z")
        XCTAssertTrue(later.contains("reports: 1 of 1 reused whole"), "still stale: reused \(later)")
        XCTAssertEqual(TestSupport.snapshot(site.appendingPathComponent("credit")), page, "byte-identical")
    }

    /// Two builds of a next-to-go feed seconds apart: its data's time moves with the fetch, its
    /// message's text says so, its identity does not.
    func testFreshnessWordsAloneKeepTheMessagesIdentity() throws {
        TestSupport.writeFile(
            TestSupport.read(TestSupport.fixture("next-to-go.json")), to: folder.appendingPathComponent("n.json"))
        TestSupport.writeFile(
            "reports:\n  - {kind: next-to-go, title: Next, input: n.json}\n",
            to: folder.appendingPathComponent("job.yml"))
        try build("1699999600")
        let first = TestSupport.read(site.appendingPathComponent("next/report.eml"))
        let identity = header("Message-ID", of: "next")
        try build("1699999605")
        let second = TestSupport.read(site.appendingPathComponent("next/report.eml"))
        XCTAssertNotEqual(first, second, "the data's time is said")
        XCTAssertTrue(second.contains("Data as of"), second)
        XCTAssertEqual(header("Message-ID", of: "next"), identity, "the same message")
    }
}
