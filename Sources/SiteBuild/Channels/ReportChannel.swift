import Charts
import GazetteCore
import Jobs
import Rendering
import ReportFacts
import Reports
import SiteOutput

/// One kind of file a report's build writes from the presented report: its pages, its data, its
/// PDF, its message, its feeds. A channel declares its settings (`settings`: the job key and flag
/// that ask for it), knows when a build wants it, what it adds to the site's fingerprint and to a
/// report's key (the settings it reads), what its pages link (`alternate`), and writes its files,
/// returning the warnings it has to say and what it hands the later channels. A new channel is
/// one file and one entry in `ReportChannels.all`.
protocol ReportChannel: Sendable {
    /// Its part in the report's timing lines (`--timings`).
    var part: String { get }
    /// The job key and flag that ask for it; nil for a channel every report has.
    var settings: ChannelSwitch? { get }
    /// Its settings with a value (`--paper`, `email:`), read and typed for it by the job loader
    /// and the command line.
    var valuedSettings: [ChannelSetting] { get }
    /// Whether this build writes it for the report.
    func isWanted(_ report: ChannelReport) -> Bool
    /// The build's settings it reads, as text for the site's fingerprint ("" when none).
    func siteKeyText(_ build: ChannelBuild) -> String
    /// The report's own settings it reads, as text for the report's key ("" when none).
    func reportKeyText(_ spec: ReportSpec) -> String
    /// The chart files it shows, drawn before any channel writes.
    func chartFiles(_ report: ChannelReport, content: ReportContent) -> [ChannelChartFile]
    /// What the report's pages link in their head for it (`<link rel="alternate">`), from the
    /// report's folder; nil for none.
    func alternate(_ input: ChannelInput) -> AlternateLink?
    /// Writes its files into `staging`.
    func write(_ input: ChannelInput, into staging: Staging) throws(BuildError) -> ChannelOutput
}

extension ReportChannel {
    var settings: ChannelSwitch? { nil }
    var valuedSettings: [ChannelSetting] { [] }
    func isWanted(_ report: ChannelReport) -> Bool { settings.map { report.asks(for: $0) } ?? true }
    /// A switched channel's flag, when given: a report reused whole was made without (or with) it.
    func siteKeyText(_ build: ChannelBuild) -> String {
        guard let settings, build.options.switches.contains(settings.name) else { return "" }
        return "\(settings.name)\n"
    }
    /// A switched channel's key, when the report gives it.
    func reportKeyText(_ spec: ReportSpec) -> String {
        guard let settings, spec.switches[settings.name] == true else { return "" }
        return "\(settings.name) true"
    }
    func chartFiles(_ report: ChannelReport, content: ReportContent) -> [ChannelChartFile] { [] }
    func alternate(_ input: ChannelInput) -> AlternateLink? { nil }
}

/// Every channel, in the order they write: a later one may use what an earlier one handed on
/// (the message attaches the PDF).
enum ReportChannels {
    static let all: [any ReportChannel] = [
        PagesChannel(), DataChannel(), PDFChannel(), MessageChannel(), FeedChannel(), JSONFeedChannel()
    ]

    /// The job keys and flags that ask for a report's channels.
    static var switches: [ChannelSwitch] { all.compactMap(\.settings) }

    /// The channels' settings with a value.
    static var valuedSettings: [ChannelSetting] { all.flatMap(\.valuedSettings) }

    /// The channels' share of the site's fingerprint.
    static func siteKeyText(_ build: ChannelBuild) -> String {
        all.map { $0.siteKeyText(build) }.joined()
    }

    /// The channels' share of a report's key.
    static func reportKeyText(_ spec: ReportSpec) -> String {
        all.map { $0.reportKeyText(spec) }.filter { !$0.isEmpty }.joined(separator: "\n")
    }
}

/// How the build was asked to run, as the channels read it: the options and the job's own
/// message settings.
struct ChannelBuild: Sendable {
    let options: BuildOptions
    /// The job's `email:` block.
    let jobEmail: EmailOptions?
    /// Whether any message is written: `--email`, or an `email:` in the job or a report.
    let wantsEmail: Bool

    init(options: BuildOptions, job: Job) {
        self.options = options
        let jobEmail = MessageAddressing.job(job)?.addressing
        self.jobEmail = jobEmail
        wantsEmail = job.reports.contains { MessageChannel.writes(for: $0, options: options, jobEmail: jobEmail) }
    }
}

/// A report as its channels see it: what it is, who reads it, and the build it is part of.
struct ChannelReport: Sendable {
    let spec: ReportSpec
    let slug: String
    let readers: Readers
    /// The site's readers' conventions: a warning in the report's language is also said in the job's.
    let site: SiteFacts
    let build: ChannelBuild
    /// `--no-history` and `history: false` keep no history.
    let keepsHistory: Bool

    /// Whether the report or the build asks for the channel that `settings` switches on.
    func asks(for settings: ChannelSwitch) -> Bool { settings.isOn(for: spec, options: build.options) }
}

/// What a channel writes from: the presented report, its outcome as it stands (the warnings said
/// so far), the history this build leaves, and what earlier channels handed on.
struct ChannelInput: Sendable {
    let report: ChannelReport
    let content: ReportContent
    var outcome: ReportOutcome
    /// The history after this build; nil when the report keeps none or has no figures.
    let history: ReportHistory?
    /// How fresh the data is, in the readers' words, at this build's state.
    let freshness: FreshnessText
    /// What the wanted channels offer beside the pages (`ReportChannel.alternate`), in order.
    var alternates: [AlternateLink] = []
    /// What earlier channels handed on, each a type of its own.
    var products: [any ChannelProduct] = []

    /// What an earlier channel handed on as a `T` (the PDF, for the message); nil when none did.
    func product<T: ChannelProduct>(_ type: T.Type) -> T? {
        products.lazy.compactMap { $0 as? T }.first
    }
}

/// A value one channel hands on to the later ones: a type of its own, found by its type, never by
/// a file's name.
protocol ChannelProduct: Sendable {}

/// What a channel's writing leaves: warnings for the report, and what it hands the later channels.
struct ChannelOutput: Sendable {
    var warnings: [ReportWarning] = []
    var products: [any ChannelProduct] = []
}

/// A chart file a channel shows: the charts drawn into it (by their names in the report: its
/// layouts, widest first), the stem its name starts with, its name in the report's `charts/`
/// folder, whether it stays in the build's scratch area (embedded or attached, never
/// published), and whether it is an inline chart's drawing, written into its page and let go of
/// with the report (never a file of the site, so not in the report's record).
struct ChannelChartFile: Sendable {
    var charts: [String]
    let file: String
    let name: String
    let format: ChartFormat
    let scratch: Bool
    var inline = false
}
