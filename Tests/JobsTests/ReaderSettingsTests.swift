import Localization
import XCTest

@testable import Jobs

/// Issue 52: who reads a report is resolved in one place — the report's settings over the command
/// line's over the job's over en-GB in UTC — from values checked where they were written.
final class ReaderSettingsTests: XCTestCase {
    func testTheReportOverTheFlagsOverTheJobOverTheDefaults() throws {
        let job = ReaderSettings(
            locale: try ReaderLocale("fr-FR"), language: "fr", timeZone: try ReaderTimeZone("Europe/Paris"))
        let flags = ReaderSettings(timeZone: try ReaderTimeZone("Australia/Sydney"))
        let site = ReaderSettings.resolved(options: flags, job: job)
        XCTAssertEqual(site.conventions.locale, "fr-FR")
        XCTAssertEqual(site.conventions.timeZone, "Australia/Sydney", "the command line's zone wins over the job's")
        XCTAssertEqual(site.wordsLanguage, "fr")

        let report = ReaderSettings.resolved(
            report: ReaderSettings(locale: try ReaderLocale("de_AT")), options: flags, job: job)
        XCTAssertEqual(report.conventions.locale, "de-AT", "written with _ , kept hyphenated")
        XCTAssertEqual(report.wordsLanguage, "de", "a report's own locale brings its language over the job's")
        XCTAssertEqual(report.conventions.timeZone, "Australia/Sydney")

        let none = ReaderSettings.resolved(options: ReaderSettings(), job: ReaderSettings())
        XCTAssertEqual(none.conventions, .standard, "en-GB in UTC")
        XCTAssertEqual(none.wordsLanguage, "en")
    }

    func testALocaleOrZoneIsCheckedWhereItIsWritten() {
        XCTAssertThrowsError(try ReaderLocale("klingon")) {
            XCTAssertEqual($0 as? ConventionsError, .unknownLocale("klingon"))
        }
        XCTAssertThrowsError(try ReaderTimeZone("Mars/Base"))
        XCTAssertEqual(try ReaderTimeZone("Etc/UTC").identifier, "UTC")
        XCTAssertEqual(try ReaderTimeZone("GMT"), .utc)
    }
}
