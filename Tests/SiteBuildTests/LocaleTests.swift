import Foundation
import GazettePictureTestSupport
import XCTest
import GazetteBuildTestSupport
import GazetteTestSupport
import CreditScore
import Deterministic
import Localization
@testable import SiteBuild
@testable import GazetteCore
@testable import Jobs

/// Reports in the readers' language and time zone: `locale:` and `timezone:` (or --locale,
/// --timezone) change numbers, money, days, times of day and `<html lang>`; the default is
/// en-GB in UTC, spelled as before.
final class LocaleTests: XCTestCase {
    private let sydneyGerman = try! TextConventions(locale: "de-DE", timeZone: "Australia/Sydney")
    /// 2026-11-21T21:05:00Z: 08:05 the next morning in Sydney (AEDT, UTC+11).
    private let evening = Date(timeIntervalSince1970: 1_795_295_100)

    func testAGermanReaderInSydneyReadsNumbersMoneyDaysAndTimesTheirWay() {
        let german = sydneyGerman
        XCTAssertEqual(Money(amount: 13_758, currency: "EUR").formatted(german), "13.758\u{A0}€")
        XCTAssertEqual(Money(amount: -327, currency: "EUR").signedChange(german), "−327\u{A0}€")
        XCTAssertEqual(german.numbers.decimal(1234.5, fractionDigits: 1), "1.234,5")
        XCTAssertEqual(german.numbers.percent(share: 0.381), "38,1\u{A0}%")
        XCTAssertEqual(german.fullDay(CivilDate(year: 2026, month: 11, day: 22)), "22.11.2026")
        XCTAssertEqual(german.dayMonth(CivilDate(year: 2026, month: 11, day: 22)), "22.11.")
        XCTAssertEqual(german.clock(evening), "08:05 AEDT")
        XCTAssertEqual(german.longTime(evening), "22.11.2026 08:05 AEDT")
        XCTAssertEqual(UTCTime.iso(evening), "2026-11-21T21:05:00Z", "machine times stay UTC")
    }

    func testTheDefaultIsEnglishInUTCAsBefore() {
        let standard = TextConventions.standard
        XCTAssertEqual(try TextConventions(locale: "en-GB", timeZone: "UTC"), standard)
        XCTAssertEqual(Money(amount: 13_758, currency: "EUR").formatted(standard), "€13,758")
        XCTAssertEqual(standard.numbers.percent(share: 0.381), "38.1%")
        XCTAssertEqual(standard.fullDay(CivilDate(year: 2026, month: 11, day: 22)), "22 November 2026")
        XCTAssertEqual(standard.longTime(evening), "21 November 2026 at 21:05 UTC")
        // English in another zone keeps English words, with the zone's abbreviation.
        let london = try! TextConventions(locale: "en-GB", timeZone: "Europe/London")
        XCTAssertEqual(london.longTime(Date(timeIntervalSince1970: 1_690_000_000)), "22 July 2023 at 05:26 BST")
        XCTAssertEqual(london.clock(evening), "21:05 GMT")
        let newYork = try! TextConventions(locale: "en-US", timeZone: "America/New_York")
        XCTAssertEqual(newYork.clock(evening), "16:05 EST")
        XCTAssertEqual(newYork.fullDay(CivilDate(year: 2026, month: 11, day: 22)), "11/22/2026")
    }

    func testUnknownNamesAreErrors() {
        XCTAssertThrowsError(try TextConventions(locale: "xx-YY", timeZone: "UTC")) { error in
            XCTAssertEqual(error as? ConventionsError, .unknownLocale("xx-YY"))
        }
        XCTAssertThrowsError(try TextConventions(locale: "de-DE", timeZone: "Mars/Olympus")) { error in
            XCTAssertEqual(error as? ConventionsError, .unknownTimeZone("Mars/Olympus"))
        }
        let file = TestSupport.temporaryFolder().appendingPathComponent("job.yml")
        XCTAssertThrowsError(try JobFileLoader().parse("locale: klingon\nreports: []\n", file: file)) { error in
            guard let error = error as? BuildError, case let .text(_, line, column, _, _) = error.location else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual([line, column], [1, 9])
            XCTAssertTrue(error.message.hasPrefix("locale: unknown locale \"klingon\""), error.message)
        }
    }

    /// One page of each kind built for a German reader in Sydney, against goldens; and the job's
    /// keys give the same bytes as the command line's options.
    func testPagesOfEveryKindInGermanForSydney() async throws {
        let dir = TestSupport.temporaryFolder()
        for name in ["credit-report.json", "next-to-go.json", "workouts.txt", "race-card.json"] {
            try FileManager.default.copyItem(at: TestSupport.fixture(name), to: dir.appendingPathComponent(name))
        }
        let reports = """
            reports:
              - kind: credit-score
                input: credit-report.json
                currency: EUR
              - kind: next-to-go
                input: next-to-go.json
              - kind: workouts
                title: Entraînement d'Élodie
                input: workouts.txt
                unit: kg
              - kind: race-card
                input: race-card.json

            """
        TestSupport.writeFile(
            "title: Berichte\nlocale: de-DE\ntimezone: Australia/Sydney\noutput: Site\n" + reports,
            to: dir.appendingPathComponent("job.yml"))
        TestSupport.writeFile("title: Berichte\noutput: Other\n" + reports, to: dir.appendingPathComponent("plain.yml"))
        let job = try JobFileLoader().load(dir.appendingPathComponent("job.yml"))
        let result = await Pipeline(job: job, options: BuildOptions(now: TestSupport.fixedNow, seed: 3, jobs: 2)).run()
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        XCTAssertEqual(result.reports.map(\.slug), ["credit-score", "next-to-go", "entrainement-d-elodie", "race-card"])
        let site = dir.appendingPathComponent("Site")
        let credit = TestSupport.read(site.appendingPathComponent("credit-score/index.html"))
        XCTAssertTrue(credit.contains("<html lang=\"de-DE\">"))
        XCTAssertTrue(credit.contains("2.340\u{A0}€"), "money as a German reader writes it")
        XCTAssertTrue(credit.contains("15.11.2023 09:13 AEDT"), "built at, in Sydney")
        XCTAssertTrue(TestSupport.read(site.appendingPathComponent("next-to-go/index.html")).contains("09:13 AEDT"))
        XCTAssertTrue(
            TestSupport.read(site.appendingPathComponent("entrainement-d-elodie/index.html")).contains("22.09.2023"))
        XCTAssertEqual(
            try NextToGoTest.reportNow(in: site.appendingPathComponent("next-to-go")), 1_700_000_000,
            "instants in report.json stay Unix seconds")
        for path in [
            "index.html", "credit-score/index.html", "next-to-go/index.html", "entrainement-d-elodie/index.html",
            "race-card/index.html"
        ] {
            Golden(besides: #filePath).assertText(
                TestSupport.read(site.appendingPathComponent(path)), "de-DE-sydney/\(path)")
        }

        var options = BuildOptions(now: TestSupport.fixedNow, seed: 3, jobs: 1)
        options.readers.locale = try! ReaderLocale("de-DE")
        options.readers.timeZone = try! ReaderTimeZone("Australia/Sydney")
        var plain = try JobFileLoader().load(dir.appendingPathComponent("plain.yml"))
        plain.output = dir.appendingPathComponent("Site2")
        _ = await Pipeline(job: plain, options: options).run()
        // The front page names its job file, and the manifest lists that page; the reports' records
        // hold keys, which include the job file's name: the rest is the same bytes.
        let sameFiles = { (files: [String: Data]) in
            files.filter { !["manifest.json", "index.html"].contains($0.key) && !$0.key.hasSuffix("/record.json") }
        }
        let viaOptions = sameFiles(TestSupport.snapshot(dir.appendingPathComponent("Site2")))
        let viaJob = sameFiles(TestSupport.snapshot(site))
        XCTAssertEqual(viaOptions.keys.sorted(), viaJob.keys.sorted())
        for (path, bytes) in viaJob where viaOptions[path] != bytes {
            XCTFail("\(path): --locale and --timezone give other bytes than the job's keys")
        }
    }
}

/// 1 of issue 23: a German reader's workouts page, e-mail and PDF write logged decimal weights
/// with German marks (`102,5 lb`, `1.000,25 lb`), as every other number on them.
final class GermanDecimalWeightTests: XCTestCase {
    func testDecimalWeightsReadAsAGermanWritesThemOnThePageTheMailAndThePDF() async throws {
        let pdftotext = try ToolOnPath.require("pdftotext")
        let dir = TestSupport.temporaryFolder()
        let log = dir.appendingPathComponent("log.txt")
        TestSupport.writeFile("Oct 11 2017,Back Squat,1,5,102.5\nOct 12 2017,Back Squat,1,3,1000.25\n", to: log)
        var options = BuildOptions(now: TestSupport.fixedNow, seed: 3, jobs: 1)
        options.readers.locale = try! ReaderLocale("de-DE")
        options.switches.insert("email")
        options.switches.insert("pdf")
        let job = Job(
            title: "Training", output: dir.appendingPathComponent("site"),
            reports: [ReportSpec(kind: .workouts, title: "Kniebeugen", sources: [.file(log)])])
        let result = await Pipeline(job: job, options: options).run()
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        let report = dir.appendingPathComponent("site/kniebeugen")
        let page = TestSupport.read(report.appendingPathComponent("back-squat.html"))
        XCTAssertTrue(page.contains("<span class=\"set-part\">102,5 lb</span>"), "the German decimal comma")
        XCTAssertTrue(page.contains("<span class=\"set-part\">1.000,25 lb</span>"), "German grouping and decimal marks")
        XCTAssertFalse(page.contains("102.5") || page.contains("1.000.25"))

        let message = try MIMEReader.parse(TestSupport.read(report.appendingPathComponent("report.eml")))
        let alternative = try XCTUnwrap(message.parts.first { $0.contentType.hasPrefix("multipart/alternative") })
        let text = try XCTUnwrap(alternative.parts.first { $0.contentType.hasPrefix("text/plain") }).decodedText
        XCTAssertTrue(text.contains("Bestwert 1.059 lb am 12.10.2017"), text)
        let pdf = try TestSupport.run(pdftotext, ["-layout", report.appendingPathComponent("report.pdf").path, "-"])
        XCTAssertEqual(pdf.status, 0, pdf.output)
        XCTAssertTrue(pdf.output.contains("102,5 lb") && pdf.output.contains("1.000,25 lb"), pdf.output)

        let golden = Golden(besides: #filePath)
        golden.assertText(page, "de-DE-decimal-weights/back-squat.html")
        golden.assertText(text, "de-DE-decimal-weights/report.eml.txt")
        golden.assertText(pdf.output, "de-DE-decimal-weights/report.pdf.txt")
    }

    /// Readers per report: a German lifter's report beside an English one, in one site. The
    /// report's pages, words, numbers and times are its readers'; the front page stays the job's.
    func testAReportWithItsOwnLocaleBesideAnEnglishOne() async throws {
        let dir = TestSupport.temporaryFolder()
        try FileManager.default.copyItem(
            at: TestSupport.fixture("workouts.txt"), to: dir.appendingPathComponent("alex.txt"))
        try FileManager.default.copyItem(
            at: TestSupport.fixture("workouts.txt"), to: dir.appendingPathComponent("lena.txt"))
        TestSupport.writeFile(
            """
            title: Club
            output: Site
            reports:
              - kind: workouts
                title: Alex
                input: alex.txt
              - kind: workouts
                title: Lena
                input: lena.txt
                locale: de-DE
                timezone: Europe/Berlin
            """, to: dir.appendingPathComponent("job.yml"))
        let job = try JobFileLoader().load(dir.appendingPathComponent("job.yml"))
        XCTAssertEqual(
            job.reports[1].readers,
            ReaderSettings(locale: try! ReaderLocale("de-DE"), timeZone: try! ReaderTimeZone("Europe/Berlin")))
        let result = await Pipeline(job: job, options: BuildOptions(now: TestSupport.fixedNow, jobs: 2)).run()
        XCTAssertEqual(result.exitCode, 0)
        let site = dir.appendingPathComponent("Site")
        let english = TestSupport.read(site.appendingPathComponent("alex/index.html"))
        let german = TestSupport.read(site.appendingPathComponent("lena/index.html"))
        XCTAssertTrue(english.contains("<html lang=\"en-GB\""), String(english.prefix(200)))
        XCTAssertTrue(german.contains("<html lang=\"de-DE\""), String(german.prefix(200)))
        XCTAssertTrue(english.contains(" UTC</time>"), "the job's time zone in the English page")
        XCTAssertFalse(german.contains(" UTC</time>"), "Berlin's time in the German page")
        XCTAssertTrue(
            german.contains("CET</time>") || german.contains("MEZ</time>"), "Berlin's time in the German page")
        XCTAssertTrue(
            TestSupport.read(site.appendingPathComponent("index.html")).contains("<html lang=\"en-GB\""),
            "the front page stays the job's")
        // The same two reports built again reuse both: the readers are part of the report's key.
        let again = await Pipeline(job: job, options: BuildOptions(now: TestSupport.fixedNow, jobs: 2)).run()
        XCTAssertEqual(again.exitCode, 0)
        XCTAssertEqual(TestSupport.read(site.appendingPathComponent("lena/index.html")), german)
        XCTAssertNotEqual(
            ReportKeys.specText(job.reports[1], slug: "lena"),
            ReportKeys.specText(
                ReportSpec(title: "Lena", sources: job.reports[1].sources, options: job.reports[1].options),
                slug: "lena"))
    }

    /// 5 of issue 39 through the build: a report's `locale:` wins over `--locale` for that report
    /// while the front page and the other reports keep the command line's; a report's
    /// `language: de` gives German words on its page and in its e-mail; and its warnings reach
    /// the terminal and the summaries in the user's words (the job's), never the report's.
    func testAReportsReadersWinOverTheCommandLineAndTheTerminalStaysTheUsers() async throws {
        let dir = TestSupport.temporaryFolder()
        let log = "Oct 11 2017,Back Squat,1,10,45\nnot a line\nOct 12 2017,Back Squat,1,8,50\n"
        for name in ["alex", "lena", "chloe"] {
            TestSupport.writeFile(log, to: dir.appendingPathComponent("\(name).txt"))
        }
        TestSupport.writeFile(
            """
            title: Club
            output: Site
            email: {from: "Coach <coach@example.org>", to: [coach@example.org]}
            reports:
              - kind: workouts
                title: Alex
                input: alex.txt
                invalid-lines: skip
              - kind: workouts
                title: Lena
                input: lena.txt
                invalid-lines: skip
                language: de
              - kind: workouts
                title: Chloe
                input: chloe.txt
                invalid-lines: skip
                locale: fr-FR
            """, to: dir.appendingPathComponent("job.yml"))
        let job = try JobFileLoader().load(dir.appendingPathComponent("job.yml"))
        var options = BuildOptions(now: TestSupport.fixedNow, jobs: 2)
        options.readers.locale = try! ReaderLocale("en-US")  // --locale en-US
        options.completeOutcomes = true
        let result = await Pipeline(job: job, options: options).run()
        XCTAssertEqual(result.exitCode, 0, result.summaryLine)
        let site = dir.appendingPathComponent("Site")
        let page = { (path: String) in TestSupport.read(site.appendingPathComponent(path)) }

        XCTAssertTrue(page("index.html").contains("<html lang=\"en-US\""), "the front page keeps the command line's")
        XCTAssertTrue(page("alex/index.html").contains("<html lang=\"en-US\""))
        XCTAssertTrue(
            page("chloe/index.html").contains("<html lang=\"fr-FR\""), "the report's locale wins over --locale")
        XCTAssertTrue(page("chloe/index.html").contains(">Aller au contenu</a>"), "French words")

        let lena = page("lena/index.html")
        XCTAssertTrue(lena.contains(">Zum Inhalt springen</a>"), "German words on the page")
        XCTAssertTrue(lena.contains("ungültige Zeile übersprungen"), "the page words its warning in German")
        // Without a PDF attached the message is the alternative itself.
        let message = try MIMEReader.parse(page("lena/report.eml"))
        XCTAssertTrue(message.contentType.hasPrefix("multipart/alternative"), message.contentType)
        let text = try XCTUnwrap(message.parts.first { $0.contentType.hasPrefix("text/plain") }).decodedText
        XCTAssertTrue(text.contains("Bestwert"), "German words in the e-mail: \(text)")

        let outcome = try XCTUnwrap(result.reports.first { $0.title == "Lena" })
        let warning = try XCTUnwrap(outcome.warnings.first)
        XCTAssertTrue(warning.message.hasPrefix("ungültige Zeile übersprungen"), warning.message)
        XCTAssertEqual(warning.userText, "lena.txt:2: skipped invalid line: " + warning.message.dropFirst(30))
        for format in SummaryFormat.allCases {
            let summary = format.render(result, title: "Club")
            XCTAssertTrue(summary.contains("skipped invalid line"), "\(format): \(summary)")
            XCTAssertFalse(summary.contains("übersprungen"), "\(format) stays in the user's words: \(summary)")
        }
    }
}
