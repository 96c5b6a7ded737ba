import Canvas
import ChartDrawing
import Charts
import Crypto
import Foundation
import GazetteCore
import Jobs
import Loading
import Rendering
import ReportFacts
import Reports
import SiteOutput
import Synchronization

/// Reusing earlier work instead of redoing it, without ever letting a stale or damaged file
/// into the output.
///
/// - A **report** whose key — its inputs' bytes, kind, title, slug, options and e-mail settings,
///   with the site's facts, the templates and the drawing fingerprint, and the clock only for a
///   kind whose pages change with it (a race card, next to go) — equals the key
///   in its previous record takes its whole folder from the previous output. An input file whose
///   stat is as the stat file recorded it is not read (its digest is the recorded one); the
///   folder's files are trusted when their stats are as recorded, and otherwise each is checked
///   against its record's SHA-256 — one mismatch and the report is built anew. `--verify` reads
///   and checks every input and every file.
/// - A **chart's** files are keyed by a hash of everything that decides their bytes: the chart's
///   type and spec with its data, the drawing version, Cairo's and libdeflate's versions, the PNG
///   encoder and the font files; each file's key adds its theme and format. A file is taken from
///   the report's previous folder (its record names the chart's key) or from `--cache DIR`, and
///   only when its bytes have the SHA-256 recorded for them; otherwise the chart is drawn.
///
/// Every build writes every record, cold or warm, so both give the same bytes. `--no-cache` turns
/// reuse off, not the recording.
// @unchecked: it keeps a hasher (swift-crypto's SHA256, BoringSSL's C state) with the shared part
// of every report key taken in, copied for each key and never changed; its counters are behind `lock`.
final class BuildCache: @unchecked Sendable {
    /// Changes when what the cache records or how keys are made changes.
    static let formatVersion = "gazette-cache 2"
    /// Changes whenever a change to Gazette moves a byte of any page, `report.json`, e-mail or
    /// PDF: a report reused whole was made by older code, and only its key can tell. Guarded by
    /// `OutputVersionTests`, which fails when the demo's output changes and this did not.
    package static let outputVersion = "2026-12-02.20"

    let previous: SiteManifest
    /// `--history-from DIR`: where a shard's part reads its reports' histories (the site it
    /// will be merged into); nil to read them from the previous output.
    let historyFolder: URL?
    let stats: StatFile
    let folder: CacheFolder?
    let reuses: Bool
    /// `--verify`: every input and every reused file is read and checked, whatever its stat says.
    let verifies: Bool
    /// Everything shared by every report's key: the site, the templates, the drawing. Not the
    /// clock: a report whose pages do not change with it is reused by a later build.
    let siteFingerprint: String
    /// The build's clock, Unix seconds: in the key of a kind that reads it, and of the front pages.
    let clock: Int64
    private let drawingFingerprint: [UInt8]
    /// `key`'s hasher with the site fingerprint and the drawing fingerprint taken in: every
    /// report key begins with them, and a site's fingerprint is kilobytes of template digests.
    private let reportKeyPrefix: SHA256
    private let lock = NSLock()
    /// This build's record of each report, set aside as it finishes.
    let ledger: ReportLedger
    private var drawnFiles = 0
    private var reusedFiles = 0
    private var reusedReports = 0
    /// Reports taken whole from the previous output, whose files are placed only if the build
    /// publishes (a build that changes nothing publishes nothing): true when the folder holds
    /// just the report's files (its stats say so), false when its record's list must be used.
    private var reused: [String: Bool] = [:]
    /// Reports made anew, failed or kept: anything that makes the output differ.
    private var changed = 0
    /// The reused folders walked whole, each with its files' paths and inodes as one digest: what
    /// a spare's twin of the folder must hold to be kept.
    private var reusedLinks: [String: FileDigest] = [:]
    /// The key text of the options met so far (a few).
    private let optionsTexts = Mutex<[(options: ReportOptions, text: String)]>([])

    init(
        previous: SiteManifest, stats: StatFile = StatFile(), folder: CacheFolder?, reuses: Bool,
        verifies: Bool = false, siteFingerprint: String, ledger: ReportLedger, historyFolder: URL? = nil,
        drawingVersion: String? = nil, clock: Int64 = 0
    ) {
        self.clock = clock
        self.previous = previous
        self.historyFolder = historyFolder
        self.stats = stats
        self.ledger = ledger
        self.folder = folder
        self.reuses = reuses
        self.verifies = verifies
        self.siteFingerprint = siteFingerprint
        drawingFingerprint = Array(
            ("\(Self.formatVersion)\n\(Self.outputVersion)\n\(drawingVersion ?? ChartRenderer.drawingVersion)\n"
                + "\(Canvas.environmentFingerprint)\n").utf8)
        var prefix = SHA256()
        Self.add(Array(siteFingerprint.utf8), to: &prefix)
        Self.add(drawingFingerprint, to: &prefix)
        reportKeyPrefix = prefix
    }

    /// SHA-256 (hex) of `parts`, each preceded by its length so no two lists of parts collide.
    static func key(_ parts: [[UInt8]]) -> String {
        var hasher = SHA256()
        for part in parts { add(part, to: &hasher) }
        return hexText(hasher.finalize())
    }

    /// One part of a key: its length, then its bytes.
    fileprivate static func add(_ part: [UInt8], to hasher: inout SHA256) {
        withUnsafeBytes(of: UInt64(part.count).littleEndian) { hasher.update(bufferPointer: $0) }
        hasher.update(data: part)
    }

    // MARK: Charts

    func chartKey(_ chart: any Chart) throws -> String {
        Self.key([drawingFingerprint, try ChartRenderer.keyBytes(chart)])
    }

    /// The key of a file that holds several charts as its layouts: of their keys, in order.
    static func layoutsKey(_ keys: [String]) -> String {
        key(keys.map { Array($0.utf8) })
    }

    /// Puts the chart file `suffix` (`-light@2x.png`, `.svg`) at `path` from the report's previous
    /// folder or the cache folder when a verified copy exists; false when it must be drawn.
    func reuseChartFile(
        chartKey: String, suffix: String, at path: String, previous record: ReportRecord?, staging: Staging
    ) throws(BuildError) -> Bool {
        guard reuses else { return false }
        if let stem = record?.charts[chartKey] {
            let old = stem + suffix
            if let listed = record?.files.first(where: { $0.path == old }),
                let file = Staging.verify(self.previous.folder.appendingPathComponent(old), sha256: listed.sha256)
            {
                try staging.adopt(path, file)
                count(reused: 1)
                return true
            }
        }
        if let folder, let entry = folder.read(Self.key([Array(chartKey.utf8), Array(suffix.utf8)])),
            try staging.writeVerified(path, entry.bytes, sha256: entry.sha256)
        {
            count(reused: 1)
            return true
        }
        return false
    }

    /// Keeps a freshly drawn file in the cache folder, when there is one.
    func storeChartFile(chartKey: String, suffix: String, bytes: [UInt8]) {
        count(drawn: 1)
        guard let folder else { return }
        folder.write(Self.key([Array(chartKey.utf8), Array(suffix.utf8)]), bytes, sha256: FileDigest(of: bytes).hex)
    }

    // MARK: Reports

    /// What a report's entry in the job says, as text for keys: kind, title, slug, options, e-mail, PDF.
    static func specText(_ spec: ReportSpec, slug: String, optionsText: String? = nil) -> String {
        let readers =
            spec.readers.isEmpty
            ? ""
            : "\nreaders \(spec.readers.locale?.identifier ?? "-") \(spec.readers.language ?? "-") \(spec.readers.timeZone?.identifier ?? "-")"
        let fresh = spec.fresh.map { "\nfresh \($0.warnAfter ?? -1) \($0.errorAfter ?? -1)" } ?? ""
        return "\(spec.kind.rawValue)\n\(spec.resolvedTitle)\n\(slug)\n\(optionsText ?? spec.options.keyText)\n"
            + ReportChannels.reportKeyText(spec) + readers + fresh
    }

    /// The key of a report made as `spec` asks, under slug `slug`, from inputs with these digests,
    /// but for its history: hashed once, finished with the history read (to find a report to
    /// reuse) and with the one left (for the record). The history's digest goes in (`.none` for a
    /// report without one, `.off` for one that keeps none): its pages say what changed; a later
    /// build finds the same history for the same inputs (figures that equal the last entry's add none).
    func reportKeyBase(spec: ReportSpec, slug: String, digests: [FileDigest]) -> ReportKeyBase {
        // The same key as `key([site, drawing, spec, name, digest, …])`, the shared parts hashed once.
        var hasher = reportKeyPrefix
        Self.add(Array(Self.specText(spec, slug: slug, optionsText: optionsText(spec.options)).utf8), to: &hasher)
        // Only a kind whose pages read the clock (a race's state, a countdown) is made anew as it moves.
        if spec.options.changesWithTime { Self.add(Array("now \(clock)".utf8), to: &hasher) }
        for (source, digest) in zip(spec.sources, digests) {
            Self.add(Array(source.displayName.utf8), to: &hasher)
            Self.add(digest.bytes, to: &hasher)
        }
        return ReportKeyBase(hasher: hasher)
    }

    /// The options' text for a key, made once for each distinct options of the job: a job's
    /// reports mostly share theirs, and the text is their canonical encoding.
    private func optionsText(_ options: ReportOptions) -> String {
        if let known = optionsTexts.withLock({ texts in texts.first { $0.options == options }?.text }) { return known }
        let text = options.keyText
        optionsTexts.withLock { texts in if texts.count < 16 { texts.append((options, text)) } }
        return text
    }

    /// A report key's hasher with everything but the history taken in.
    struct ReportKeyBase {
        fileprivate let hasher: SHA256

        func key(history: HistoryInKey, freshness: DataFreshness.State) -> String {
            hexText(digest(history: history, freshness: freshness).bytes)
        }

        /// The key as its digest, for comparing with a stamp's without writing it out. The state of
        /// the report's data goes in, so a report whose data turns stale (a property of the data and
        /// the clock) is made anew then, and only then.
        func digest(history: HistoryInKey, freshness: DataFreshness.State) -> FileDigest {
            var hasher = hasher
            BuildCache.add(Array("freshness \(freshness.rawValue)".utf8), to: &hasher)
            switch history {
            case .off: break
            case .none: BuildCache.add(Array("history".utf8), to: &hasher)
            case let .digest(digest, current):
                BuildCache.add(Array("history".utf8), to: &hasher)
                BuildCache.add(digest.bytes, to: &hasher)
                // Pages made at the clock of the history's last entry say "changed"; later, "no change since".
                if current { BuildCache.add(Array("changed now".utf8), to: &hasher) }
            }
            return FileDigest(bytes: Array(hasher.finalize()))
        }
    }

    /// What a report's key holds of the history its build read.
    enum HistoryInKey: Equatable {
        /// The report keeps no history (`--no-history`, `history: false`).
        case off
        /// It keeps one, and the previous output held none.
        case none
        /// `current`: the history's last entry is stamped with this build's clock.
        case digest(FileDigest, current: Bool)

        init(keeps: Bool, digest: FileDigest?, current: Bool) {
            self = !keeps ? .off : digest.map { .digest($0, current: current) } ?? .none
        }
    }

    /// Whether the last entry of the history `slug` has in the previous output is stamped with
    /// this build's clock. A clock past the previous build's needs no reading: that build
    /// stamped its entries with its own.
    func previousHistoryIsCurrent(_ slug: String) -> Bool {
        if historyFolder == nil, let previousClock = previous.generatedAt, previousClock < clock { return false }
        guard let read = previousHistory(slug) else { return false }
        return ReportHistory.decoded(read.bytes, kinds: ReportKind.figuresTypes)?.entries.last?.at == clock
    }

    /// The history of `slug` the previous output holds (or the folder `--history-from` names, for
    /// a shard's part): nil when there is none. Read whatever `--no-cache` says: it is the site's
    /// record, not a cache.
    func previousHistory(_ slug: String) -> (bytes: [UInt8], digest: FileDigest)? {
        let root: URL
        if let historyFolder {
            root = historyFolder
        } else {
            // Only a folder the previous output lists as a report is the report's.
            guard previous.report(slug) != nil else { return nil }
            root = previous.folder
        }
        guard
            let data = FileManager.default.contents(atPath: root.appendingPathComponent(ReportHistory.path(slug)).path)
        else { return nil }
        let bytes = [UInt8](data)
        return (bytes, FileDigest(of: bytes))
    }

    /// The digest of the history a record lists among its files; nil when it lists none.
    static func historyDigest(_ record: ReportRecord) -> FileDigest? {
        let path = ReportHistory.path(record.slug)
        return record.files.first { $0.path == path }.flatMap { FileDigest(hex: $0.sha256) }
    }

    /// The report's key without opening its inputs: every input is a file whose stat is as
    /// recorded, or bytes carried in the program. Nil when an input must be read.
    func untouchedKey(
        spec: ReportSpec, slug: String, history: HistoryInKey, freshness: DataFreshness.State
    ) -> FileDigest? {
        guard reuses, !verifies, previous.report(slug) != nil else { return nil }
        var digests: [FileDigest] = []
        for source in spec.sources {
            switch source {
            case let .file(url):
                guard let digest = stats.inputDigest(url.path) else { return nil }
                digests.append(digest)
            case let .embedded(_, bytes):
                digests.append(FileDigest(of: bytes))
            case .url, .standardInput:
                return nil
            }
        }
        return reportKeyBase(spec: spec, slug: slug, digests: digests).digest(history: history, freshness: freshness)
    }

    /// The digests of `inputs`, each read and hashed (a file's stat, taken first, is noted with
    /// its digest for the next build): what a report's key is made from.
    func inputDigests(_ inputs: [LoadedInput]) throws(BuildError) -> [FileDigest] {
        var digests: [FileDigest] = []
        for input in inputs {
            var stat: FileStat?
            if case let .file(url) = input.source { stat = FileStat(path: url.path) }
            var hasher = SHA256()
            let pieces = input.pieces()
            while let piece = pieces.next() { hasher.update(data: piece) }
            if let error = pieces.error { throw error }
            let digest = FileDigest(hasher.finalize())
            if case let .file(url) = input.source, let stat { stats.noteInput(url.path, stat: stat, digest: digest) }
            digests.append(digest)
        }
        return digests
    }

    /// The previous record of `slug`, checked against the previous manifest; nil when there is none.
    func previousRecord(_ slug: String) -> ReportRecord? {
        guard reuses else { return nil }
        return previous.record(slug)?.record
    }

    /// Takes the report's folder from the previous output without opening its inputs or reading
    /// its record's list of files: every input's stat and every file's stat in the folder are as
    /// this output's stat file recorded them, and the record's key is the key those inputs give.
    /// Nil when anything differs (the caller then reads what it must).
    func reuseUntouched(spec: ReportSpec, slug: String, keepsHistory: Bool) throws(BuildError) -> BuiltReport? {
        // The folder's history is the one its stamp recorded: its files' stats say so.
        guard reuses, !verifies, let listing = previous.report(slug),
            let seal = FolderSeal.stats(of: slug, under: previous.folder.path),
            let fingerprint = seal.fingerprint,
            let stamp = stats.recorded(slug, fingerprint: fingerprint),
            let key = untouchedKey(
                spec: spec, slug: slug,
                history: HistoryInKey(
                    keeps: keepsHistory, digest: stamp.history,
                    current: stamp.history != nil && previousHistoryIsCurrent(slug)),
                freshness: stamp.freshness?.state(at: clock) ?? .fresh),
            stamp.key == key
        else { return nil }
        // The record is as it was written, with this key: read only when the front page asks, or
        // the summary (when it has warnings to tell).
        ledger.putPrevious(
            slug, at: previous.folder.path + "/" + listing.path, file: (listing.size, listing.digest),
            weight: listing.weight, quiet: stamp.warnings == 0)
        stats.noteReport(
            slug, fingerprint: fingerprint, key: key, warnings: stamp.warnings, history: stamp.history,
            freshness: stamp.freshness)
        lock.lock()
        reused[slug] = true
        reusedLinks[slug] = seal.links
        reusedReports += 1
        lock.unlock()
        let outcome = ReportOutcome(title: spec.resolvedTitle, slug: slug, kind: spec.kind, warnings: [], error: nil)
        return BuiltReport(outcome: outcome, card: nil, thumbnail: nil, sources: spec.sources.map(\.displayName))
    }

    /// Takes the report's folder from the previous output when its record's key is `key` and
    /// every file is as recorded; nil otherwise. Its files are placed when the build publishes.
    func reuseReport(slug: String, key: String, record: ReportRecord?) throws(BuildError) -> BuiltReport? {
        guard reuses, let record, record.key == key, record.error == nil,
            let listing = previous.report(slug)
        else { return nil }
        // The folder's files by their stats when they are as recorded, else (and with --verify)
        // each read and checked against its SHA-256.
        let fingerprint = folderFingerprint(slug)
        if verifies || fingerprint == nil || !stats.reportUnchanged(slug, fingerprint: fingerprint!) {
            let root = previous.folder
            for file in record.files + [
                ReportRecord.File(path: listing.path, sha256: listing.sha256, size: listing.size)
            ] {
                guard let verified = Staging.verify(root.appendingPathComponent(file.path), sha256: file.sha256),
                    verified.size == file.size
                else { return nil }
            }
        }
        // Only a folder holding exactly the record's files is taken by its stats next time.
        let files = FolderStats.files(in: slug, under: previous.folder.path) ?? []
        let walked = Set(files.map(\.path)) == Set(record.files.map(\.path) + [listing.path])
        try keep(record, listing: listing, fingerprint: walked ? fingerprint : nil)
        if walked {
            let links = FolderStats.linkDigest(files)
            lock.withLock { reusedLinks[slug] = links }
        }
        return record.report
    }

    /// The stats of every file in a previous report folder as one digest; nil when it cannot be read.
    private func folderFingerprint(_ slug: String) -> FileDigest? {
        FolderStats.files(in: slug, under: previous.folder.path).map(StatFile.fingerprint)
    }

    /// `fingerprint`: the folder's stats when it holds just the record's files, else nil.
    private func keep(_ record: ReportRecord, listing: SiteManifest.ReportListing, fingerprint: FileDigest?)
        throws(BuildError)
    {
        try ledger.put(record.slug, record, file: (listing.size, listing.digest), reusable: true)
        if let fingerprint {
            stats.noteReport(
                record.slug, fingerprint: fingerprint, key: record.key, warnings: record.report.outcome.warnings.count,
                history: Self.historyDigest(record), freshness: record.report.freshness)
        }
        lock.lock()
        reused[record.slug] = fingerprint != nil
        reusedReports += 1
        lock.unlock()
    }

    /// Records a report this build wrote (made anew, failed, or gathered from a part).
    func noteWritten(slug: String, record: ReportRecord, file: Staging.StagedFile, stats folderStats: FileDigest?)
        throws(BuildError)
    {
        try ledger.put(slug, record, file: (file.size, file.digest), reusable: !record.key.isEmpty)
        if let folderStats {
            stats.noteReport(
                slug, fingerprint: folderStats, key: record.key, warnings: record.report.outcome.warnings.count,
                history: Self.historyDigest(record), freshness: record.report.freshness)
        }
        lock.lock()
        changed += 1
        lock.unlock()
    }

    /// The reports taken whole from the previous output, sorted, each with whether its folder
    /// holds just its files (so they can be found by reading the folder).
    /// The link digest of each reused folder walked whole (see `reusedLinks`).
    var walkedFolderLinks: [String: FileDigest] { lock.withLock { reusedLinks } }

    var reusedFolders: [(slug: String, walked: Bool)] {
        lock.lock()
        defer { lock.unlock() }
        return reused.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Whether every report was taken whole from the previous output.
    var everyReportReused: Bool {
        lock.lock()
        defer { lock.unlock() }
        return changed == 0
    }

    // MARK: Accounting

    private func count(drawn: Int = 0, reused: Int = 0) {
        lock.lock()
        drawnFiles += drawn
        reusedFiles += reused
        lock.unlock()
    }

    /// `charts: 120 files drawn, 0 reused; reports: 0 of 20 reused`.
    func summary(reports: Int) -> String {
        lock.lock()
        defer { lock.unlock() }
        return
            "charts: \(drawnFiles) files drawn, \(reusedFiles) reused; reports: \(reusedReports) of \(reports) reused whole"
    }
}
