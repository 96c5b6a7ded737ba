import Foundation
import GazetteTestSupport
import XCTest
@testable import GazetteCore
@testable import Jobs
@testable import Reports

final class JobFileLoaderTests: XCTestCase {
    private let folder = URL(fileURLWithPath: "/jobs/site")

    private func parse(_ yaml: String) throws -> Job {
        try JobFileLoader().parse(yaml, file: folder.appendingPathComponent("job.yml"))
    }

    private func error(_ yaml: String) -> BuildError? {
        do {
            _ = try parse(yaml)
            return nil
        } catch {
            return error as? BuildError
        }
    }

    func testReadsEveryKindWithPathsRelativeToTheJobFile() throws {
        let job = try parse(
            """
            title: Training and racing
            output: public
            now: 2023-11-04T05:50:00Z
            reports:
              - kind: credit-score
                input: data/creditreport.json
                currency: eur
              - kind: workouts
                title: Alex
                inputs: [data/alex-2016.txt, /abs/alex-2017.txt]
                formula: epley
                unit: kg
                invalid-lines: skip
              - kind: race-card
                input: https://example.invalid/card.json
              - kind: next-to-go
                input: feed.json
                categories: [horse, greyhound]
                max-age: 2m
            """)
        XCTAssertEqual(job.title, "Training and racing")
        XCTAssertEqual(job.output.path, "/jobs/site/public")
        XCTAssertEqual(job.now, Date(timeIntervalSince1970: 1_699_077_000))
        XCTAssertEqual(job.reports.map(\.kind), [.creditScore, .workouts, .raceCard, .nextToGo])
        XCTAssertEqual(job.reports[0].sources, [.file(URL(fileURLWithPath: "/jobs/site/data/creditreport.json"))])
        XCTAssertEqual(job.reports[0].options, .creditScore(CreditScoreOptions(currency: "EUR")))
        XCTAssertEqual(job.reports[1].title, "Alex")
        XCTAssertEqual(
            job.reports[1].sources.map(\.description), ["/jobs/site/data/alex-2016.txt", "/abs/alex-2017.txt"])
        XCTAssertEqual(
            job.reports[1].options, .workouts(WorkoutsOptions(formula: .epley, unit: .kg, invalidLines: .skip)))
        XCTAssertEqual(job.reports[2].sources, [.url(URL(string: "https://example.invalid/card.json")!)])
        XCTAssertEqual(
            job.reports[3].options, .nextToGo(NextToGoOptions(categories: [.horse, .greyhound], maxAge: 120)))
    }

    func testJSONJobFilesWork() throws {
        let job = try parse(#"{"title": "J", "reports": [{"kind": "credit-score", "input": "c.json"}]}"#)
        XCTAssertEqual(job.title, "J")
        XCTAssertEqual(job.output.path, "/jobs/site/Output")
        XCTAssertEqual(job.reports.count, 1)
    }

    func testUnknownKeyNamesTheKeyAndItsPosition() {
        let error = error(
            """
            reports:
              - kind: credit-score
                input: c.json
                curency: GBP
            """)
        XCTAssertEqual(error?.kind, .usage)
        XCTAssertEqual(
            error?.location, .text(path: "/jobs/site/job.yml", line: 4, column: 5, sourceLine: "    curency: GBP"))
        XCTAssertTrue(error?.message.contains("unknown key \"curency\"") ?? false, "\(String(describing: error))")
        XCTAssertTrue(error?.description.hasPrefix("/jobs/site/job.yml:4:5: error: unknown key \"curency\"") ?? false)
        XCTAssertTrue(
            error?.description.hasSuffix("    curency: GBP\n    ^") ?? false,
            "\(String(describing: error?.description))")
    }

    func testAKeyOfAnotherKindIsUnknownHere() {
        let error = error(
            """
            reports:
              - kind: credit-score
                input: c.json
                formula: epley
            """)
        XCTAssertEqual(
            error?.location, .text(path: "/jobs/site/job.yml", line: 4, column: 5, sourceLine: "    formula: epley"))
        XCTAssertEqual(
            error?.message,
            "unknown key \"formula\" in a credit-score report (expected one of: currency, email, fields, fresh, history, input, kind, language, locale, pdf, recipients, timezone, title)"
        )
    }

    /// 12 of issue 29: every mistake of a job file in one run, in the file's order, each at its
    /// place, with the closest key when it looks like a typo.
    func testEveryMistakeIsReportedInOneRun() throws {
        let error = try XCTUnwrap(
            error(
                """
                titel: Club
                timezone: Mars/Base
                reports:
                  - kind: workouts
                    inptus: [a.txt]
                    formla: epley
                  - kind: credit-score
                    input: c.json
                  - kind: race-crad
                    input: r.json
                """))
        let all = [error] + error.more
        XCTAssertEqual(
            all.map(\.location).map { location -> Int in
                if case let .text(_, line, _, _, _) = location { return line } else { return 0 }
            }, [1, 2, 5, 6, 9])
        XCTAssertEqual(
            all[0].message,
            "unknown key \"titel\" in the job; did you mean \"title\"? (expected one of: title, output, static, locale, language, timezone, now, base-url, index, host, email, fresh, reports, site-extra)"
        )
        XCTAssertTrue(
            all[2].message.hasPrefix("unknown key \"inptus\" in a workouts report; did you mean \"inputs\"?"),
            all[2].message)
        XCTAssertTrue(
            all[3].message.hasPrefix("unknown key \"formla\" in a workouts report; did you mean \"formula\"?"),
            all[3].message)
        XCTAssertFalse(all[3].message.contains("currency"), "only the keys of the report's kind")
        XCTAssertTrue(
            all[4].message.hasPrefix("unknown kind \"race-crad\"; did you mean \"race-card\"?"), all[4].message)
        // Printed one after another, each with its line and caret.
        XCTAssertEqual(error.description.components(separatedBy: ": error: ").count - 1, 5)
    }

    func testUnknownTopLevelKeyAndUnknownKind() {
        XCTAssertEqual(
            error("titel: x\nreports: []\n")?.location,
            .text(path: "/jobs/site/job.yml", line: 1, column: 1, sourceLine: "titel: x"))
        let kind = error("reports:\n  - kind: horoscope\n    input: x\n")
        XCTAssertEqual(
            kind?.location, .text(path: "/jobs/site/job.yml", line: 2, column: 11, sourceLine: "  - kind: horoscope"))
        XCTAssertTrue(kind?.message.hasPrefix("unknown kind \"horoscope\"") ?? false)
    }

    func testBadValuesAreErrorsAtTheirPosition() {
        XCTAssertEqual(
            error("reports:\n  - kind: workouts\n    input: a.txt\n    formula: guess\n")?.location,
            .text(path: "/jobs/site/job.yml", line: 4, column: 14, sourceLine: "    formula: guess"))
        XCTAssertNotNil(error("now: yesterday\nreports: []\n"))
        XCTAssertNotNil(error("reports:\n  - kind: next-to-go\n    input: a\n    categories: [camel]\n"))
        XCTAssertNotNil(error("reports:\n  - kind: credit-score\n"))
        XCTAssertNotNil(error("reports:\n  - kind: credit-score\n    input: a\n    currency: pounds\n"))
        XCTAssertNotNil(error("title: x\n"))
    }

    func testYAMLSyntaxErrorsHaveAPosition() {
        let error = error("reports:\n  - kind: [credit-score\n")
        guard case let .text(_, line, _, _, _)? = error?.location else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertGreaterThanOrEqual(line, 2)
        XCTAssertTrue(error?.message.hasPrefix("invalid YAML") ?? false)
    }

    func testGlobsAndEachMakeOneReportPerFile() throws {
        let dir = TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["sam.txt", "alex.txt", "notes.md"] {
            TestSupport.writeFile("x", to: dir.appendingPathComponent("logs/\(name)"))
        }
        let job = try JobFileLoader().parse(
            """
            reports:
              - kind: workouts
                title: Lifts
                inputs: [logs/*.txt]
                each: true
            """, file: dir.appendingPathComponent("job.yml"))
        XCTAssertEqual(job.reports.map(\.title), ["Lifts: alex", "Lifts: sam"])
        XCTAssertEqual(job.reports.map { $0.sources.map(\.displayName) }, [["alex.txt"], ["sam.txt"]])
        // A pattern that matches nothing fails its own report when it is built, not the job.
        let unmatched = try JobFileLoader().parse(
            "reports:\n  - kind: workouts\n    input: none/*.txt\n  - kind: workouts\n    input: logs/*.txt\n",
            file: dir.appendingPathComponent("job.yml"))
        XCTAssertEqual(unmatched.reports.count, 2)
        let problem = try XCTUnwrap(unmatched.reports[0].inputProblem)
        XCTAssertEqual(problem.kind, .input)
        XCTAssertEqual(problem.message, "\"none/*.txt\" matched no file")
        guard case let .text(_, line, column, _, _) = problem.location else { return XCTFail("\(problem)") }
        XCTAssertEqual([line, column], [3, 12])
        XCTAssertNil(unmatched.reports[1].inputProblem)
    }

    func testTimeParserReadsISOAndUnixSeconds() {
        XCTAssertEqual(TimeParser.parse("1700000000"), Date(timeIntervalSince1970: 1_700_000_000))
        XCTAssertEqual(TimeParser.parse("2023-11-04T05:50:00Z"), Date(timeIntervalSince1970: 1_699_077_000))
        XCTAssertEqual(TimeParser.parse("2023-11-04T07:50:00+02:00"), Date(timeIntervalSince1970: 1_699_077_000))
        XCTAssertNil(TimeParser.parse("soon"))
    }
}
