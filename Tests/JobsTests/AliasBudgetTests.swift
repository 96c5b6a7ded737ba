import Foundation
import XCTest
@testable import GazetteCore
@testable import Jobs

/// Issue 50: alias expansion ("billion laughs") is refused at the alias, whatever the nesting.
final class AliasBudgetTests: XCTestCase {
    private let file = URL(fileURLWithPath: "/jobs/site/job.yml")

    /// `levels` anchored lists, each of ten aliases of the one before: 10^levels "lol"s.
    private func laughs(levels: Int, indent: String = "", key: (Int) -> String) -> String {
        var lines = [indent + key(0) + " &l0 [" + Array(repeating: "lol", count: 10).joined(separator: ",") + "]"]
        for level in 1..<levels {
            lines.append(
                indent + key(level) + " &l\(level) ["
                    + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ",") + "]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The error reading `text` gives; a job that is read fails the test (the bound regressed),
    /// never skips it.
    private func failure(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> BuildError {
        do {
            _ = try JobFileLoader().parse(text, file: self.file)
        } catch {
            return error
        }
        XCTFail("the job was read: alias expansion is no longer bounded", file: file, line: line)
        throw AliasBoundRegressed()
    }

    private struct AliasBoundRegressed: Error {}

    func testTwelveLevelsAtTheTopAreRefusedAtTheAliasThatPassesTheLimit() throws {
        let text = laughs(levels: 12) { "k\($0):" } + "reports: []\n"
        let error = try failure(text)
        XCTAssertEqual(error.kind, .usage)
        // Level n's list is 1 + 10 × level n-1's: 11, 111, …, 111,111 values for level 4. With the
        // keys, 123,451 values come before level 5's list, whose eighth alias passes 1,000,000.
        guard case let .text(_, line, column, source, _) = error.location else { return XCTFail("\(error)") }
        XCTAssertEqual(line, 6)
        XCTAssertEqual(source, "k5: &l5 [*l4,*l4,*l4,*l4,*l4,*l4,*l4,*l4,*l4,*l4]")
        XCTAssertEqual(column, 38)
        XCTAssertTrue(error.message.contains("more than 1000000 values"), error.message)
    }

    func testLaughsInsideAReportsInputsAreRefusedToo() throws {
        var text = "title: T\nreports:\n"
        text += laughs(levels: 10, indent: "  - kind: workouts\n    ") { _ in "inputs:" }
        let error = try failure(text)
        guard case let .text(_, line, _, source, _) = error.location else { return XCTFail("\(error)") }
        XCTAssertEqual(line, 14)
        XCTAssertEqual(source?.hasPrefix("    inputs: &l5 [*l4"), true)
    }

    /// A key that is an alias would be hashed whole while the file is composed.
    func testAnAliasAsAKeyIsCountedBeforeComposing() throws {
        let key = "? [" + Array(repeating: "*l4", count: 10).joined(separator: ",") + "]\n: 1\n"
        let text = laughs(levels: 5) { "k\($0):" } + key + "reports: []\n"
        let error = try failure(text)
        guard case let .text(_, line, column, _, _) = error.location else { return XCTFail("\(error)") }
        XCTAssertEqual([line, column], [6, 32], "the key's eighth alias")
    }

    func testTheCountIsOfNodesWrittenOutAndStopsAtTheLimit() {
        // The key a and its list (4), the key b, then each alias adds 4: 14 values at the second
        // alias (16 with b's list and the mapping, which close after it).
        XCTAssertNil(AliasBudget.firstOverrun(in: "a: &a [1, 2, 3]\nb: [*a, *a]\n", limit: 14))
        let overrun = AliasBudget.firstOverrun(in: "a: &a [1, 2, 3]\nb: [*a, *a]\n", limit: 13)
        XCTAssertEqual(overrun, AliasBudget.Overrun(line: 2, scalarColumn: 9, nodes: 14))
        XCTAssertNil(AliasBudget.firstOverrun(in: "a: [unclosed\n"), "a syntax error is left to the composer")
        XCTAssertNil(AliasBudget.firstOverrun(in: ""))
    }

    func testAJobWithFewAliasesReadsAsBefore() throws {
        let text = """
            title: T
            reports:
              - kind: credit-score
                input: &report a.json
                title: One
              - kind: credit-score
                input: *report
                title: Two
            """
        let job = try JobFileLoader().parse(text, file: file)
        XCTAssertEqual(job.reports.count, 2)
    }
}
