import Crypto
import Foundation
import GazetteCore
import Loading
import ReportFacts
import SiteOutput
import Synchronization

/// The stat file of an output, in the user's cache folder: what a build saw of the files it
/// trusted without reading them. For each input file, its stat and the SHA-256 its bytes had then; for each report
/// folder, one fingerprint of every file's stat (its record's too). A later build compares the
/// stats it finds with these and reads only a file whose stat changed; `--verify` reads them all.
///
/// The file lies outside the output because stats differ between two builds of the same bytes,
/// and the output must not (nor should a deploy publish inode numbers and input paths); and not
/// beside it, where it would litter the user's project. It is written whole after each build
/// through a rename; a missing,
/// stale or damaged one costs only reading, never a wrong byte: a stat vouches only for the
/// digest it was recorded with.
final class StatFile: Sendable {
    struct InputStamp: Sendable, Equatable {
        var stat: FileStat
        var digest: FileDigest
    }

    static let format = "gazette-stats 7"
    /// The formats read: 6 held whole digests where 7 holds `ShortDigest`s (read as their first
    /// half), so an upgrade costs no build its stats.
    static let formatsRead = [format, "gazette-stats 6"]

    /// Input path (by its `PathKey`) → its stat and digest. Keyed by a digest of the path, not the
    /// path: 100,000 path strings were 11 MB, and the build holds each path in its job already.
    private let inputs: KeyedTable<PathKey, InputStamp>
    /// Front-page file path → the key of what it shows and its stat as published.
    private let pages: [String: PageStamp]
    /// What this build saw, for the next build's file.
    private let seen: Mutex<Seen>

    /// What this build saw that differs from the file (or is not in it), and by number what it saw
    /// as the file recorded it: a rebuild of 100,000 reports sees most of them unchanged, and
    /// each copied stamp and key would cost a few hundred bytes.
    private struct Seen {
        var inputs = NamedTable<InputStamp>()
        /// Reports the file did not record, seen this build.
        var reports = NamedTable<ReportStamp>()
        /// Slug → the fingerprint of its folder's stats and the key its record holds, as the file
        /// recorded them; a stamp seen anew for one of them is written in its place (and its number
        /// put in `replacedReports`), not beside it: a build on a new clock notes every report
        /// anew, and a second table of 100,000 stamps was 15 MB.
        var recordedReports: NamedTable<ReportStamp>
        var replacedReports: BitSet
        var pages: [String: PageStamp] = [:]
        /// By number, the path of each input seen as the file recorded it (the job's own string).
        var sameInputs: ContiguousArray<String?>
        var sameInputCount = 0
        /// By number, the recorded reports seen this build (as recorded, or anew in their place).
        var sameReports: BitSet

        /// Room for as many stamps anew as the file recorded, made once a table of stamps anew
        /// reaches a sixteenth of them (a build on a new clock notes every report anew): grown
        /// by doubling to 100,000 stamps, a table holds up to three times them at its last step.
        mutating func makeRoom<Stamp>(in anew: WritableKeyPath<Seen, NamedTable<Stamp>>, recorded: Int) {
            let count = self[keyPath: anew].count
            if count == Swift.max(1024, recorded / 16), recorded > count {
                self[keyPath: anew].reserveCapacity(recorded)
            }
        }

        /// Notes the report `slug` seen with `stamp`: by number when the file recorded it, in
        /// place of its recorded stamp when that differs.
        mutating func noteReport(_ slug: String, _ stamp: ReportStamp) {
            guard let recorded = recordedReports.numbered(slug) else {
                reports[slug] = stamp
                return
            }
            sameReports.insert(recorded.number)
            guard recorded.value != stamp else { return }
            recordedReports.update(slug) { $0 = stamp }
            replacedReports.insert(recorded.number)
        }

        /// The stamp the file recorded for `slug`; nil when it recorded none or this build noted
        /// another in its place.
        func recordedReport(_ slug: String) -> ReportStamp? {
            guard let recorded = recordedReports.numbered(slug), !replacedReports.contains(recorded.number)
            else { return nil }
            return recorded.value
        }

        /// Notes the input at `path` seen as the file recorded it (its `number`).
        mutating func noteSameInput(_ path: String, _ number: Int) {
            inputs[path] = nil
            if sameInputs[number] == nil { sameInputCount += 1 }
            sameInputs[number] = path
        }

        /// Notes the input at `path` seen with `stamp`: by number when it is the one the file recorded.
        mutating func noteInput(_ path: String, _ stamp: InputStamp, recorded: (value: InputStamp, number: Int)?) {
            if let recorded, recorded.value == stamp { return noteSameInput(path, recorded.number) }
            if let recorded, sameInputs[recorded.number] != nil {
                sameInputs[recorded.number] = nil
                sameInputCount -= 1
            }
            inputs[path] = stamp
            makeRoom(in: \.inputs, recorded: sameInputs.count)
        }
    }

    /// Keys are SHA-256s, held as digests: 32 bytes inline, not a 64-character string each.
    struct PageStamp: Sendable, Equatable {
        var key: FileDigest
        var stat: FileStat
    }

    /// Held packed (96 bytes, not 184: a build of 100,000 reports holds one for each): the
    /// fingerprint and key as `ShortDigest`s, absent times as `Int64.min`, which no time Gazette
    /// reads can be, and absent history and freshness as flags. The history's digest is whole: a
    /// report's key is made from it.
    struct ReportStamp: Sendable, Equatable {
        private(set) var fingerprint: ShortDigest
        private(set) var key: ShortDigest
        private var historyDigest = FileDigest(nil)
        private var times: (validUntil: Int64, errorAt: Int64, updated: Int64) = (.min, .min, .min)
        private var warningCount: Int32 = 0
        private var has: (history: Bool, freshness: Bool) = (false, false)

        init(
            fingerprint: FileDigest, key: FileDigest, warnings: Int, history: FileDigest? = nil,
            freshness: DataFreshness? = nil, updated: Int64? = nil
        ) {
            self.init(
                fingerprint: ShortDigest(fingerprint), key: ShortDigest(key), warnings: warnings, history: history,
                freshness: freshness, updated: updated)
        }

        init(
            fingerprint: ShortDigest, key: ShortDigest, warnings: Int, history: FileDigest?,
            freshness: DataFreshness?, updated: Int64?
        ) {
            self.fingerprint = fingerprint
            self.key = key
            self.warnings = warnings
            self.history = history
            self.freshness = freshness
            self.updated = updated
        }

        /// How many warnings its record holds: a build reusing a report without any need not
        /// read its record to say so.
        var warnings: Int {
            get { Int(warningCount) }
            set { warningCount = Int32(clamping: newValue) }
        }
        /// The digest of the history the folder holds (`SLUG/history.json`); nil when it holds none.
        var history: FileDigest? {
            get { has.history ? historyDigest : nil }
            set {
                has.history = newValue != nil
                historyDigest = newValue ?? FileDigest(nil)
            }
        }
        /// When its data turns stale and an error (its record's freshness), so a build on a later
        /// clock knows the state its key holds without reading the record. Not the data's own
        /// time (`dataAsOf`), which the file does not hold: the state needs only these two.
        var freshness: DataFreshness? {
            get {
                guard has.freshness else { return nil }
                return DataFreshness(
                    dataAsOf: nil, validUntil: Self.time(times.validUntil), errorAt: Self.time(times.errorAt))
            }
            set {
                has.freshness = newValue != nil
                times.validUntil = newValue?.validUntil ?? .min
                times.errorAt = newValue?.errorAt ?? .min
            }
        }
        /// When its card says its figures last changed (Unix seconds; nil when it has none): the
        /// site's feed picks its newest entries without reading every record, and a build on the
        /// same clock sees that the history holds its entry (`ReportCard.updated`) without reading it.
        var updated: Int64? {
            get { Self.time(times.updated) }
            set { times.updated = newValue ?? .min }
        }

        /// Whether `key` is the key this stamp holds.
        func holds(key: FileDigest) -> Bool { self.key == ShortDigest(key) }

        /// The stamp with its folder's fingerprint as `fingerprint`.
        func with(fingerprint: FileDigest) -> ReportStamp {
            var stamp = self
            stamp.fingerprint = ShortDigest(fingerprint)
            return stamp
        }

        private static func time(_ packed: Int64) -> Int64? {
            packed == .min ? nil : packed
        }

        static func == (one: ReportStamp, other: ReportStamp) -> Bool {
            one.fingerprint == other.fingerprint && one.key == other.key && one.history == other.history
                && one.freshness == other.freshness && one.updated == other.updated && one.warnings == other.warnings
        }

        /// `VALID-UNTIL:ERROR-AT` (each Unix seconds or `-`), or `-` for no freshness.
        var freshnessText: String {
            guard let freshness else { return "-" }
            return "\(freshness.validUntil.map(String.init) ?? "-"):\(freshness.errorAt.map(String.init) ?? "-")"
        }

        static func freshness(_ text: String) -> DataFreshness?? {
            if text == "-" { return .some(nil) }
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            guard let until = time(parts[0]), let error = time(parts[1]) else { return nil }
            return .some(DataFreshness(dataAsOf: nil, validUntil: until, errorAt: error))
        }

        /// Unix seconds, or `-` for none; nil when the text is neither.
        static func time(_ part: some StringProtocol) -> Int64?? {
            part == "-" ? .some(nil) : Int64(part).map { .some($0) }
        }
    }
    /// Seconds since 1970 when this build began: an input changed within two seconds of it may
    /// change again within its clock's tick unseen, so it is not vouched for.
    private let began = Date().timeIntervalSince1970

    convenience init(
        inputs: [String: InputStamp] = [:], reports: [String: ReportStamp] = [:], pages: [String: PageStamp] = [:]
    ) {
        var keyed = KeyedTable<PathKey, InputStamp>()
        for (path, stamp) in inputs { keyed[PathKey(path)] = stamp }
        self.init(tables: keyed, reports: NamedTable(reports), pages: pages)
    }

    private init(
        tables inputs: KeyedTable<PathKey, InputStamp>, reports: NamedTable<ReportStamp>, pages: [String: PageStamp]
    ) {
        self.inputs = inputs
        self.pages = pages
        seen = Mutex(
            Seen(
                recordedReports: reports, replacedReports: BitSet(count: reports.numberLimit),
                sameInputs: ContiguousArray(repeating: nil, count: inputs.numberLimit),
                sameReports: BitSet(count: reports.numberLimit)))
    }

    /// The stat file of `output`: `$XDG_CACHE_HOME/gazette/stats/HASH` (or `~/.cache/…`).
    static func location(of output: URL, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> URL?
    {
        CacheHome.place("stats", for: output, environment: environment)
    }

    /// The stat file of `output`, or an empty one.
    convenience init(output: URL) {
        var inputs = KeyedTable<PathKey, InputStamp>()
        var reports = NamedTable<ReportStamp>()
        var pages: [String: PageStamp] = [:]
        // Read a piece at a time, in two passes (one to count, one to read), on bytes where they
        // lie, line by line: the file is 39 MB at 100,000 reports, and a string or an array for
        // each field would cost more than the rest.
        if let location = Self.location(of: output)?.path {
            var counts = (inputs: 0, reports: 0, known: false)
            LineFile.forEachLine(in: location) { line in
                guard counts.known else {
                    counts.known = Self.formatsRead.contains { line.elementsEqual($0.utf8) }
                    return counts.known
                }
                if line.first == UInt8(ascii: "i") { counts.inputs += 1 }
                if line.first == UInt8(ascii: "r") { counts.reports += 1 }
                return true
            }
            if counts.known {
                // Room for every stamp at once: a table grown by doubling holds up to three times
                // its stamps while it grows.
                inputs.reserveCapacity(counts.inputs)
                reports.reserveCapacity(counts.reports)
                var first = true
                LineFile.forEachLine(in: location) { line in
                    if first {
                        first = false
                        return Self.formatsRead.contains { line.elementsEqual($0.utf8) }
                    }
                    Self.read(line, inputs: &inputs, reports: &reports, pages: &pages)
                    return true
                }
            }
        }
        self.init(tables: inputs, reports: reports, pages: pages)
    }

    /// One line of the file into the tables; a line that is not one of these is passed over.
    private static func read(
        _ line: UnsafeBufferPointer<UInt8>, inputs: inout KeyedTable<PathKey, InputStamp>,
        reports: inout NamedTable<ReportStamp>, pages: inout [String: PageStamp]
    ) {
        guard line.count > 2 else { return }
        // `i STAT\tSHA256\tPATH`, `r FINGERPRINT\tKEY\tWARNINGS\tHISTORY\tFRESH\tUPDATED\tSLUG`
        // (HISTORY a SHA-256 or `-`, FRESH `ReportStamp.freshnessText`, UPDATED Unix
        // seconds or `-`) or `p KEY\tSTAT\tPATH`.
        let kind = line[0]
        let fields = line.dropFirst(2).split(
            separator: 0x09, maxSplits: kind == UInt8(ascii: "r") ? 6 : 2, omittingEmptySubsequences: false)
        func text(_ index: Int) -> String { String(decoding: fields[index], as: UTF8.self) }
        func field(_ index: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: fields[index]) }
        switch kind {
        case UInt8(ascii: "i"):
            guard fields.count == 3, let stat = FileStat(utf8: field(0)), let digest = FileDigest(hexUTF8: field(1))
            else { return }
            inputs[PathKey(utf8: field(2))] = InputStamp(stat: stat, digest: digest)
        case UInt8(ascii: "r"):
            guard fields.count == 7, let digest = ShortDigest(hexUTF8: field(0)),
                let key = ShortDigest(hexUTF8: field(1)), let warnings = Int(text(2)),
                let freshness = ReportStamp.freshness(text(4)), let updated = ReportStamp.time(text(5))
            else { return }
            let history = FileDigest(hexUTF8: field(3))
            guard history != nil || fields[3].elementsEqual("-".utf8) else { return }
            reports[text(6)] = ReportStamp(
                fingerprint: digest, key: key, warnings: warnings, history: history, freshness: freshness,
                updated: updated)
        case UInt8(ascii: "p"):
            guard fields.count == 3, let key = FileDigest(hexUTF8: field(0)), let stat = FileStat(utf8: field(1))
            else { return }
            pages[text(2)] = PageStamp(key: key, stat: stat)
        default:
            return
        }
    }

    /// Makes room for what a build of `count` reports reading `inputs` files notes anew, when the
    /// file recorded nothing (a cold build notes every one): tables grown by doubling hold up to
    /// three times their stamps while they grow.
    func expect(reports count: Int, inputs: Int) {
        guard self.inputs.isEmpty else { return }
        seen.withLock { seen in
            guard seen.recordedReports.isEmpty else { return }
            seen.inputs.reserveCapacity(inputs)
            seen.reports.reserveCapacity(count)
        }
    }

    /// The SHA-256 of the input file at `path` when its stat is the one recorded with it.
    func inputDigest(_ path: String) -> FileDigest? {
        guard let stat = FileStat(path: path) else { return nil }
        guard let recorded = inputs.numbered(PathKey(path)), recorded.value.stat == stat else { return nil }
        seen.withLock { $0.noteSameInput(path, recorded.number) }
        return recorded.value.digest
    }

    /// Notes what an input's bytes hashed to, with the stat taken before they were read.
    func noteInput(_ path: String, stat: FileStat, digest: FileDigest) {
        guard Double(stat.seconds) < began - 2, !path.contains("\n"), !path.contains("\t") else { return }
        let stamp = InputStamp(stat: stat, digest: digest)
        let recorded = inputs.numbered(PathKey(path))
        seen.withLock { $0.noteInput(path, stamp, recorded: recorded) }
    }

    /// The digests of `inputs`, each read and hashed (a file's stat, taken first, is noted with
    /// its digest for the next build): what a report's key is made from.
    func inputDigests(_ inputs: [LoadedInput]) throws(BuildError) -> [FileDigest] {
        var digests: [FileDigest] = []
        for input in inputs {
            var stat: FileStat?
            if case let .file(path) = input.source { stat = FileStat(path: path) }
            var hasher = SHA256()
            let pieces = input.pieces()
            while let piece = pieces.next() { hasher.update(data: piece) }
            if let error = pieces.error { throw error }
            let digest = FileDigest(hasher.finalize())
            if case let .file(path) = input.source, let stat { noteInput(path, stat: stat, digest: digest) }
            digests.append(digest)
        }
        return digests
    }

    /// What was recorded with a report folder whose files have the stats they had then (the
    /// record's among them, so its key is the one recorded); nil when anything differs.
    func recorded(_ slug: String, fingerprint: FileDigest) -> ReportStamp? {
        guard let recorded = seen.withLock({ $0.recordedReport(slug) }),
            recorded.fingerprint == ShortDigest(fingerprint)
        else { return nil }
        return recorded
    }

    /// Whether the files of a report folder have the stats they had when last recorded.
    func reportUnchanged(_ slug: String, fingerprint: FileDigest) -> Bool {
        recorded(slug, fingerprint: fingerprint) != nil
    }

    /// Notes the stats of a report folder's files as this build leaves them, with its record's
    /// key and number of warnings.
    func noteReport(
        _ slug: String, fingerprint: FileDigest, key: String, warnings: Int, history: FileDigest?,
        freshness: DataFreshness?, updated: Int64?
    ) {
        // A key that is not a SHA-256 (a report no build may reuse has none) vouches for nothing.
        guard let key = FileDigest(hex: key) else { return }
        noteReport(
            slug, fingerprint: fingerprint, key: key, warnings: warnings, history: history, freshness: freshness,
            updated: updated)
    }

    /// `noteReport` with the key as its digest.
    func noteReport(
        _ slug: String, fingerprint: FileDigest, key: FileDigest, warnings: Int, history: FileDigest?,
        freshness: DataFreshness?, updated: Int64?
    ) {
        noteReport(
            slug,
            ReportStamp(
                fingerprint: fingerprint, key: key, warnings: warnings, history: history, freshness: freshness,
                updated: updated))
    }

    /// Notes the stats of a report folder's files as this build leaves them, with its stamp.
    func noteReport(_ slug: String, _ stamp: ReportStamp) {
        seen.withLock { $0.noteReport(slug, stamp) }
    }

    /// What was recorded with the front-page file at `path`: the key of what it showed, its stat.
    func page(_ path: String) -> PageStamp? {
        pages[path]
    }

    /// Notes a front-page file as this build leaves it.
    func notePage(_ path: String, key: String, stat: FileStat) {
        guard !path.contains("\n"), !path.contains("\t"), let key = FileDigest(hex: key) else { return }
        seen.withLock { $0.pages[path] = PageStamp(key: key, stat: stat) }
    }

    /// Carries the front-page files' records over unchanged, for a build that leaves them as they are.
    func keepPages() {
        seen.withLock { $0.pages = pages }
    }

    /// One digest of the stats of a folder's files, whatever order they are found in: each
    /// file's path, inode, size and modification time (`FolderDigest`).
    static func fingerprint(_ files: [(path: String, stat: FileStat)]) -> FileDigest {
        var digest = FolderDigest()
        for (path, stat) in files { digest.add(pathHash: FolderDigest.pathHash(path), stat: stat) }
        return digest.digest
    }

    /// What this build saw, as the next build's record: the stat file it would read back.
    func carriedOver() -> StatFile {
        let seen = seen.withLock { $0 }
        return StatFile(
            tables: Self.mergedInputs(seen, inputs),
            reports: Self.merged(seen.reports, seen.recordedReports, seen.sameReports), pages: seen.pages)
    }

    /// The inputs seen, anew or as recorded, each with its stamp, in path order: sorted as
    /// numbers (an input seen anew as its number in `seen.inputs`, one seen as recorded as
    /// `-1 - number`), not as pairs of path and stamp (12 MB at 100,000 inputs).
    private static func forEachSortedInput(
        _ seen: Seen, _ recorded: KeyedTable<PathKey, InputStamp>,
        _ body: (_ path: String, _ stamp: InputStamp) -> Void
    ) {
        var order: [Int32] = []
        order.reserveCapacity(seen.inputs.count + seen.sameInputCount)
        seen.inputs.forEach { _, _, number in order.append(Int32(number)) }
        for (number, path) in seen.sameInputs.enumerated() {
            if let path, seen.inputs[path] == nil { order.append(-1 - Int32(number)) }
        }
        func path(_ place: Int32) -> String {
            place >= 0 ? seen.inputs.name(number: Int(place))! : seen.sameInputs[Int(-1 - place)]!
        }
        order.sort { path($0) < path($1) }
        for place in order {
            body(
                path(place),
                place >= 0 ? seen.inputs.value(number: Int(place)) : recorded.value(number: Int(-1 - place)))
        }
    }

    /// The inputs seen, as the next build's table.
    private static func mergedInputs(_ seen: Seen, _ recorded: KeyedTable<PathKey, InputStamp>)
        -> KeyedTable<PathKey, InputStamp>
    {
        var table = KeyedTable<PathKey, InputStamp>()
        table.reserveCapacity(seen.inputs.count + seen.sameInputCount)
        forEachSortedInput(seen, recorded) { path, stamp in table[PathKey(path)] = stamp }
        return table
    }

    /// What was seen anew, with what was seen as recorded, in name order.
    private static func merged<Stamp>(
        _ anew: NamedTable<Stamp>, _ recorded: NamedTable<Stamp>, _ same: BitSet
    ) -> NamedTable<Stamp> {
        let names = sortedNames(anew, recorded, same)
        var all = NamedTable<Stamp>()
        all.reserveCapacity(names.count)
        for name in names { all[name] = anew[name] ?? recorded[name] }
        return all
    }

    /// The names of what was seen, anew or as recorded, sorted.
    private static func sortedNames<Stamp>(
        _ anew: NamedTable<Stamp>, _ recorded: NamedTable<Stamp>, _ same: BitSet
    ) -> [String] {
        var names = anew.allNames
        names.reserveCapacity(anew.count + same.count)
        recorded.forEach { name, _, number in
            if same.contains(number) && anew[name] == nil { names.append(name) }
        }
        names.sort()
        return names
    }

    /// What this build saw, for the next one: written through a temporary file and a rename.
    /// Best effort: a stat file that cannot be written costs the next build reading, not output.
    func write(for output: URL) {
        guard let target = Self.location(of: output) else { return }
        let seen = seen.withLock { $0 }
        // A build that saw just what the file holds (nothing changed) only marks it used, for
        // the tidying of old outputs: written again, it would say the very same.
        if seen.inputs.isEmpty, seen.reports.isEmpty, seen.replacedReports.count == 0,
            seen.sameInputCount == inputs.count,
            seen.sameReports.count == seen.recordedReports.count, seen.pages == pages,
            !(inputs.isEmpty && seen.recordedReports.isEmpty && pages.isEmpty),
            utimensat(AT_FDCWD, target.path, nil, 0) == 0
        {
            CacheHome.forgetOldOutputs()
            return
        }
        try? FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(
            target.lastPathComponent + ".\(getpid())")
        guard let file = fopen(temporary.path, "w") else { return }
        // Written a piece at a time: the text of 100,000 reports is megabytes.
        var piece = ""
        var failed = false
        func put(_ line: String) {
            piece += line
            if piece.utf8.count >= 1 << 16 { flush() }
        }
        func flush() {
            var bytes = piece
            bytes.withUTF8 { if fwrite($0.baseAddress, 1, $0.count, file) != $0.count { failed = true } }
            piece = ""
        }
        put(Self.format + "\n")
        Self.forEachSortedInput(seen, inputs) { path, stamp in
            put("i \(stamp.stat.text)\t\(stamp.digest.hex)\t\(path)\n")
        }
        for slug in Self.sortedNames(seen.reports, seen.recordedReports, seen.sameReports) {
            let stamp = seen.reports[slug] ?? seen.recordedReports[slug]!
            put(
                "r \(stamp.fingerprint.hex)\t\(stamp.key.hex)\t\(stamp.warnings)\t\(stamp.history?.hex ?? "-")\t"
                    + "\(stamp.freshnessText)\t\(stamp.updated.map(String.init) ?? "-")\t\(slug)\n"
            )
        }
        for path in seen.pages.keys.sorted() {
            let stamp = seen.pages[path]!
            put("p \(stamp.key.hex)\t\(stamp.stat.text)\t\(path)\n")
        }
        flush()
        if fclose(file) != 0 || failed || rename(temporary.path, target.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
        }
        CacheHome.forgetOldOutputs()
    }
}
