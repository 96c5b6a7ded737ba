import Foundation
import GazetteCore
import Jobs
import Loading

/// Turns one report's loaded inputs into its pages, charts and figures.
package protocol ReportBuilder {
    func build(_ input: ReportInput) throws(BuildError) -> ReportContent
}

/// The loaded inputs of one report and the run's clock and seed.
package struct ReportInput {
    package var spec: ReportSpec
    package var slug: String
    package var sources: [LoadedInput]
    package var now: Date
    package var seed: UInt64?

    package init(spec: ReportSpec, slug: String, sources: [LoadedInput], now: Date, seed: UInt64?) {
        self.spec = spec
        self.slug = slug
        self.sources = sources
        self.now = now
        self.seed = seed
    }

    /// The one input of a single-input report.
    package func single() throws(BuildError) -> (Source, [UInt8]) {
        guard sources.count == 1, let first = sources.first else {
            throw BuildError(.usage, spec.origin, "a \(spec.kind.rawValue) report takes exactly one input")
        }
        return (first.source, try first.bytes())
    }
}

extension ReportKind {
    package var builder: ReportBuilder {
        switch self {
        case .creditScore: return CreditScoreReport()
        case .workouts: return WorkoutsReport()
        case .raceCard: return RaceCardReport()
        case .nextToGo: return NextToGoReport()
        }
    }
}

/// A kind whose report is not built yet in this version: an honest error instead of a page.
package struct UnavailableReport: ReportBuilder {
    package let kind: ReportKind
    package func build(_ input: ReportInput) throws(BuildError) -> ReportContent {
        throw BuildError(.usage, input.spec.origin, "\(kind.rawValue) reports are not available in this version of Gazette")
    }
}
