import Canvas
import Charts
import Foundation

/// The build, as named steps: load → build reports → render charts → render pages → write data → publish.
///
/// One bad report never stops the others: its error is kept with it and the rest go on. Only a
/// broken template or an unwritable output stops the build, and then nothing is published.
public struct Pipeline {
    public var job: Job
    public var options: BuildOptions
    public var loader: SourceLoader
    public var reporter: Reporter

    static let stepNames = ["load inputs", "build reports", "render charts", "render pages", "write data and messages", "publish"]

    public init(job: Job, options: BuildOptions, loader: SourceLoader = SourceLoader(), reporter: Reporter = .silent) {
        self.job = job
        self.options = options
        self.loader = loader
        self.reporter = reporter
    }

    private func step(_ number: Int) {
        reporter.progress("[\(number)/\(Self.stepNames.count)] \(Self.stepNames[number - 1])")
    }

    public func run() async -> BuildResult {
        let slugs = Slug.unique(job.reports.map(\.resolvedTitle), fallback: "report", reserved: ["assets"])
        var outcomes = zip(job.reports, slugs).map { spec, slug in
            ReportOutcome(title: spec.resolvedTitle, slug: slug, kind: spec.kind, warnings: [], error: nil)
        }
        let templates: TemplateLibrary
        do {
            templates = try TemplateLibrary(overrides: options.templatesFolder)
        } catch {
            return BuildResult(reports: outcomes, fatal: error, output: job.output)
        }

        for path in templates.unmatchedOverrides {
            reporter.warning("\(path): warning: replaces no built-in template (used only if another template includes it)")
        }

        step(1)
        let loaded = await loadInputs()
        for (index, result) in loaded.enumerated() {
            if case let .success(sources) = result {
                for (source, bytes) in sources { reporter.detail("  \(outcomes[index].title): read \(source) (\(bytes.count) bytes)") }
            }
        }

        step(2)
        var contents: [ReportContent?] = []
        for (index, spec) in job.reports.enumerated() {
            switch loaded[index] {
            case let .failure(error):
                outcomes[index].error = error
                contents.append(nil)
            case let .success(sources):
                let input = ReportInput(spec: spec, slug: slugs[index], sources: sources, now: options.now, seed: options.seed)
                do {
                    let content = try spec.kind.builder.build(input)
                    outcomes[index].warnings = content.warnings
                    outcomes[index].headline = content.card.headline
                    reporter.detail("  \(outcomes[index].title): \(content.pages.count) pages, \(content.charts.count) charts, "
                                    + "\(content.warnings.count) warnings")
                    outcomes[index].summary = content.summary.isEmpty ? [content.card.detail] : content.summary
                    contents.append(content)
                } catch {
                    outcomes[index].error = error
                    contents.append(nil)
                }
            }
        }
        if let fontWarning = FontLibrary.shared.substitutionWarning {
            reporter.warning("warning: \(fontWarning)")
        }

        step(3)
        var site = Site()
        do {
            try renderCharts(contents, slugs: slugs, into: &site)
        } catch let error as BuildError {
            return BuildResult(reports: outcomes, fatal: error, output: job.output)
        } catch {
            return BuildResult(reports: outcomes, fatal: BuildError(.io, .none, "cannot render a chart: \(error)"), output: job.output)
        }

        step(4)
        let publisher = Publisher(target: job.output)
        do {
            try publisher.prepare()
            var renderer = PageRenderer(templates: templates, job: job, options: options)
            if options.selfContained { renderer = try renderer.standalone(.selfContained) }
            try site.add("assets/style.css", text: try templates.asset("style.css"))
            try site.add("assets/countdown.js", text: try templates.asset("countdown.js"))
            for (index, content) in contents.enumerated() {
                if let content {
                    try renderer.renderReport(content, outcome: outcomes[index], into: &site)
                } else {
                    let previous = publisher.previousFiles(under: slugs[index])
                    if previous["\(slugs[index])/index.html"] != nil {
                        for (path, bytes) in previous { try site.add(path, bytes) }
                    } else {
                        try renderer.renderErrorPage(outcomes[index], into: &site)
                    }
                }
            }
            try renderer.renderIndex(outcomes: outcomes, contents: contents, into: &site)
        } catch {
            return BuildResult(reports: outcomes, fatal: error, output: job.output)
        }

        step(5)
        do {
            // The e-mail variant re-parses every template, so it is made only when a report needs it.
            let wantsEmail = options.email || job.reports.contains { $0.email != nil }
            let mailer = wantsEmail
                ? try EmailComposer(renderer: PageRenderer(templates: templates, job: job, options: options).standalone(.email),
                                    job: job, now: options.now)
                : nil
            for (index, content) in contents.enumerated() {
                guard let content else { continue }
                try site.add("\(slugs[index])/report.json", text: reportJSON(content, outcome: outcomes[index]).rendered())
                if let mailer, options.email || job.reports[index].email != nil {
                    let message = try mailer.message(for: content, outcome: outcomes[index], spec: job.reports[index], site: site)
                    try site.add("\(slugs[index])/report.eml", text: message)
                }
            }
            try site.add("manifest.json", text: site.manifest(generatedAt: options.now).rendered())
        } catch {
            return BuildResult(reports: outcomes, fatal: error, output: job.output)
        }

        step(6)
        reporter.detail("  \(site.paths.count) files, \(site.files.values.reduce(0) { $0 + $1.count }) bytes, into \(job.output.path)")
        do {
            try publisher.publish(site)
        } catch {
            return BuildResult(reports: outcomes, fatal: error, output: job.output)
        }
        return BuildResult(reports: outcomes, fatal: nil, output: job.output)
    }

    /// Loads every report's inputs concurrently; a report's first failing input is its error.
    private func loadInputs() async -> [Result<[(source: Source, bytes: [UInt8])], BuildError>] {
        let loader = self.loader
        let reports = job.reports
        return await withTaskGroup(of: (Int, Result<[(source: Source, bytes: [UInt8])], BuildError>).self) { group in
            for (index, spec) in reports.enumerated() {
                group.addTask {
                    var loaded: [(source: Source, bytes: [UInt8])] = []
                    for source in spec.sources {
                        do {
                            loaded.append((source, try await loader.load(source)))
                        } catch {
                            return (index, .failure((error as? BuildError) ?? BuildError(.input, .file(source.description), "\(error)")))
                        }
                    }
                    return (index, .success(loaded))
                }
            }
            var results = Array(repeating: Result<[(source: Source, bytes: [UInt8])], BuildError>.success([]), count: reports.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
    }

    /// Draws every chart of every report, spread over `--jobs` threads.
    private func renderCharts(_ contents: [ReportContent?], slugs: [String], into site: inout Site) throws {
        struct Task: Sendable {
            let path: String
            let chart: any Chart
            let theme: Theme
            let format: OutputFormat
        }
        var tasks: [Task] = []
        for (index, content) in contents.enumerated() {
            for spec in content?.charts ?? [] {
                for file in ChartImage.files(spec.name) {
                    let format: OutputFormat
                    switch file.format {
                    case .png1x: format = .png(scale: 1)
                    case .png2x: format = .png(scale: 2)
                    case .svg: format = .svg
                    }
                    tasks.append(Task(path: "\(slugs[index])/charts/\(file.file)", chart: spec.chart, theme: file.theme, format: format))
                }
            }
        }
        let results = parallelMap(tasks, workers: options.jobs) { task in
            try ChartRenderer.render(task.chart, theme: task.theme, format: task.format)
        }
        for (task, result) in zip(tasks, results) {
            switch result {
            case let .success(bytes): try site.add(task.path, bytes)
            case let .failure(error): throw BuildError(.io, .file(task.path), "cannot draw the chart: \(error)")
            }
        }
    }

    private func reportJSON(_ content: ReportContent, outcome: ReportOutcome) -> JSONValue {
        var fields = content.data
        fields["kind"] = .string(outcome.kind.rawValue)
        fields["title"] = .string(outcome.title)
        fields["slug"] = .string(outcome.slug)
        fields["warnings"] = .array(outcome.warnings.map(JSONValue.string))
        fields["generatedAt"] = .int(Int(options.now.timeIntervalSince1970.rounded(.down)))
        return .object(fields)
    }
}
