import Foundation
import GazetteCore

/// Turns one report's loaded inputs into its pages, charts and figures.
protocol ReportBuilder {
    func build(_ input: ReportInput) throws(BuildError) -> ReportContent
}

/// The loaded inputs of one report and the run's clock and seed.
struct ReportInput {
    var spec: ReportSpec
    var slug: String
    var sources: [LoadedInput]
    var now: Date
    var seed: UInt64?

    /// The one input of a single-input report.
    func single() throws(BuildError) -> (Source, [UInt8]) {
        guard sources.count == 1, let first = sources.first else {
            throw BuildError(.usage, spec.origin, "a \(spec.kind.rawValue) report takes exactly one input")
        }
        return (first.source, try first.bytes())
    }
}

extension ReportKind {
    var builder: ReportBuilder {
        switch self {
        case .creditScore: return CreditScoreReport()
        case .workouts: return WorkoutsReport()
        case .raceCard: return RaceCardReport()
        case .nextToGo: return NextToGoReport()
        }
    }
}

/// A kind whose report is not built yet in this version: an honest error instead of a page.
struct UnavailableReport: ReportBuilder {
    let kind: ReportKind
    func build(_ input: ReportInput) throws(BuildError) -> ReportContent {
        throw BuildError(.usage, input.spec.origin, "\(kind.rawValue) reports are not available in this version of Gazette")
    }
}
