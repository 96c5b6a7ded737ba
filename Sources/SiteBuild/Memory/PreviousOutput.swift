import Foundation
import GazetteCore
import Jobs
import ReportFacts
import SiteOutput

/// The output as the previous build left it, as this build may read it: its manifest (so its
/// records and files, each with the SHA-256 it was published with), the reports' histories, the
/// stat file of what that build saw, and its report folders' seals. Read only: what this build
/// makes is in its `BuildRecord`. `--no-cache` (`reuses` false) leaves its records and files
/// unused, but not its histories: those are the site's memory, not a cache.
struct PreviousOutput: Sendable {
    let manifest: SiteManifest
    /// What the previous build saw of its inputs, report folders and front pages; this build's
    /// own sightings go in it too, for the next (`StatFile.write`).
    let stats: StatFile
    /// `--history-from DIR`: where a shard's part reads its reports' histories (the site it will
    /// be merged into); nil to read them from the previous output.
    let historyFolder: URL?
    /// False with `--no-cache`: nothing of it is reused.
    let reuses: Bool
    /// `--verify`: every input and every reused file is read and checked, whatever its stat says.
    let verifies: Bool

    init(
        manifest: SiteManifest, stats: StatFile = StatFile(), historyFolder: URL? = nil, reuses: Bool,
        verifies: Bool = false
    ) {
        self.manifest = manifest
        self.stats = stats
        self.historyFolder = historyFolder
        self.reuses = reuses
        self.verifies = verifies
    }

    /// An output that is read for nothing (`merge` makes every report's folder anew).
    static func none(_ output: URL) -> PreviousOutput {
        PreviousOutput(manifest: SiteManifest(output: output), reuses: false)
    }

    var folder: URL { manifest.folder }

    /// The previous record of `slug`, checked against the manifest; nil when there is none or
    /// nothing is reused.
    func record(_ slug: String) -> ReportRecord? {
        guard reuses else { return nil }
        return manifest.record(slug)?.record
    }

    /// The history of `slug` the previous output holds (or the folder `--history-from` names, for
    /// a shard's part): nil when there is none. Read whatever `--no-cache` says.
    func history(_ slug: String) -> (bytes: [UInt8], digest: FileDigest)? {
        let root: URL
        if let historyFolder {
            root = historyFolder
        } else {
            // Only a folder the previous output lists as a report is the report's.
            guard manifest.report(slug) != nil else { return nil }
            root = folder
        }
        guard
            let data = FileManager.default.contents(atPath: root.appendingPathComponent(ReportHistory.path(slug)).path)
        else { return nil }
        let bytes = [UInt8](data)
        return (bytes, FileDigest(of: bytes))
    }

    /// Whether the last entry of the history `slug` has here is stamped with `clock`. A clock past
    /// the previous build's needs no reading: that build stamped its entries with its own. Nor
    /// does a report folder's `recorded` stamp, vouched for by its files' stats (the history's
    /// among them): its `updated` is that history's last entry's time (`ReportCard.updated`), and
    /// decoding every report's history was a third of a rebuild in which nothing changed.
    func historyIsCurrent(_ slug: String, clock: Int64, recorded: StatFile.ReportStamp? = nil) -> Bool {
        if historyFolder == nil, let previousClock = manifest.generatedAt, previousClock < clock { return false }
        if historyFolder == nil, let recorded { return recorded.history != nil && recorded.updated == clock }
        guard let read = history(slug) else { return false }
        return ReportHistory.decoded(read.bytes, kinds: ReportKind.figuresTypes)?.entries.last?.at == clock
    }

    /// The digest of the history a record lists among its files; nil when it lists none.
    static func historyDigest(_ record: ReportRecord) -> FileDigest? {
        let path = ReportHistory.path(record.slug)
        return record.files.first { $0.path == path }.flatMap { FileDigest(hex: $0.sha256) }
    }

    /// The stats of every file in a previous report folder as one digest; nil when it cannot be read.
    func folderFingerprint(_ slug: String) -> FileDigest? {
        FolderStats.files(in: slug, under: folder.path).map(StatFile.fingerprint)
    }

    /// The digests of `spec`'s inputs without opening them: every input is a file whose stat is as
    /// the stat file recorded it, or bytes carried in the program. Nil when an input must be read.
    func untouchedDigests(_ spec: ReportSpec) -> [FileDigest]? {
        var digests: [FileDigest] = []
        for source in spec.sources {
            switch source {
            case let .file(path):
                guard let digest = stats.inputDigest(path) else { return nil }
                digests.append(digest)
            case let .embedded(_, bytes):
                digests.append(FileDigest(of: bytes))
            case .url, .standardInput:
                return nil
            }
        }
        return digests
    }

    /// Whether the previous output's file at `path` is the one `stamp` recorded: by its stat, or
    /// with `--verify` by the SHA-256 its manifest lists.
    func holdsPage(_ path: String, key: FileDigest?) -> Bool {
        guard let stamp = stats.page(path), stamp.key == key, let digest = manifest.files[path] else { return false }
        let url = folder.appendingPathComponent(path)
        if verifies { return Staging.verify(url, digest: digest) != nil }
        return FileStat(path: url.path) == stamp.stat
    }
}
