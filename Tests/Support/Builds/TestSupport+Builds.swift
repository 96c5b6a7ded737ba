import Foundation
import GazetteTestSupport
import Jobs
import SiteBuild
import Reports

/// Whole builds, for the tests of the build and of what it writes.
extension TestSupport {
    /// Runs a whole build of `reports` into `output`.
    package static func build(
        _ reports: [ReportSpec], output: URL, now: Date = fixedNow, jobs: Int = 2,
        title: String = "Test site"
    ) async -> BuildResult {
        let job = Job(title: title, output: output, reports: reports)
        return await Pipeline(job: job, options: BuildOptions(now: now, jobs: jobs)).run()
    }

    /// A report's report.json read back as the typed document Gazette wrote.
    package static func reportDocument(_ url: URL) throws -> ReportDocument {
        try JSONDecoder().decode(ReportDocument.self, from: Data(contentsOf: url))
    }

}
