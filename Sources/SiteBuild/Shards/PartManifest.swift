import Deterministic
import Foundation
import GazetteCore
import ReportFacts
import Reports

/// `part.json`: what a shard's part says about itself, for `gazette merge` — the job it belongs to
/// (by key), which shard of how many it is, what the front page needs of the whole site, and every
/// report of the shard with its outcome. The part's `manifest.json` lists its files and its
/// reports' records, as a site's does.
struct PartManifest: Codable, Equatable, Sendable {
    static let fileName = "part.json"
    static let format = "gazette-part 3"

    struct Report: Codable, Equatable, Sendable {
        /// The report's place in the job.
        var index: Int
        var slug: String
        var title: String
        var kind: ReportKind
        var sources: [String]
        /// Why the report failed in its shard; the merge keeps its previous pages, as a build would.
        /// A built report's record is in its folder.
        var error: BuildError?
    }

    var format = Self.format
    /// A key of the whole job: its reports, options, clock, site facts and templates.
    var job: String
    var shard: Int
    var shards: Int
    /// How many reports the whole job has.
    var reportCount: Int
    var title: String
    var jobFile: String?
    var inputs: [String]
    var now: Double
    var selfContained: Bool
    /// The key of every template's text: the merge must render the front page from the same.
    var templates: String
    var reports: [Report]
    /// The job's static files, copied into every part at their site paths for the merge to take.
    var staticFiles: [String]? = nil
    /// The readers' conventions the reports were presented in, for the merge's front page.
    var locale: String? = nil
    var timeZone: String? = nil
    /// The words' language when it is not English.
    var language: String? = nil
}

extension PartManifest {
    /// What tells this part's job from `other`'s, in words: the clocks (ISO 8601), the templates,
    /// the readers, the title, the count of reports…; the reports' options or inputs when none of
    /// those differs (the job's key holds them, the part does not).
    func differences(from other: PartManifest) -> [String] {
        var found: [String] = []
        if now != other.now {
            let iso = { (seconds: Double) in UTCTime.iso(Date(timeIntervalSince1970: seconds)) }
            found.append("the clock (\(iso(now)) here, \(iso(other.now)) there: build every shard with one --now)")
        }
        if templates != other.templates { found.append("the templates (give every shard the same --templates)") }
        if reportCount != other.reportCount {
            found.append("the number of reports (\(reportCount) here, \(other.reportCount) there)")
        }
        if title != other.title { found.append("the title (\"\(title)\" here, \"\(other.title)\" there)") }
        if selfContained != other.selfContained { found.append("--self-contained") }
        for (name, mine, theirs) in [
            ("the locale", locale, other.locale), ("the time zone", timeZone, other.timeZone),
            ("the language", language, other.language)
        ] where mine != theirs {
            found.append("\(name) (\(mine ?? "default") here, \(theirs ?? "default") there)")
        }
        if inputs != other.inputs { found.append("the inputs") }
        if (staticFiles ?? []) != (other.staticFiles ?? []) { found.append("the static files") }
        if found.isEmpty { found.append("the reports' options or inputs' contents") }
        return found
    }
}
