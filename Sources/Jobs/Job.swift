import Email
import Foundation
import GazetteCore
import ReportFacts
import Localization
import Reports

/// One report of a job, as the job file or the command line asked for it.
public struct ReportSpec: Equatable, Sendable {
    /// The report's kind: its options' (one value, so the two cannot disagree).
    public var kind: ReportKind { options.kind }
    public var title: String?
    public var sources: [Source] {
        get { sourceList.sources }
        set { sourceList = SourceList(newValue) }
    }
    private var sourceList: SourceList
    /// `history: false`: keep no history of this report's figures (and say nothing of changes).
    public var history = true
    /// The kind's own options, typed, parsed once by the job loader.
    public var options: ReportOptions {
        get { optionsBox.value }
        set { optionsBox = SharedOptions(newValue) }
    }
    /// The options in a box that reports with equal options share (`shareOptions(with:)`).
    private var optionsBox: SharedOptions
    /// Where in the job file the report was declared, for errors about the report as a whole.
    public var origin: ErrorLocation {
        get { place.location }
        set { place = Origin(newValue) }
    }
    private var place = Origin.nowhere
    /// What few reports set, boxed (`ReportSpecExtras`): nil while all of it is as by default.
    private var extras: ReportSpecExtras.Box?

    /// The channels' valued settings this report's entry gives (`email: {…}`), by name (`ChannelSetting`).
    public var settings: ChannelValues {
        get { extras?.value.settings ?? ChannelValues() }
        set { update { $0.settings = newValue } }
    }
    /// Who its inputs' `recipients:` name, in their order, for its message to go to first.
    public var recipients: [Mailbox] {
        get { extras?.value.recipients ?? [] }
        set { update { $0.recipients = newValue } }
    }
    /// The channels' switches this report's entry gives (`pdf: true`), by name (`ChannelSwitch`).
    public var switches: [String: Bool] {
        get { extras?.value.switches ?? [:] }
        set { update { $0.switches = newValue } }
    }
    /// An input the job names that is not there (a pattern that matched no file): the report
    /// fails with it, as with a missing file, and the others are built.
    public var inputProblem: BuildError? {
        get { extras?.value.inputProblem }
        set { update { $0.inputProblem = newValue } }
    }
    /// This report's readers (`locale:`, `language:`, `timezone:` on the report), over the
    /// command line's and the job's; nil where the report sets none.
    public var readers: ReaderSettings {
        get { extras?.value.readers ?? ReaderSettings() }
        set { update { $0.readers = newValue } }
    }
    /// `fresh:` on the report (or the job's, for a report that sets none): over its kind's cadence.
    package var fresh: Cadence? {
        get { extras?.value.fresh }
        set { update { $0.fresh = newValue } }
    }

    /// A report with its kind's default options.
    public init(kind: ReportKind, title: String? = nil, sources: [Source]) {
        self.init(title: title, sources: sources, options: kind.defaultOptions)
    }

    /// A report of the kind of its options.
    public init(title: String? = nil, sources: [Source], options: ReportOptions) {
        self.title = title
        sourceList = SourceList(sources)
        optionsBox = SharedOptions(options)
    }

    /// Takes `other`'s box of options when they are equal, so that many reports hold one; true
    /// when this report's options are now in `other`'s box.
    @discardableResult
    package mutating func shareOptions(with other: ReportSpec) -> Bool {
        if optionsBox === other.optionsBox { return true }
        guard optionsBox.value == other.optionsBox.value else { return false }
        optionsBox = other.optionsBox
        return true
    }

    public var resolvedTitle: String { title ?? kind.defaultTitle }

    /// Changes the extras in a box of their own (boxes are never changed in place: copies of a
    /// spec share theirs), and keeps none when they are all as by default.
    private mutating func update(_ change: (inout ReportSpecExtras) -> Void) {
        var value = extras?.value ?? ReportSpecExtras()
        change(&value)
        extras = value == ReportSpecExtras() ? nil : ReportSpecExtras.Box(value)
    }

    public static func == (one: ReportSpec, other: ReportSpec) -> Bool {
        one.title == other.title && one.sourceList == other.sourceList && one.options == other.options
            && one.history == other.history && one.place == other.place && one.extras?.value == other.extras?.value
    }
}

/// A whole build: what to make and where to put it.
public struct Job: Equatable, Sendable {
    public var title: String
    public var output: URL
    public var now: Date?
    public var reports: [ReportSpec]
    /// The job file, when there was one.
    public var file: URL?
    /// Files copied into the site as they are: `static:` in the job, or a `static` folder beside
    /// the job file when there is one.
    public var staticFolder: URL?
    /// The readers' language and region (`locale:`, BCP 47), time zone (`timezone:`, IANA) and
    /// words' language (`language:`, over the locale's own, so German words can go with Swiss
    /// formats); each nil for the default (en-GB, UTC, the locale's language).
    public var readers = ReaderSettings()
    /// `base-url:`: the site's address, ending in `/` (`BaseURL`); nil when the job gives none.
    public var baseURL: String?
    /// `index: false`: search engines are asked not to index the site (a coach's athletes' pages).
    public var indexed = true
    /// `host:`: where the site is published, whose limits it must keep to; nil when not said.
    public var host: HostLimits?
    /// The site-wide channels' switches the job gives, by name (`ChannelSwitch`).
    public var switches: [String: Bool] = [:]
    /// The channels' valued settings the job gives (`email: {…}`), by name (`ChannelSetting`).
    public var settings = ChannelValues()

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
    /// The channels' flags given (`--pdf`, `--email`), by name (`ChannelSwitch`).
    public var switches: Set<String>
    public var templatesFolder: URL?
    /// `--cache DIR`: chart files kept between builds, beside what the previous output offers.
    public var cacheFolder: URL?
    /// False with `--no-cache`: nothing is reused, everything drawn and built again.
    public var reusesEarlierWork = true
    /// `--verify`: every input and every reused file is read and checked against its SHA-256,
    /// not trusted by its stat.
    public var verify = false
    /// `gazette serve`: a rebuild swaps in only the report folders and files it wrote
    /// (`InPlacePublisher`) instead of the whole tree.
    public var publishesInPlace = false
    /// Cards on a front page; nil for the standard number (tests use a few, to have many pages).
    package var cardsPerPage: Int?
    /// `--shard K/N`: build only this shard's reports, into a part for `gazette merge`.
    public var shard: Shard?
    /// False with `--no-history`: no report keeps or reads the history of its figures.
    public var history = true
    /// `--history-from DIR`: the site a shard's part continues the reports' histories of (the
    /// output `gazette merge` will write); nil to read them from the build's own output.
    public var historyFolder: URL?
    /// `--history-from https://…`: the published site whose histories the reports continue
    /// (fetched before the build); nil when none is named by URL.
    public var historySite: URL?
    /// `--base-url`: the site's address, over the job's `base-url:` (normalized by `BaseURL`).
    public var baseURL: String?
    /// `--host`: where the site is published, over the job's `host:`.
    public var host: HostLimits?
    /// The drawing code's version the chart files are keyed with; nil for this program's own
    /// (`ChartRenderer.drawingVersion`). Tests give another to stand for an upgrade.
    package var drawingVersion: String?
    /// `--locale`, `--timezone` and `--language`: they win over the job's.
    public var readers = ReaderSettings()
    /// The channels' valued settings the command line and the environment give (`--paper`,
    /// `--email-from`), by name (`ChannelSetting`).
    public var settings = ChannelValues()
    /// Every report's headline and summary lines in the result, those of reports taken whole from
    /// the previous output included (their records are read back): for `--summary`.
    public var completeOutcomes = false

    public init(
        now: Date, seed: UInt64? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        selfContained: Bool = false, switches: Set<String> = [], templatesFolder: URL? = nil
    ) {
        self.now = now
        self.seed = seed
        self.jobs = max(1, jobs)
        self.selfContained = selfContained
        self.switches = switches
        self.templatesFolder = templatesFolder
    }
}

/// Who reads a report: their language and region, the words' language and their time zone; each
/// nil where it is not set (the next level's, then Gazette's defaults, apply). The locale and the
/// zone are checked where they are written, so resolving them cannot fail.
public struct ReaderSettings: Equatable, Hashable, Sendable {
    public var locale: ReaderLocale?
    public var language: String?
    public var timeZone: ReaderTimeZone?

    public init(locale: ReaderLocale? = nil, language: String? = nil, timeZone: ReaderTimeZone? = nil) {
        self.locale = locale
        self.language = language
        self.timeZone = timeZone
    }

    public var isEmpty: Bool { locale == nil && language == nil && timeZone == nil }

    /// Who reads a report, resolved in this one place: the report's own settings over the
    /// command line's over the job's, over en-GB in UTC. A report's own locale brings its
    /// language with it: a report in `de-DE` speaks German whatever `--language` says for the site.
    public static func resolved(report: ReaderSettings = ReaderSettings(), options: ReaderSettings, job: ReaderSettings)
        -> ReaderSettings
    {
        var own = report
        if own.language == nil, let locale = own.locale {
            own.language = TextConventions.language(of: locale.identifier)
        }
        return own.over(options).over(job)
    }

    /// These settings where set, else `other`'s.
    public func over(_ other: ReaderSettings) -> ReaderSettings {
        ReaderSettings(
            locale: locale ?? other.locale, language: language ?? other.language, timeZone: timeZone ?? other.timeZone)
    }

    /// The locale, en-GB when none is set.
    public var resolvedLocale: ReaderLocale { locale ?? .standard }

    /// The conventions they give (the words are the build's to choose: `wordsLanguage`'s catalog).
    public var conventions: TextConventions {
        TextConventions(locale: resolvedLocale, timeZone: timeZone ?? .utc)
    }

    /// The language whose words they ask for: `language:`, else the locale's (`de-AT` → `de`).
    public var wordsLanguage: String { TextConventions.language(of: language ?? resolvedLocale.identifier) }
}
