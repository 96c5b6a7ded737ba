import Foundation
import GazetteCore
import SiteOutput
#if canImport(Glibc)
    import Glibc
#endif

/// The records of the reports a build has finished, set aside in a temporary file as each report
/// finishes: what the front page, the summary and the manifest's `cache` section need of a report
/// is read back when they ask for it, so the build keeps only a few bytes per report in memory.
///
/// The file is unlinked as soon as it is open, so it goes away with the build (or the process)
/// whatever happens.
// @unchecked: it owns an open file descriptor, written with pwrite at offsets its lock hands out.
final class ReportLedger: @unchecked Sendable {
    /// Where a report's record lies in the file, and whether a later build may reuse the report
    /// (it has a key). Held packed (104 bytes, not 112 and a dictionary entry of 48 for a reused
    /// folder's links: a build of 100,000 reports holds one for each): sizes as 32 bits, absent
    /// values as `-1` or `Int64.min`, the yes-or-no fields as flags.
    private struct Span {
        /// The size and SHA-256 of the record's file in the site, for the manifest.
        var fileDigest: FileDigest
        /// A reused folder walked whole: its files' paths and inodes as one digest (what a spare's
        /// twin of the folder must hold to be kept); meaningful with flag 32.
        private var linkDigest = FileDigest(nil)
        private var start: Int64
        private var weightBytes: Int64 = -1
        private var updatedTime: Int64 = .min
        private var size: (length: UInt32, file: UInt32, weightFiles: Int32) = (0, 0, -1)
        private var flags: UInt8 = 0

        init(
            offset: Int, length: Int, reusable: Bool, fileSize: Int, fileDigest: FileDigest, previous: Bool = false,
            quiet: Bool = false, weight: SiteWeight?, updated: Int64?
        ) {
            self.fileDigest = fileDigest
            start = Int64(offset)
            size = (UInt32(clamping: length), UInt32(clamping: fileSize), -1)
            self.weight = weight
            self.updated = updated
            flags = (reusable ? 1 : 0) | (previous ? 2 : 0) | (quiet ? 4 : 0)
        }

        var offset: Int { Int(start) }
        var length: Int { Int(size.length) }
        var fileSize: Int { Int(size.file) }
        var reusable: Bool { flags & 1 != 0 }
        /// A record left in the previous output (`previousFolder`), read from there when asked for.
        var previous: Bool { flags & 2 != 0 }
        /// A record known to hold no warnings and no error.
        var quiet: Bool { flags & 4 != 0 }
        /// A report taken whole from the previous output, and whether its folder holds just its
        /// files (so they can be found by reading the folder).
        var reused: (whole: Bool, walked: Bool) {
            get { (flags & 8 != 0, flags & 16 != 0) }
            set { flags = flags & ~24 | (newValue.whole ? 8 : 0) | (newValue.walked ? 16 : 0) }
        }
        /// Its folder was kept in the output's spare.
        var inSpare: Bool {
            get { flags & 64 != 0 }
            set { flags = flags & ~64 | (newValue ? 64 : 0) }
        }
        var links: FileDigest? {
            get { flags & 32 != 0 ? linkDigest : nil }
            set {
                flags = flags & ~32 | (newValue != nil ? 32 : 0)
                linkDigest = newValue ?? FileDigest(nil)
            }
        }
        /// The report folder's files and bytes, its record included; nil for a previous record
        /// whose manifest did not say (read from the record when asked).
        var weight: SiteWeight? {
            get { size.weightFiles < 0 ? nil : SiteWeight(files: Int(size.weightFiles), bytes: Int(weightBytes)) }
            set {
                size.weightFiles = newValue.map { Int32(clamping: $0.files) } ?? -1
                weightBytes = Int64(newValue?.bytes ?? -1)
            }
        }
        /// When the report's card says its figures last changed (nil when it has none): the
        /// site's feed picks its newest entries by it without reading the records.
        var updated: Int64? {
            get { updatedTime == .min ? nil : updatedTime }
            set { updatedTime = newValue ?? .min }
        }
    }

    private let descriptor: Int32
    private let lock = NSLock()
    private var spans = NamedTable<Span>()
    /// The previous output's folder, where every record left there lies (one path for all, not a
    /// path string per report: 100,000 of those would be some 10 MB).
    private var previousFolder: String?
    private var end = 0
    private var readFailure: BuildError?

    /// `expected`: about how many reports it will hold (room is made for them at once: a table
    /// grown by doubling holds up to three times its spans while it grows).
    init(expected: Int = 0) throws(BuildError) {
        spans.reserveCapacity(expected)
        var template = Array((NSTemporaryDirectory() + "/gazette-ledger-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw BuildError(
                .io, .file(NSTemporaryDirectory()), "cannot make a temporary file: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Sets aside `slug`'s record; `reusable` when a later build may take the report whole.
    func put(_ slug: String, _ record: ReportRecord, file: (size: Int, digest: FileDigest), reusable: Bool)
        throws(BuildError)
    {
        // Its head only: what the front page and the summary read back (the folder has the rest).
        let bytes = try record.head.encoded()
        lock.lock()
        defer { lock.unlock() }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress! + written, bytes.count - written, off_t(end + written))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw BuildError(
                    .io, .file(NSTemporaryDirectory()),
                    "cannot set aside the record of \(slug): \(String(cString: strerror(errno)))")
            }
            written += count
        }
        let weight = record.files.reduce(SiteWeight(files: 1, bytes: file.size)) {
            $0 + SiteWeight(files: 1, bytes: $1.size)
        }
        // A record without warnings or an error is quiet: the build's outcomes need not read it
        // back unless a summary asks for every headline.
        let outcome = record.report.outcome
        spans[slug] = Span(
            offset: end, length: bytes.count, reusable: reusable, fileSize: file.size, fileDigest: file.digest,
            quiet: outcome.warnings.isEmpty && outcome.error == nil, weight: weight,
            updated: record.report.card?.updated)
        end += bytes.count
    }

    /// Notes a report reused untouched: its record stays in the previous output's file and is
    /// read from there (its head) when asked for. `quiet` when it is known to hold no warnings.
    func putPrevious(
        _ slug: String, in folder: String, file listing: (size: Int, digest: FileDigest), weight: SiteWeight?,
        quiet: Bool, updated: Int64?
    ) {
        lock.lock()
        previousFolder = folder
        spans[slug] = Span(
            offset: 0, length: 0, reusable: true, fileSize: listing.size, fileDigest: listing.digest, previous: true,
            quiet: quiet, weight: weight, updated: updated)
        lock.unlock()
    }

    /// Where `slug`'s record left in the previous output lies; nil for a record set aside here.
    private func previousPath(_ slug: String, _ span: Span) -> String? {
        guard span.previous else { return nil }
        return lock.withLock { previousFolder.map { $0 + "/" + ReportRecord.path(slug) } }
    }

    /// `slug`'s folder: its files and bytes, its record included; nil when none was set aside. A
    /// previous record its manifest gave no weight for is read once to count them.
    func weight(_ slug: String) -> SiteWeight? {
        lock.lock()
        let span = spans[slug]
        lock.unlock()
        guard let span else { return nil }
        if let weight = span.weight { return weight }
        guard let previous = previousPath(slug, span), let data = FileManager.default.contents(atPath: previous),
            let record = ReportRecord.decoded(data)
        else { return SiteWeight(files: 1, bytes: span.fileSize) }
        let weight = record.files.reduce(SiteWeight(files: 1, bytes: data.count)) {
            $0 + SiteWeight(files: 1, bytes: $1.size)
        }
        lock.withLock { spans.update(slug) { $0.weight = weight } }
        return weight
    }

    /// Notes `slug`, set aside already, as taken whole from the previous output (`walked`: its
    /// folder holds just its files; `links`: its files' paths and inodes, when it was walked).
    func markReused(_ slug: String, walked: Bool, links: FileDigest?) {
        lock.withLock {
            spans.update(slug) { span in
                span.reused = (true, walked)
                span.links = links
            }
        }
    }

    /// The link digest of `slug`'s reused folder, when it was walked whole.
    func links(_ slug: String) -> FileDigest? {
        lock.withLock { spans[slug]?.links }
    }

    /// Whether `slug` was taken whole from the previous output.
    func isReused(_ slug: String) -> Bool {
        lock.withLock { spans[slug]?.reused.whole ?? false }
    }

    /// Notes `slug`'s folder as kept in the output's spare (so it is there already when the build
    /// publishes through it).
    func markInSpare(_ slug: String) {
        lock.withLock { spans.update(slug) { $0.inSpare = true } }
    }

    /// Whether `slug`'s folder was kept in the output's spare.
    func isInSpare(_ slug: String) -> Bool {
        lock.withLock { spans[slug]?.inSpare ?? false }
    }

    /// Whether `slug` was taken whole and its folder holds just its files.
    func isWalked(_ slug: String) -> Bool {
        lock.withLock { spans[slug].map { $0.reused.whole && $0.reused.walked } ?? false }
    }

    /// The reports taken whole from the previous output, sorted, each with whether its folder
    /// holds just its files.
    var reusedFolders: [(slug: String, walked: Bool)] {
        var folders: [(slug: String, walked: Bool)] = []
        lock.withLock {
            spans.forEach { slug, span, _ in
                if span.reused.whole { folders.append((slug, span.reused.walked)) }
            }
        }
        return folders.sorted { $0.slug < $1.slug }
    }

    /// When `slug`'s card says its figures last changed, without reading its record; nil when it
    /// has no card or no time.
    func updated(_ slug: String) -> Int64? {
        lock.withLock { spans[slug]?.updated }
    }

    /// Whether `slug`'s record is known, without reading it, to hold no warnings and no error.
    func isQuiet(_ slug: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return spans[slug]?.quiet ?? false
    }

    /// `slug`'s record; nil when none was set aside, or when it cannot be read back (then
    /// `failure` says why).
    func record(_ slug: String) -> ReportRecord? {
        lock.lock()
        let span = spans[slug]
        lock.unlock()
        guard let span else { return nil }
        if let previous = previousPath(slug, span) {
            guard let data = FileManager.default.contents(atPath: previous),
                let record = ReportRecord.decodedHead(data)
            else { return failed(slug, "the previous output's record is gone") }
            return record
        }
        var bytes = [UInt8](repeating: 0, count: span.length)
        var read = 0
        while read < span.length {
            let count = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + read, span.length - read, off_t(span.offset + read))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                return failed(slug, count < 0 ? String(cString: strerror(errno)) : "the file ended early")
            }
            read += count
        }
        guard let record = ReportRecord.decodedHead(bytes) else { return failed(slug, "it is not a record") }
        return record
    }

    /// The record of a report a later build may reuse; nil for any other.
    func reusableRecord(_ slug: String) -> ReportRecord? {
        lock.lock()
        let reusable = spans[slug]?.reusable ?? false
        lock.unlock()
        return reusable ? record(slug) : nil
    }

    /// The manifest's entry of `slug`'s record: its path, size and SHA-256; nil when none was set aside.
    func listing(_ slug: String) -> JSONValue? {
        lock.lock()
        defer { lock.unlock() }
        guard let span = spans[slug] else { return nil }
        var fields: [(String, JSONValue)] = []
        if let weight = span.weight {
            fields += [("folderBytes", .int(weight.bytes)), ("folderFiles", .int(weight.files))]
        }
        return .sortedObject(
            fields + [
                ("path", .string(ReportRecord.path(slug))), ("sha256", .string(span.fileDigest.hex)),
                ("size", .int(span.fileSize)), ("slug", .string(slug))
            ])
    }

    /// The SHA-256 of `slug`'s record file in the site; nil when none was set aside.
    func recordDigest(_ slug: String) -> FileDigest? {
        lock.lock()
        defer { lock.unlock() }
        return spans[slug]?.fileDigest
    }

    /// Why a record could not be read back, if one could not.
    var failure: BuildError? {
        lock.lock()
        defer { lock.unlock() }
        return readFailure
    }

    private func failed(_ slug: String, _ reason: String) -> ReportRecord? {
        lock.lock()
        readFailure =
            readFailure
            ?? BuildError(.io, .file(NSTemporaryDirectory()), "cannot read back the record of \(slug): \(reason)")
        lock.unlock()
        return nil
    }
}
