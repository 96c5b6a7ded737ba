import Foundation
import GazetteCore
import ReportFacts
import Reports
import SiteOutput

/// `report.json`: the report's figures as data, for scripts and other tools.
struct DataChannel: ReportChannel {
    let part = "write data"

    func isWanted(_ report: ChannelReport) -> Bool { true }

    func write(_ input: ChannelInput, into staging: Staging) throws(BuildError) -> ChannelOutput {
        let (outcome, slug) = (input.outcome, input.report.slug)
        let document = ReportDocument(
            title: outcome.title, slug: outcome.slug, warnings: outcome.warnings.map(\.text),
            generatedAt: Int(input.report.build.options.now.timeIntervalSince1970.rounded(.down)),
            data: input.content.data, freshness: input.freshness.freshness, state: input.freshness.state)
        let data: JSONValue
        do {
            // A workout log's days are made as it is written.
            data = try document.json()
        } catch {
            throw BuildError(.io, .file("\(slug)/report.json"), "cannot write report.json: \(error)")
        }
        try staging.stream("\(slug)/report.json") { data.write(into: &$0) }
        return ChannelOutput()
    }
}
