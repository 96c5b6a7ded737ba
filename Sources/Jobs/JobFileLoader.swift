import Foundation
import ReportFacts
import Localization
import Reports
import Yams
import GazetteCore

/// Reads a job file (YAML, or JSON, which YAML reads too) into a `Job`.
///
/// Unknown keys and kinds are errors naming the key and its line and column: a misspelt option
/// silently ignored is a report that quietly comes out wrong. Besides its own keys and each kind's,
/// it reads the channels' switches (`pdf: true` on a report) and valued settings (`email: {…}`) it
/// is given: the program's loader is `JobFileLoader()`, which `SiteBuild` makes with every channel's.
public struct JobFileLoader: Sendable {
    /// The channels' switches a job file may give.
    public let switches: [ChannelSwitch]
    /// The channels' valued settings a job file may give.
    package let settings: [ChannelSetting]

    /// A job of at least this many reports is read a piece at a time (`JobPieces`).
    package var piecesFrom = JobPieces.minimumItems
    /// How many reports a piece holds.
    package var pieceSize = JobPieces.itemsPerPiece

    /// A loader of the job's own keys, each kind's, and `switches` (the fuzzing harness's).
    public init(switches: [ChannelSwitch]) {
        self.init(switches: switches, settings: [])
    }

    package init(switches: [ChannelSwitch], settings: [ChannelSetting]) {
        self.switches = switches
        self.settings = settings
    }

    public func load(_ file: URL) throws(BuildError) -> Job {
        let path = file.path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BuildError(.usage, .file(path), "cannot read the job file: \(Self.whyUnreadable(path))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw BuildError(.usage, .file(path), "the job file is not UTF-8 text")
        }
        return try parse(text, file: file)
    }

    /// Why a file cannot be read, in words: missing, a folder, no permission, or the system's reason.
    static func whyUnreadable(_ path: String) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else {
            return errno == ENOENT ? "there is no such file" : String(cString: strerror(errno)).lowercased()
        }
        if (status.st_mode & S_IFMT) == S_IFDIR { return "it is a folder, not a file" }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            return errno == EACCES
                ? "permission denied (the file's mode is \(String(status.st_mode & 0o777, radix: 8)))"
                : String(cString: strerror(errno)).lowercased()
        }
        close(descriptor)
        return "it could not be read"
    }

    /// No plain scalar is resolved by Yams: every value is read from its text by the job's own
    /// rules (booleans by `NodeReader.bool`), and each rule Yams tries is a regular expression
    /// run on every scalar of the file (a job of 10,000 reports has 60,000).
    static let resolver = Resolver.basic

    /// The YAML text's root node; an error names the file (`what`: "the job file") and, for a
    /// syntax error, its line and column.
    static func compose(_ text: String, reader: NodeReader, what: String) throws(BuildError) -> Node {
        do {
            guard let node = try Yams.compose(yaml: text, resolver) else {
                throw BuildError(.usage, .file(reader.path), "\(what) is empty")
            }
            return node
        } catch let error as BuildError {
            throw error
        } catch let error as YamlError {
            throw reader.syntaxError(error)
        } catch {
            throw BuildError(.usage, .file(reader.path), "cannot read \(what): \(error)")
        }
    }

    public func parse(_ text: String, file: URL) throws(BuildError) -> Job {
        let reader = NodeReader(path: file.path, text: text)
        if let overrun = AliasBudget.firstOverrun(in: text) {
            throw reader.error(
                atLine: overrun.line, scalarColumn: overrun.scalarColumn,
                "with this alias the job stands for more than \(AliasBudget.maximumNodes) values once every alias is "
                    + "written out, the most a job file may (aliases repeated inside aliases grow tenfold at each level)"
            )
        }
        let base = file.deletingLastPathComponent()
        // A long list of reports read a piece at a time; any mistake, and it is read whole.
        if let pieces = JobPieces(text, minimumItems: piecesFrom, itemsPerPiece: pieceSize),
            let job = readPieces(pieces, text: text, file: file)
        {
            return job
        }
        let root = try Self.compose(text, reader: reader, what: "the job file")
        let job: Job
        do throws(BuildError) {
            job = try read(root, reader: reader, file: file, base: base)
        } catch {
            // A mistake that stopped the reading comes with every one noted before it.
            reader.problems.add(error)
            throw JobKeyPath.annotate(reader.problems.combined ?? error, root: root, reader: reader)
        }
        if let combined = reader.problems.combined { throw JobKeyPath.annotate(combined, root: root, reader: reader) }
        return job
    }

    /// The job from its pieces (`JobPieces`); nil at the first mistake, for the whole file to be
    /// read and the mistakes told as ever.
    private func readPieces(_ pieces: JobPieces, text: String, file: URL) -> Job? {
        let reader = NodeReader(path: file.path, text: text)
        do throws(BuildError) {
            let root = try Self.compose(pieces.head, reader: reader, what: "the job file")
            let job = try read(root, reader: reader, file: file, base: file.deletingLastPathComponent(), pieces: pieces)
            return reader.problems.combined == nil ? job : nil
        } catch {
            return nil
        }
    }

    /// The job, every section read even when another has mistakes (noted in `reader.problems`);
    /// with `pieces`, the reports from them (the root's list is empty).
    private func read(_ root: Node, reader: NodeReader, file: URL, base: URL, pieces: JobPieces? = nil)
        throws(BuildError) -> Job
    {
        let problems = reader.problems
        let top = try reader.mapping(root, allowed: topKeys, what: "the job")
        var job = Job(
            title: try reader.optionalString(top["title"]) ?? "Gazette",
            output: Self.folder(try reader.optionalString(top["output"]) ?? "Output", relativeTo: base),
            reports: [],
            file: file
        )
        readStaticFolder(top, reader: reader, base: base, into: &job)
        readReaders(top, reader: reader, into: &job)
        for channel in switches where channel.key == .job {
            guard let node = top[channel.name] else { continue }
            problems.collect { () throws(BuildError) in
                job.switches[channel.name] = try Self.flag(node, channel, reader)
            }
        }
        for setting in settings where setting.levels.contains(.job) {
            guard let node = top[setting.name] else { continue }
            problems.collect { () throws(BuildError) in
                job.settings.set(
                    setting.name, try setting.read(JobEntry(key: setting.name, node: node, reader: reader), .job))
            }
        }
        if let nowNode = top["now"] {
            problems.collect { () throws(BuildError) in
                let text = try reader.string(nowNode)
                guard let date = TimeParser.parse(text) else {
                    throw reader.error(
                        at: nowNode,
                        "now must be ISO 8601 (2023-11-04T05:50:00Z) or Unix seconds, in years 1 to 9999, found \"\(text)\""
                    )
                }
                job.now = date
            }
        }
        guard let reportsNode = top["reports"] else {
            throw reader.error(at: root, "the job has no \"reports\" list")
        }
        guard case let .sequence(sequence) = reportsNode else {
            throw reader.error(at: reportsNode, "\"reports\" must be a list")
        }
        var fresh: Cadence?
        if let node = top["fresh"] {
            problems.collect { () throws(BuildError) in fresh = try Self.cadence(node, reader: reader) }
        }
        job.reports = try reports(sequence, pieces: pieces, reader: reader, base: base)
        // The job's `fresh:` for every report that sets none.
        if let fresh {
            for index in job.reports.indices where job.reports[index].fresh == nil { job.reports[index].fresh = fresh }
        }
        return job
    }

    /// The reports of the `reports:` list (`sequence`), or of its pieces: their mistakes noted in
    /// `reader.problems` (a piece's thrown, for the whole file to be read the old way).
    private func reports(_ sequence: Node.Sequence, pieces: JobPieces?, reader: NodeReader, base: URL)
        throws(BuildError) -> [ReportSpec]
    {
        var reports: [ReportSpec] = []
        reports.reserveCapacity(pieces?.itemCount ?? sequence.count)
        var distinctOptions: [ReportSpec] = []
        if let pieces {
            // A piece a worker, as many at once as there are cores: each tree goes before the
            // next pieces are composed. A mistake in any sends the whole file the old way.
            let atOnce = max(1, ProcessInfo.processInfo.activeProcessorCount)
            for first in stride(from: 0, to: pieces.count, by: atOnce) {
                let indices = Array(first..<min(first + atOnce, pieces.count))
                let read = parallelMap(indices, workers: indices.count) { index in
                    try self.piece(index, of: pieces, reader: reader, base: base)
                }
                for result in read {
                    let specs: [ReportSpec]
                    switch result {
                    case let .success(read): specs = read
                    case let .failure(error): throw error as? BuildError ?? BuildError(.usage, .none, "\(error)")
                    }
                    for var spec in specs {
                        Self.share(&spec, among: &distinctOptions)
                        reports.append(spec)
                    }
                }
            }
        } else {
            for node in sequence {
                reader.problems.collect { () throws(BuildError) in
                    for var spec in try report(node, reader: reader, base: base) {
                        Self.share(&spec, among: &distinctOptions)
                        reports.append(spec)
                    }
                }
            }
        }
        return reports
    }

    /// Gives `spec` the options box of an earlier report with equal options (the first few
    /// distinct options are kept to compare with), so a job's reports hold few boxes.
    private static func share(_ spec: inout ReportSpec, among distinct: inout [ReportSpec]) {
        for other in distinct where spec.shareOptions(with: other) { return }
        if distinct.count < 8 { distinct.append(spec) }
    }

    /// The reports of piece `index`, read with mistakes of its own (any one is thrown).
    private func piece(_ index: Int, of pieces: JobPieces, reader: NodeReader, base: URL) throws(BuildError)
        -> [ReportSpec]
    {
        var reader = reader
        reader.problems = ProblemList()
        let (items, pieceReader) = try Self.items(pieces, index, reader)
        var specs: [ReportSpec] = []
        for node in items { specs += try report(node, reader: pieceReader, base: base) }
        if let problem = pieceReader.problems.combined { throw problem }
        return specs
    }

    /// The report nodes of piece `index`, and the reader that names their lines in the file.
    private static func items(_ pieces: JobPieces, _ index: Int, _ reader: NodeReader) throws(BuildError)
        -> (items: Node.Sequence, reader: NodeReader)
    {
        let (text, linesBefore) = pieces.piece(index)
        var reader = reader
        reader.linesBefore = linesBefore
        let node = try compose(text, reader: reader, what: "the job file")
        guard case let .sequence(items) = node else { throw reader.error(at: node, "\"reports\" must be a list") }
        return (items, reader)
    }

    /// `static:`, or a `static` folder beside the job file, used without being named.
    private func readStaticFolder(_ top: MappingFields, reader: NodeReader, base: URL, into job: inout Job) {
        let problems = reader.problems
        if let folder = top["static"] {
            problems.collect { () throws(BuildError) in
                let url = Self.folder(try reader.string(folder), relativeTo: base)
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue
                else {
                    throw reader.error(
                        at: folder,
                        "static must name a folder of files to publish; \(url.path) is missing or not a folder")
                }
                job.staticFolder = url
            }
        } else {
            // A `static` folder beside the job file is used without being named.
            let beside = base.appendingPathComponent("static")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: beside.path, isDirectory: &isFolder), isFolder.boolValue {
                job.staticFolder = beside
            }
        }
    }

    /// The job's `locale:`, `language:` and `timezone:`, each checked where it is written.
    private func readReaders(_ top: MappingFields, reader: NodeReader, into job: inout Job) {
        let problems = reader.problems
        if let node = top["locale"] {
            problems.collect { () throws(BuildError) in
                let written = try reader.string(node)
                do { job.readers.locale = try ReaderLocale(written) } catch {
                    throw reader.error(at: node, "locale: \(error)")
                }
            }
        }
        if let node = top["language"] {
            problems.collect { () throws(BuildError) in
                let language = try reader.string(node)
                guard TextConventions.isLanguageTag(language) else {
                    throw reader.error(
                        at: node, "language: \"\(language)\" is not a language code such as de, fr or ja")
                }
                job.readers.language = language
            }
        }
        if let node = top["base-url"] {
            problems.collect { () throws(BuildError) in
                switch BaseURL.normalized(try reader.string(node)) {
                case let .success(url): job.baseURL = url
                case let .failure(problem): throw reader.error(at: node, problem.description)
                }
            }
        }
        if let node = top["host"] {
            problems.collect { () throws(BuildError) in job.host = try Self.host(node, reader: reader) }
        }
        if let node = top["index"] {
            problems.collect { () throws(BuildError) in
                guard let value = reader.bool(node) else { throw reader.error(at: node, "index must be true or false") }
                job.indexed = value
            }
        }
        if let node = top["timezone"] {
            problems.collect { () throws(BuildError) in
                let written = try reader.string(node)
                do { job.readers.timeZone = try ReaderTimeZone(written) } catch {
                    throw reader.error(at: node, "timezone: \(error)")
                }
            }
        }
    }

    /// The job's own keys; the channels' valued settings on the job come after them, before
    /// `closingKeys`, and their switches on the job last.
    static let ownTopKeys = [
        "title", "output", "static", "locale", "language", "timezone", "now", "base-url", "index", "host"
    ]
    static let closingKeys = ["fresh", "reports"]

    /// Every key a job takes at its top, in the order its errors list them.
    var topKeys: [String] {
        Self.ownTopKeys + settings.filter { $0.levels.contains(.job) }.map(\.name) + Self.closingKeys
            + switches.filter { $0.key == .job }.map(\.name)
    }

    /// `host: cloudflare-pages-free`, or `host: {files: 20000, bytes: 1000000000}`.
    static func host(_ node: Node, reader: NodeReader) throws(BuildError) -> HostLimits {
        if case .mapping = node {
            let fields = try reader.mapping(node, allowed: ["files", "bytes"], what: "host")
            var limits = HostLimits(name: "host")
            for (key, value) in [("files", fields["files"]), ("bytes", fields["bytes"])] {
                guard let value else { continue }
                guard case let .scalar(scalar) = value,
                    let number = Int(scalar.string.replacingOccurrences(of: "_", with: "")),
                    number > 0
                else {
                    throw reader.error(at: value, "host \(key) must be a whole number above 0")
                }
                if key == "files" { limits.files = number } else { limits.bytes = number }
            }
            guard limits.files != nil || limits.bytes != nil else {
                throw reader.error(at: node, "host needs files:, bytes: or both, as in {files: 20000}")
            }
            return limits
        }
        let name = try reader.string(node)
        guard let limits = HostLimits.named(name) else {
            throw reader.error(
                at: node,
                "host: \"\(name)\" is not a host Gazette knows (\(HostLimits.knownNames)); "
                    + "or give its limits, as in {files: 20000, bytes: 1000000000}")
        }
        return limits
    }
    /// Keys every report takes; a kind's own keys come from its unit (`ReportKind.unit.keys`).
    static let commonKeys = [
        "kind", "title", "recipients", "history", "input", "locale", "language", "timezone", "fresh"
    ]
    /// Keys of kinds that merge several inputs.
    static let severalInputKeys = ["inputs", "each"]

    /// Every key a report of `kind` takes: the common ones, the channels' settings and switches on
    /// a report, and the kind's own.
    static func keys(of kind: ReportKind, switches: [ChannelSwitch], settings: [ChannelSetting] = []) -> [String] {
        commonKeys + settings.filter { $0.levels.contains(.report) }.map(\.name)
            + switches.filter { $0.key == .report }.map(\.name)
            + (kind.unit.takesSeveralInputs ? severalInputKeys : []) + kind.unit.keys.map(\.name)
    }

    /// A channel's switch: true or false.
    private static func flag(_ node: Node, _ channel: ChannelSwitch, _ reader: NodeReader) throws(BuildError) -> Bool {
        guard let value = reader.bool(node) else {
            throw reader.error(at: node, "\(channel.name) must be true or false")
        }
        return value
    }

    private func report(_ node: Node, reader: NodeReader, base: URL) throws(BuildError) -> [ReportSpec] {
        // Keys are checked once the kind is known, against that kind's keys only.
        let fields = try reader.mapping(node, allowed: nil, what: "a report")
        guard
            let kind = try Self.kind(
                of: node, fields, allowed: { Self.keys(of: $0, switches: switches, settings: settings) }, reader: reader
            )
        else { return [] }
        let (sources, unmatched) = try Self.sources(of: node, fields, kind: kind, reader: reader, base: base)
        var spec = ReportSpec(kind: kind, title: try reader.optionalString(fields["title"]), sources: sources)
        spec.origin = reader.location(of: node)
        spec.inputProblem = unmatched.first?.error
        // The kind's own keys, read once into its typed options.
        var own = OptionFields()
        for key in kind.unit.keys.map(\.name) {
            if let value = fields[key] { own.values[key] = reader.optionValue(value) }
        }
        spec.options = try kind.options(own)
        for setting in settings where setting.levels.contains(.report) {
            guard let value = fields[setting.name] else { continue }
            spec.settings.set(
                setting.name, try setting.read(JobEntry(key: setting.name, node: value, reader: reader), .report))
        }
        var recipients: Recipients?
        if let node = fields["recipients"] {
            let read = try Recipients.read(node, reader: reader, base: base)
            // A name that matches no input is a typo that would quietly send nothing (unless an
            // input is missing: the report fails on that, and the names may be right).
            let known = Set(spec.sources.flatMap(Recipients.names(of:)))
            for (name, place) in read.places.sorted(by: { $0.key < $1.key })
            where !known.contains(name) && unmatched.isEmpty {
                let hint = Suggestion.closest(to: name, in: Array(known)).map { "; did you mean \"\($0)\"?" } ?? ""
                reader.problems.add(
                    BuildError(.usage, place, "recipients: \"\(name)\" is none of this report's inputs\(hint)"))
            }
            recipients = read
        }
        spec.readers = try Self.readers(fields, reader: reader)
        for channel in switches where channel.key == .report {
            if let node = fields[channel.name] { spec.switches[channel.name] = try Self.flag(node, channel, reader) }
        }
        if let freshNode = fields["fresh"] { spec.fresh = try Self.cadence(freshNode, reader: reader) }
        if let historyNode = fields["history"] {
            guard let value = reader.bool(historyNode) else {
                throw reader.error(at: historyNode, "history must be true or false")
            }
            spec.history = value
        }
        var each = false
        if let eachNode = fields["each"] {
            guard let value = reader.bool(eachNode) else {
                throw reader.error(at: eachNode, "each must be true or false")
            }
            each = value
        }
        guard each else { return [Self.addressed(spec, recipients)] }
        return Self.perInput(spec, recipients: recipients, unmatched: unmatched)
    }

    /// The report's kind; nil (with every wrong key noted) when it has a key its kind does not
    /// take: its other checks would only guess at what was meant.
    private static func kind(
        of node: Node, _ fields: MappingFields, allowed keys: (ReportKind) -> [String], reader: NodeReader
    ) throws(BuildError) -> ReportKind? {
        guard let kindNode = fields["kind"] else { throw reader.error(at: node, "a report needs a \"kind\"") }
        let kindText = try reader.string(kindNode)
        let kinds = ReportKind.allCases.map(\.rawValue)
        guard let kind = ReportKind(rawValue: kindText) else {
            let hint = Suggestion.closest(to: kindText, in: kinds).map { "; did you mean \"\($0)\"?" } ?? ""
            throw reader.error(
                at: kindNode, "unknown kind \"\(kindText)\"\(hint) (expected one of: \(kinds.joined(separator: ", ")))")
        }
        let allowed = keys(kind)
        var wrong = false
        for (key, keyNode) in fields.keyNodes where !allowed.contains(key) {
            reader.problems.add(
                reader.unknownKey(key, at: keyNode, in: "a \(kind.rawValue) report", allowed: allowed.sorted()))
            wrong = true
        }
        return wrong ? nil : kind
    }

    /// The report's `input`/`inputs`, globs expanded; a pattern that matches nothing fails its
    /// report, not the job, like a missing file.
    private static func sources(
        of node: Node, _ fields: MappingFields, kind: ReportKind, reader: NodeReader, base: URL
    ) throws(BuildError) -> (sources: [Source], unmatched: [(pattern: String, error: BuildError)]) {
        var inputs: [(text: String, node: Node)] = []
        if let input = fields["input"] { inputs.append((try reader.string(input), input)) }
        if let list = fields["inputs"] {
            guard case let .sequence(items) = list else { throw reader.error(at: list, "\"inputs\" must be a list") }
            for item in items { inputs.append((try reader.string(item), item)) }
        }
        guard !inputs.isEmpty else { throw reader.error(at: node, "a \(kind.rawValue) report needs an \"input\"") }
        if !kind.unit.takesSeveralInputs, inputs.count > 1 {
            throw reader.error(at: node, "a \(kind.rawValue) report takes one input")
        }
        var sources: [Source] = []
        var unmatched: [(pattern: String, error: BuildError)] = []
        for input in inputs {
            let source = Source(parsing: input.text, relativeTo: base)
            // The text first: asking every input's URL for its last part was 5 % of reading a job of 100,000.
            guard case let .file(path) = source, Glob.isPattern(input.text), Glob.isPattern(source.displayName)
            else {
                sources.append(source)
                continue
            }
            let matches = Glob.expand(URL(fileURLWithPath: path, isDirectory: false))
            if matches.isEmpty {
                unmatched.append(
                    (
                        input.text,
                        BuildError(.input, reader.location(of: input.node), "\"\(input.text)\" matched no file")
                    ))
            }
            sources += matches.map { Source.file($0) }
        }
        return (sources, unmatched)
    }

    /// `each: true`: one report per input file (one per athlete), and one, failing, per pattern
    /// that matched none.
    private static func perInput(
        _ spec: ReportSpec, recipients: Recipients?, unmatched: [(pattern: String, error: BuildError)]
    ) -> [ReportSpec] {
        var matched = spec
        matched.inputProblem = nil
        let perFile = spec.sources.map { source in
            var single = matched
            single.sources = [source]
            single = addressed(single, recipients)
            let name = (source.displayName as NSString).deletingPathExtension
            single.title = spec.title.map { "\($0): \(name)" } ?? name
            return single
        }
        let failing = unmatched.map { pattern, problem in
            var single = matched
            single.sources = []
            single.inputProblem = problem
            single.title = spec.title.map { "\($0): \(pattern)" } ?? pattern
            return single
        }
        return perFile + failing
    }

    /// A report's own `locale:`, `language:` and `timezone:`, each checked as the job's are.
    private static func readers(_ fields: MappingFields, reader: NodeReader) throws(BuildError) -> ReaderSettings {
        var readers = ReaderSettings()
        if let node = fields["locale"] {
            let locale = try reader.string(node)
            do { readers.locale = try ReaderLocale(locale) } catch { throw reader.error(at: node, "locale: \(error)") }
        }
        if let node = fields["language"] {
            let language = try reader.string(node)
            guard TextConventions.isLanguageTag(language) else {
                throw reader.error(at: node, "language: \"\(language)\" is not a language code such as de, fr or ja")
            }
            readers.language = language
        }
        if let node = fields["timezone"] {
            let zone = try reader.string(node)
            do { readers.timeZone = try ReaderTimeZone(zone) } catch {
                throw reader.error(at: node, "timezone: \(error)")
            }
        }
        return readers
    }

    /// The report with the addresses its inputs' recipients name (its message goes to them first).
    private static func addressed(_ spec: ReportSpec, _ recipients: Recipients?) -> ReportSpec {
        guard let recipients else { return spec }
        var addressed = spec
        addressed.recipients = recipients.addresses(for: spec.sources)
        return addressed
    }

    /// A folder given in the job: absolute as written, otherwise against the job file's folder.
    package static func folder(_ text: String, relativeTo base: URL) -> URL {
        text.hasPrefix("/")
            ? URL(fileURLWithPath: text).standardizedFileURL : base.appendingPathComponent(text).standardizedFileURL
    }
}
