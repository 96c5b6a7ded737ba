import ArgumentParser
import Foundation
import Localization
import Logging
import SiteBuild
import GazetteCore
import Jobs
import Loading

/// Options shared by `build` and `watch`.
struct CommonOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("Where to write the site (default: ./Output, or the job file's output).", valueName: "dir"))
    var output: String?

    @Option(
        help: ArgumentHelp(
            "The clock for every time-dependent rule: ISO 8601 or Unix seconds (default: now).", valueName: "time"))
    var now: String?

    @Option(help: ArgumentHelp("A folder of templates overriding the built-in ones by name.", valueName: "dir"))
    var templates: String?

    @Option(help: "Seed for the featured-race pick (default: the next race to start).")
    var seed: UInt64?

    @Option(help: "How many charts to draw at once (default: the number of cores).")
    var jobs: Int?

    @Flag(
        name: .customLong("self-contained"),
        help: "Make every page one file: CSS inline, charts as SVG data URIs, no script.")
    var selfContained = false

    /// The channels' flags (`--email`, `--pdf`, …), each declared by its channel.
    @Flag var channels: [ChannelFlag] = []

    @Flag(
        name: .customLong("no-history"),
        help: "Keep no history of the reports' figures: say nothing of what changed since an earlier build.")
    var noHistory = false

    @Option(
        name: .customLong("history-from"),
        help: ArgumentHelp(
            "Read the reports' histories from this site instead of the output: a folder, or the published site's https:// address (a CI runner that keeps nothing between runs continues them), or, for a shard's part, the site it will be merged into.",
            valueName: "dir-or-url"))
    var historyFrom: String?

    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp(
            "The site's address, such as https://example.org/reports/ (over the job's base-url:): the Atom feeds' links.",
            valueName: "url"))
    var baseURL: String?

    @Option(
        help: ArgumentHelp(
            "Where the site is published (over the job's host:): \(HostLimits.knownNames). A site over its limits is not published.",
            valueName: "name"))
    var host: String?

    /// The channels' options with a value (`--paper`, `--email-from`, …), each declared by its channel.
    @OptionGroup var channelOptions: ChannelOptions

    @Option(
        help: ArgumentHelp(
            "The readers' language and region, BCP 47 (default: the job's, else en-GB): dates, numbers, currency.",
            valueName: "locale"),
        transform: { (written: String) throws -> ReaderLocale in try ReaderLocale(written) })
    var locale: ReaderLocale?

    @Option(
        help: ArgumentHelp(
            "The language of the pages' words: de, en, es, fr or ja, or one of your own catalogs (default: the job's, else the locale's).",
            valueName: "language"))
    var language: String?

    @Option(
        help: ArgumentHelp(
            "The readers' time zone, IANA (default: the job's, else UTC): times of day on the pages.",
            valueName: "zone"),
        transform: { (written: String) throws -> ReaderTimeZone in try ReaderTimeZone(written) })
    var timezone: ReaderTimeZone?

    /// --language checked before any work (--locale and --timezone are checked as they are read).
    func validateConventions() throws {
        if let language, !TextConventions.isLanguageTag(language) {
            throw ValidationError("--language: \"\(language)\" is not a language code such as de, fr or ja")
        }
    }

    @Option(
        help: ArgumentHelp(
            "A folder keeping drawn chart files between builds (CI can keep it between runs).", valueName: "dir"))
    var cache: String?

    @Flag(
        name: .customLong("no-cache"),
        help: "Reuse nothing from the previous output or the cache: draw and build everything.")
    var noCache = false

    @Flag(
        help: ArgumentHelp(
            "Read and check every input and every reused file against its SHA-256, instead of trusting an unchanged stat (size, modification time, inode)."
        ))
    var verify = false

    @Option(
        name: .customLong("max-input-size"),
        help: ArgumentHelp(
            "The most bytes one input may hold: a file, standard input or a URL's answer (default 32M; K, M, G).",
            valueName: "size"))
    var maxInputSize: ByteCount?

    /// How inputs are read: the network's deadlines and the one size limit of every input.
    var fetchPolicy: FetchPolicy {
        var policy = FetchPolicy()
        if let maxInputSize { policy.maximumBytes = maxInputSize.bytes }
        return policy
    }

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print details of each step.")
    var verbose = false

    /// The build's options from the flags every building command shares, in one place: `build`,
    /// `watch` and `serve` take them whole and add only their own.
    func buildOptions(now: Date, cwd: URL) throws -> BuildOptions {
        let folder = { (path: String) in URL(fileURLWithPath: path, relativeTo: cwd).standardizedFileURL }
        var options = BuildOptions(
            now: now, seed: seed, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
            selfContained: selfContained, switches: Set(channels.map(\.name)), templatesFolder: templates.map(folder))
        options.cacheFolder = cache.map(folder)
        options.reusesEarlierWork = !noCache
        options.verify = verify
        options.settings = try channelOptions.settings()
        options.history = !noHistory
        if let historyFrom, let url = URL(string: historyFrom),
            ["http", "https"].contains(url.scheme?.lowercased() ?? "")
        {
            options.historySite = url
        } else {
            options.historyFolder = historyFrom.map(folder)
        }
        if let baseURL {
            switch BaseURL.normalized(baseURL) {
            case let .success(url): options.baseURL = url
            case let .failure(problem):
                throw ValidationError(problem.description.replacingOccurrences(of: "base-url", with: "--base-url"))
            }
        }
        if let host {
            guard let limits = HostLimits.named(host) else {
                throw ValidationError(
                    "--host \"\(host)\" is not a host Gazette knows (\(HostLimits.knownNames)); a job's host: can give "
                        + "other limits, as in {files: 20000}")
            }
            options.host = limits
        }
        options.readers = ReaderSettings(locale: locale, language: language, timeZone: timezone)
        return options
    }

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if quiet, verbose { throw ValidationError("--quiet and --verbose cannot be used together") }
        if let now, TimeParser.parse(now) == nil {
            throw ValidationError(
                "--now must be ISO 8601 (2023-11-04T05:50:00Z) or Unix seconds, in years 1 to 9999, not \"\(now)\"")
        }
    }

    /// `--now`, or else `SOURCE_DATE_EPOCH` (the reproducible-builds convention: Unix seconds).
    func resolvedNow() throws -> Date? {
        if let now { return TimeParser.parse(now) }
        guard let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty else { return nil }
        guard epoch.allSatisfy(\.isNumber), let date = TimeParser.parse(epoch) else {
            throw ValidationError("SOURCE_DATE_EPOCH must be Unix seconds (such as 1700000000), not \"\(epoch)\"")
        }
        return date
    }

    func makeLogger() -> Logger {
        var logger = Self.logger()
        logger.logLevel = verbose ? .debug : .warning
        return logger
    }

    static func logger() -> Logger {
        Logger(label: "gazette") { StreamLogHandler.standardError(label: $0) }
    }
}

/// A channel's flag on the command line, as its channel declares it (`ChannelSwitch`): the
/// building commands list every channel's without naming one.
struct ChannelFlag: EnumerableFlag {
    let name: String
    let help: String

    /// Sorted by name, so the help lists them in a stable order whatever the channels' order.
    static var allCases: [ChannelFlag] {
        OutputChannels.switches.compactMap { channel in channel.flag.map { ChannelFlag(name: channel.name, help: $0) } }
            .sorted { $0.name < $1.name }
    }

    static func name(for value: ChannelFlag) -> NameSpecification { .customLong(value.name) }
    static func help(for value: ChannelFlag) -> ArgumentHelp? { ArgumentHelp(value.help) }
}
