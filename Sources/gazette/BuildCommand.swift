import ArgumentParser
import Email
import Foundation
import Logging
import SiteBuild
import GazetteCore
import Jobs
import Loading
import Sending
import Reports
import Workouts

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site: the demo, a job file's reports, or reports named on the command line.",
        discussion: """
            With no job file and no report options, builds gazette.yml (or .yaml, .json) in the current \
            folder, and where there is none the demo site from sample data inside the program.

            Exit status: 0 every report built; 1 a report failed on its input; 64 usage error; \
            65 template error; 74 the output could not be written.
            """
    )

    @Argument(help: "A job file (YAML or JSON) listing the reports to build (default: ./gazette.yml, .yaml or .json).")
    var job: String?

    @Option(
        name: .customLong("credit-score"),
        help: ArgumentHelp("A credit report (JSON): a path or an http(s) URL.", valueName: "src"))
    var creditScore: String?

    @Option(
        name: .customLong("workouts"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "Workout files, merged into one report: the line format, or an export of \(WorkoutFormat.appNames), or any sheet of sets with --columns.",
            valueName: "file"))
    var workouts: [String] = []

    @Option(
        name: .customLong("columns"),
        help: ArgumentHelp(
            "For --workouts files no format knows: which column holds what, as a job's columns: block does ('date=Date,exercise=Exercise,reps=Reps,weight=Weight,weight-unit=kg').",
            valueName: "key=column,…"))
    var columns: String?

    @Option(
        name: .customLong("columns-from"),
        help: ArgumentHelp(
            "For --workouts files no format knows: a file holding a columns: block (the one an error guessed, pasted).",
            valueName: "file"))
    var columnsFrom: String?

    @Option(
        name: .customLong("workouts-format"),
        help: ArgumentHelp(
            "The format of the --workouts files: auto (the default: found from each file's header), \(WorkoutFormat.onCommandLine.map(\.rawValue).joined(separator: ", ")).",
            valueName: "format"))
    var workoutsFormat: String?

    @Option(
        name: .customLong("date-format"),
        help: ArgumentHelp(
            "How the --workouts files' dates are written where a StrongLifts export's own dates do not tell: DD/MM/YY or MM/DD/YY (DD/MM/YYYY, …).",
            valueName: "pattern"))
    var dateFormat: String?

    @Option(
        name: .customLong("race-card"),
        help: ArgumentHelp("A race card (JSON): a path or an http(s) URL.", valueName: "src"))
    var raceCard: String?

    @Option(
        name: .customLong("next-to-go"),
        help: ArgumentHelp("A next-to-go feed (Neds JSON): a path or an http(s) URL.", valueName: "src"))
    var nextToGo: String?

    @Option(
        help: ArgumentHelp(
            "Print a summary of the build on standard output: text, markdown (a CI job summary), json, or github (annotations; the markdown is appended to $GITHUB_STEP_SUMMARY).",
            valueName: "format"))
    var summary: SummaryFormat?

    @Flag(help: "Send the built report.eml messages over SMTP afterwards (implies --email), as `gazette send` does.")
    var send = false

    @OptionGroup(title: "Sending (with --send)") var smtp: SMTPOptions

    @Option(
        help: ArgumentHelp(
            "Build only shard K of N (1 <= K <= N, as Playwright and Jest count) into a part for `gazette merge`; `auto` reads the shard from Kubernetes, Slurm or GitLab.",
            valueName: "K/N|auto"))
    var shard: String?

    @Option(
        help: ArgumentHelp(
            "The shard count for --shard auto where the engine does not give it (Kubernetes; or GAZETTE_SHARDS).",
            valueName: "n"))
    var shards: Int?

    @OptionGroup var common: CommonOptions

    func validate() throws {
        try common.validateConventions()
        if let workoutsFormat {
            guard !workouts.isEmpty else {
                throw ValidationError(
                    "--workouts-format goes with --workouts; a job file sets format: for each workouts report")
            }
            guard let choice = WorkoutFormatChoice(name: workoutsFormat.lowercased()), choice != .named(.csv) else {
                throw ValidationError(
                    "--workouts-format must be one of auto, \(WorkoutFormat.onCommandLine.map(\.rawValue).joined(separator: ", ")) (csv needs columns: in a job file), not \"\(workoutsFormat)\""
                )
            }
        }
        if dateFormat != nil, workouts.isEmpty {
            throw ValidationError(
                "--date-format goes with --workouts; a job file sets date-format: on a workouts report")
        }
        if columns != nil || columnsFrom != nil {
            guard !workouts.isEmpty else {
                throw ValidationError(
                    "--columns and --columns-from go with --workouts; a job file sets columns: on a report")
            }
            guard columns == nil || columnsFrom == nil else {
                throw ValidationError("give --columns or --columns-from, not both")
            }
        }
        if let shard, shard != "auto", Shard(shard) == nil {
            throw ValidationError(Shard.problem(with: shard))
        }
        if let shards, shards < 1 { throw ValidationError("--shards must be at least 1") }
        if shards != nil, shard != "auto" { throw ValidationError("--shards goes with --shard auto") }
    }

    /// What `run` builds, worked out before anything is built.
    private struct Plan {
        var job: Job
        var options: BuildOptions
        var send: SendOptions?
        /// The clock given (--now, SOURCE_DATE_EPOCH), nil for the real one.
        var now: Date?
    }

    func run() async throws {
        let logger = common.makeLogger()
        // With the output named on the command line, its stat file and manifest are read on the
        // other cores while the job is read (a large job takes a while): the build checks they are
        // still what was read before it uses them.
        let readAhead = common.output.map {
            BuildMemory.readingAhead(
                of: URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                    .standardizedFileURL)
        }
        let plan: Plan
        do {
            plan = try makePlan()
        } catch let error as BuildError {
            // Nothing is built, and yet the CI page hears of it like any other error.
            Console.error(error.description)
            if let summary { SummaryOutput.stopped(summary, error) }
            throw ExitCode(ExitStatus.usage)
        } catch let error as ValidationError {
            if let summary { SummaryOutput.stopped(summary, BuildError(.usage, .none, error.message)) }
            throw error
        }
        let job = plan.job
        var options = plan.options
        // Said when it is found, and kept among the build's warnings so every summary (a CI
        // page's annotations too) carries it.
        var clockWarning: String?
        if let shard = options.shard, plan.now == nil, job.now == nil {
            clockWarning =
                "shard \(shard) is built on the real clock: `gazette merge` needs every "
                + "shard built with one clock; give --now, SOURCE_DATE_EPOCH or the job's now:"
            if !common.quiet { Console.error("warning: " + clockWarning!) }
        }
        options.completeOutcomes = summary != nil
        logger.debug(
            "building \(job.reports.count) reports into \(job.output.path) with now \(options.now.timeIntervalSince1970)"
        )
        let reporter = Console.reporter(quiet: common.quiet, logger: logger, progressToStandardError: summary != nil)
        var pipeline = Pipeline(
            job: job, options: options, loader: SourceLoader(policy: common.fetchPolicy), reporter: reporter)
        pipeline.memory = readAhead
        var result = await pipeline.run()
        if let clockWarning { result.siteWarnings.insert(clockWarning, at: 0) }
        Console.printResult(result, quiet: common.quiet, summaryOnStandardError: summary != nil)
        var exitCode = result.exitCode
        var sent: SummaryOutput.Send?
        if let sendOptions = plan.send, result.fatal == nil {
            let outcome = SendRun.run(
                output: job.output, options: sendOptions, quiet: common.quiet, linesToStandardError: summary != nil)
            if exitCode == 0 { exitCode = outcome.exitCode }
            sent = SummaryOutput.Send(result: outcome, output: job.output)
        }
        // After the send, so its failures are in the summary beside the build's.
        if let summary,
            let failed = SummaryOutput.write(summary, result, title: job.title, send: sent, site: job.output),
            exitCode == 0
        {
            exitCode = failed
        }
        if exitCode != 0 { throw ExitCode(exitCode) }
    }

    /// The job, the options and the send's server, every one checked: throws the `BuildError` or
    /// `ValidationError` that stops the build before it begins.
    private func makePlan() throws -> Plan {
        let now = try common.resolvedNow()
        var job: Job
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let adHoc = try adHocReports(base: cwd)
        let conventional = self.job == nil && adHoc.isEmpty ? try ConventionalJob.find(in: cwd) : nil
        if let file = self.job ?? conventional?.lastPathComponent {
            guard adHoc.isEmpty else {
                throw ValidationError("give either a job file or report options such as --credit-score, not both")
            }
            job = try JobFileLoader().load(URL(fileURLWithPath: file, relativeTo: cwd).standardizedFileURL)
        } else if adHoc.isEmpty {
            if !common.quiet { Console.error(ConventionalJob.demoNote) }
            // The demo's next-to-go sample is dated from the build's clock, so read it once here.
            job = DemoJob.make(output: cwd.appendingPathComponent("Output"), now: now ?? Date())
        } else {
            job = Job(title: "Gazette", output: cwd.appendingPathComponent("Output"), reports: adHoc)
        }
        if let output = common.output {
            job.output = URL(fileURLWithPath: output, relativeTo: cwd).standardizedFileURL
        }
        // The server is checked before anything is built, so a wrong --smtp costs no build.
        let sendOptions = send ? try smtp.sendOptions(job: job) : nil
        var options = try common.buildOptions(now: now ?? job.now ?? Date(), cwd: cwd)
        if send { options.switches.insert(OutputChannels.message.name) }
        options.shard = try resolvedShard()
        return Plan(job: job, options: options, send: sendOptions, now: now)
    }

    /// The shard to build, from --shard or the engine's environment; a usage error says which variable.
    private func resolvedShard() throws(BuildError) -> Shard? {
        guard let shard else { return nil }
        if shard != "auto" { return Shard(shard) }
        return try Shard.fromEnvironment(ProcessInfo.processInfo.environment, shards: shards)
    }

    private func adHocReports(base: URL) throws(BuildError) -> [ReportSpec] {
        var reports: [ReportSpec] = []
        if let creditScore {
            reports.append(ReportSpec(kind: .creditScore, sources: [Source(parsing: creditScore, relativeTo: base)]))
        }
        if !workouts.isEmpty {
            var options = WorkoutsOptions(
                format: workoutsFormat.flatMap { WorkoutFormatChoice(name: $0.lowercased()) } ?? .auto)
            if let columns { options.columns = try WorkoutsJobKeys.columns(commandLine: columns) }
            if let columnsFrom {
                options.columns = try ColumnsFile.read(
                    URL(fileURLWithPath: columnsFrom, relativeTo: base).standardizedFileURL)
            }
            if let dateFormat {
                do {
                    options.dateFormat = try WorkoutsJobKeys.dateFormat(
                        OptionValue(.scalar(dateFormat), at: .none), format: options.format)
                } catch {
                    throw BuildError(.usage, .none, "--date-format: " + error.message)
                }
            }
            reports.append(
                ReportSpec(sources: workouts.map { Source(parsing: $0, relativeTo: base) }, options: .workouts(options))
            )
        }
        if let raceCard {
            reports.append(ReportSpec(kind: .raceCard, sources: [Source(parsing: raceCard, relativeTo: base)]))
        }
        if let nextToGo {
            reports.append(ReportSpec(kind: .nextToGo, sources: [Source(parsing: nextToGo, relativeTo: base)]))
        }
        return reports
    }
}

extension SummaryFormat: ExpressibleByArgument {}
