import Foundation
import GazetteCore

/// The four kinds of report Gazette builds.
public enum ReportKind: String, CaseIterable, Sendable {
    case creditScore = "credit-score"
    case workouts
    case raceCard = "race-card"
    case nextToGo = "next-to-go"

    /// The title a report gets when the job gives none.
    public var defaultTitle: String {
        switch self {
        case .creditScore: return "Credit score"
        case .workouts: return "Workouts"
        case .raceCard: return "Race card"
        case .nextToGo: return "Next to go"
        }
    }
}

/// What to do with an invalid line in a text input.
public enum InvalidLines: String, Sendable { case fail, skip }

/// Where the e-mail of a report goes.
public struct EmailOptions: Equatable, Sendable {
    public var from: String?
    public var to: [String]
    public var subject: String?

    public init(from: String? = nil, to: [String] = [], subject: String? = nil) {
        self.from = from
        self.to = to
        self.subject = subject
    }
}

/// One report of a job, as the job file or the command line asked for it.
public struct ReportSpec: Equatable, Sendable {
    public var kind: ReportKind
    public var title: String?
    public var sources: [Source]
    /// Credit score: ISO currency code.
    public var currency: String = "GBP"
    /// Workouts: 1RM formula name and unit label.
    public var formula: String = "brzycki"
    public var unit: String = "lb"
    public var invalidLines: InvalidLines = .fail
    /// Next to go: category filter names; empty means all.
    public var categories: [String] = []
    /// Next to go (watch): how old data may get before it is fetched again.
    public var maxAge: TimeInterval = 300
    public var email: EmailOptions?
    /// Where in the job file the report was declared, for errors about the report as a whole.
    public var origin: ErrorLocation = .none

    public init(kind: ReportKind, title: String? = nil, sources: [Source]) {
        self.kind = kind
        self.title = title
        self.sources = sources
    }

    public var resolvedTitle: String { title ?? kind.defaultTitle }
}

/// A whole build: what to make and where to put it.
public struct Job: Equatable, Sendable {
    public var title: String
    public var output: URL
    public var now: Date?
    public var reports: [ReportSpec]
    /// The job file, when there was one.
    public var file: URL?

    public init(title: String, output: URL, now: Date? = nil, reports: [ReportSpec], file: URL? = nil) {
        self.title = title
        self.output = output
        self.now = now
        self.reports = reports
        self.file = file
    }
}

/// Options of one run that are not part of the job.
public struct BuildOptions: Sendable {
    public var now: Date
    public var seed: UInt64?
    public var jobs: Int
    public var selfContained: Bool
    public var email: Bool
    public var templatesFolder: URL?

    public init(now: Date, seed: UInt64? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                selfContained: Bool = false, email: Bool = false, templatesFolder: URL? = nil) {
        self.now = now
        self.seed = seed
        self.jobs = max(1, jobs)
        self.selfContained = selfContained
        self.email = email
        self.templatesFolder = templatesFolder
    }
}
