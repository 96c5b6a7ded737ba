import Deterministic
import Foundation
import GazetteCore
import ReportFacts
import Localization
import Rendering
import Reports

/// `part.json`: what a shard's part says about itself, for `gazette merge` — the job it belongs to
/// (by key), which shard of how many it is, what the front page needs of the whole site, and every
/// report of the shard with its outcome. The part's `manifest.json` lists its files and its
/// reports' records, as a site's does.
struct PartManifest: Codable, Equatable, Sendable {
    static let fileName = "part.json"
    static let format = "gazette-part 5"

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

    /// The site's facts whole, as the merge's front page needs them.
    struct Site: Codable, Equatable, Sendable {
        var title: String
        var jobFile: String?
        var inputs: [String]
        var now: Double
        var selfContained: Bool
        /// The job's static files, copied into every part at their site paths for the merge to take.
        var staticFiles: [String]
        /// The readers' conventions the reports were presented in.
        var locale: String
        var timeZone: String
        /// The words' language.
        var language: String
        /// The site's address, for the merged site's feed and sitemap.
        var baseURL: String?
        /// False when the job said `index: false`.
        var indexed: Bool
        /// The site channels' switches turned on (nil, not written, for none).
        var switches: [String]?

        init(_ settings: SiteSettings) {
            let (facts, selfContained, staticFiles) = (settings.facts, settings.selfContained, settings.staticFiles)
            switches = settings.switches.isEmpty ? nil : settings.switches.sorted()
            title = facts.title
            jobFile = facts.jobFile
            inputs = facts.inputs
            now = facts.now.timeIntervalSince1970
            self.selfContained = selfContained
            self.staticFiles = staticFiles
            locale = facts.conventions.locale
            timeZone = facts.conventions.timeZone
            language = facts.conventions.words.language
            baseURL = facts.baseURL
            indexed = facts.indexed
        }

        /// The facts again, speaking `words` (the merge's templates' catalog of `language`).
        func facts(speaking words: Words) throws(ConventionsError) -> SiteFacts {
            SiteFacts(
                title: title, now: Date(timeIntervalSince1970: now), inputs: inputs, jobFile: jobFile,
                conventions: try TextConventions(locale: locale, timeZone: timeZone).speaking(words),
                baseURL: baseURL, indexed: indexed)
        }
    }

    var format = Self.format
    /// A key of the whole job: its reports, options, clock, site facts and templates.
    var job: String
    var shard: Int
    var shards: Int
    /// How many reports the whole job has.
    var reportCount: Int
    var site: Site
    /// The key of every template's text: the merge must render the front page from the same.
    /// One line per template file (`template NAME HASH`), so a merge can name the ones that differ.
    var templates: String
    var reports: [Report]
    /// A short key of every report of the whole job, in job order: its kind, title, slug, options
    /// and inputs' names. So a merge names the reports whose options differ, not only "the
    /// reports"; 16 hex digits each keep a part of 100,000 reports under 2 MB of them.
    var reportKeys: [String]
}

extension PartManifest {
    /// The most reports or templates a difference names before saying how many more there are.
    static let namedAtMost = 5

    /// What tells this part's job from `other`'s, in words: the clocks (ISO 8601), the templates
    /// and the reports by name, the readers, the title, the count of reports…; `slug` names a
    /// report by its place in the job (from every part's reports).
    func differences(from other: PartManifest, slug: (Int) -> String? = { _ in nil }) -> [String] {
        var found: [String] = []
        let (mine, theirs) = (site, other.site)
        if mine.now != theirs.now {
            let iso = { (seconds: Double) in UTCTime.iso(Date(timeIntervalSince1970: seconds)) }
            found.append(
                "the clock (\(iso(mine.now)) here, \(iso(theirs.now)) there: build every shard with one --now)")
        }
        if templates != other.templates {
            found.append(
                "the templates \(Self.listed(Self.differingTemplates(templates, other.templates))) "
                    + "(give every shard the same --templates)")
        }
        if reportCount != other.reportCount {
            found.append("the number of reports (\(reportCount) here, \(other.reportCount) there)")
        }
        if mine.title != theirs.title { found.append("the title (\"\(mine.title)\" here, \"\(theirs.title)\" there)") }
        if mine.selfContained != theirs.selfContained { found.append("--self-contained") }
        for (name, here, there) in [
            ("the locale", mine.locale, theirs.locale), ("the time zone", mine.timeZone, theirs.timeZone),
            ("the language", mine.language, theirs.language)
        ] where here != there {
            found.append("\(name) (\(here) here, \(there) there)")
        }
        if mine.jobFile != theirs.jobFile {
            found.append("the job file (\(mine.jobFile ?? "none") here, \(theirs.jobFile ?? "none") there)")
        }
        if mine.inputs != theirs.inputs { found.append("the inputs") }
        if mine.staticFiles != theirs.staticFiles { found.append("the static files") }
        if mine.baseURL != theirs.baseURL || mine.indexed != theirs.indexed || mine.switches != theirs.switches {
            found.append("the site's address or index setting")
        }
        if reportCount == other.reportCount, reportKeys != other.reportKeys {
            let differing = zip(reportKeys, other.reportKeys).enumerated().filter { $1.0 != $1.1 }.map(\.offset)
            let names = differing.map { index in slug(index).map { "\"\($0)\"" } ?? "report \(index + 1)" }
            found.append("the options or inputs of the reports \(Self.listed(names))")
        }
        if found.isEmpty {
            found.append("the build's options (--seed, --email, --pdf, --paper or the e-mail addresses)")
        }
        return found
    }

    /// The names of the template files whose text differs, or that one side has and the other lacks.
    static func differingTemplates(_ mine: String, _ theirs: String) -> [String] {
        // Each line is `template NAME HASH`; a name may hold spaces, the hash never does.
        func table(_ text: String) -> [String: Substring] {
            var table: [String: Substring] = [:]
            for line in text.split(separator: "\n") {
                guard line.hasPrefix("template "), let space = line.lastIndex(of: " ") else { continue }
                let name = line[line.index(line.startIndex, offsetBy: 9)..<space]
                table[String(name)] = line[line.index(after: space)...]
            }
            return table
        }
        let (a, b) = (table(mine), table(theirs))
        return Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
    }

    /// `a, b and c`, or the first few and how many more: a merge of 100,000 reports stays one line.
    static func listed(_ names: [String]) -> String {
        let shown = Array(names.prefix(namedAtMost))
        let rest = names.count - shown.count
        if rest > 0 { return shown.joined(separator: ", ") + " and \(rest) more" }
        guard let last = shown.last else { return "" }
        return shown.count == 1 ? last : shown.dropLast().joined(separator: ", ") + " and " + last
    }
}
