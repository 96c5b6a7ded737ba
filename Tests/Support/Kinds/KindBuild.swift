import Foundation
import GazetteTestSupport
import GazetteCore
import Loading
import ReportFacts
import Reports
import XCTest

/// A kind's content built by its unit alone, without a whole build: the report model that the
/// SPEC's figures are checked on (values, not HTML).
package enum KindBuild {
    /// The input of a report of `kind` from a recorded sample in `../shared/data/`.
    package static func sample(
        _ kind: ReportKind, _ file: String, now: Date = TestSupport.fixedNow, seed: UInt64? = 7
    ) throws -> ReportInput {
        let bytes = Array(try Data(contentsOf: try TestSupport.sharedData(file)))
        return input(kind, name: file, bytes: bytes, now: now, seed: seed)
    }

    /// The input of a report of `kind` from text written in the test.
    package static func text(
        _ kind: ReportKind, name: String, _ text: String, now: Date = TestSupport.fixedNow, seed: UInt64? = 7
    ) -> ReportInput {
        input(kind, name: name, bytes: Array(text.utf8), now: now, seed: seed)
    }

    private static func input(_ kind: ReportKind, name: String, bytes: [UInt8], now: Date, seed: UInt64?)
        -> ReportInput
    {
        ReportInput(
            kind: kind, title: kind.defaultTitle, slug: "report",
            sources: [LoadedInput(source: .embedded(name: name, bytes: bytes), bytes: bytes)], now: now, seed: seed,
            conventions: .standard)
    }
}

/// A value the test expected of one case of an enum was another case.
package struct OtherCase: Error, CustomStringConvertible {
    package var expected: String
    package var description: String { "not \(expected)" }
}

extension ReportData {
    package func creditScore() throws -> CreditScoreReportData {
        guard case let .creditScore(data) = self else { throw OtherCase(expected: "credit-score data") }
        return data
    }

    package func workouts() throws -> WorkoutsReportData {
        guard case let .workouts(data) = self else { throw OtherCase(expected: "workouts data") }
        return data
    }

    package func raceCard() throws -> RaceCardReportData {
        guard case let .raceCard(data) = self else { throw OtherCase(expected: "race-card data") }
        return data
    }

    package func nextToGo() throws -> NextToGoReportData {
        guard case let .nextToGo(data) = self else { throw OtherCase(expected: "next-to-go data") }
        return data
    }
}

extension PageContext {
    package func workouts() throws -> WorkoutsPage {
        guard case let .workouts(page) = self else { throw OtherCase(expected: "a workouts page") }
        return page
    }

    package func exercise() throws -> ExercisePage {
        guard case let .exercise(page) = self else { throw OtherCase(expected: "an exercise page") }
        return page
    }

    package func creditScore() throws -> CreditScorePage {
        guard case let .creditScore(page) = self else { throw OtherCase(expected: "a credit-score page") }
        return page
    }

    package func raceCard() throws -> RaceCardPage {
        guard case let .raceCard(page) = self else { throw OtherCase(expected: "a race-card page") }
        return page
    }

    package func race() throws -> RacePage {
        guard case let .race(page) = self else { throw OtherCase(expected: "a race page") }
        return page
    }

    package func nextToGo() throws -> NextToGoPage {
        guard case let .nextToGo(page) = self else { throw OtherCase(expected: "a next-to-go page") }
        return page
    }
}

extension ReportContent {
    /// The context of the page at `path` inside the report's folder.
    package func context(_ path: String) throws -> PageContext {
        try XCTUnwrap(pages.first { $0.path == path }, "no page \(path)").makeContext()
    }
}
