import ReportFacts
import Localization
import Foundation
import GazetteCore
import Loading

/// What a kind's unit builds a report from: its loaded inputs, its title, and the run's clock
/// and seed. Its typed options come beside it.
package struct ReportInput {
    package var kind: ReportKind
    package var title: String
    package var slug: String
    package var sources: [LoadedInput]
    package var now: Date
    package var seed: UInt64?
    /// Where the job declared the report, for errors about the report as a whole.
    package var origin: ErrorLocation
    /// The readers' conventions every text of the report is written in.
    package var conventions: TextConventions
    /// The user's conventions (the job's), when the report's own readers differ: its warnings are
    /// worded in these too, for the terminal and the summaries.
    package var userConventions: TextConventions?
    /// The report's figures of earlier builds, as the previous output kept them; nil when the
    /// report keeps no history or this is its first build.
    package var history: ReportHistory?

    package init(
        kind: ReportKind, title: String, slug: String, sources: [LoadedInput], now: Date, seed: UInt64?,
        origin: ErrorLocation = .none, conventions: TextConventions
    ) {
        self.kind = kind
        self.title = title
        self.slug = slug
        self.sources = sources
        self.now = now
        self.seed = seed
        self.origin = origin
        self.conventions = conventions
    }

    /// The one input of a single-input report.
    package func single() throws(BuildError) -> (Source, [UInt8]) {
        guard sources.count == 1, let first = sources.first else {
            throw BuildError(.usage, origin, "a \(kind.rawValue) report takes exactly one input")
        }
        return (first.source, try first.bytes())
    }
}

extension ReportInput {
    /// The warnings `make` words in the readers' conventions, each with its sentence in the
    /// user's too when the report's readers read otherwise (`ReportWarning.userMessage`).
    package func warnings(_ make: (TextConventions) -> [ReportWarning]) -> [ReportWarning] {
        let read = make(conventions)
        guard let userConventions else { return read }
        let said = make(userConventions)
        // The same rule on the same figures gives the same warnings in the same order.
        guard said.count == read.count else { return read }
        return zip(read, said).map { warning, user in
            var warning = warning
            if user.message != warning.message { warning.userMessage = user.message }
            return warning
        }
    }
}
