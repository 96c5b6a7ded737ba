import Crypto
import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import GazetteCore

/// The folder a build writes its files into, one by one as they are made, before the publisher
/// swaps it into place. Each file's size, SHA-256 and stat are taken as it is written, so the
/// manifest and the reports' records need no second pass and no file stays in memory after it is
/// written. Safe to use from several threads: reports are written in parallel.
///
/// When a report is done its folder is sealed: its files are handed to the report's record and
/// no longer held here, so what the build holds does not grow with the number of reports. The
/// manifest lists the files outside report folders and, for each report, its record.
public final class Staging: @unchecked Sendable {
    public let folder: URL
    private let lock = NSLock()
    private var entries: [String: StagedFile] = [:]
    private var folders = MadeFolders()
    private var fileCount = 0
    private var totalBytes = 0

    /// A file written (or adopted) here: its size, SHA-256 and stat (nil when unknown).
    package struct StagedFile: Sendable {
        package var path: String
        package var size: Int
        package var digest: FileDigest
        package var stat: FileStat?
    }

    /// Files the build reads back but does not publish (a self-contained build's chart SVGs,
    /// embedded into its pages and, for thumbnails, its front page): beside the staging folder,
    /// removed with it.
    package let scratch: URL
    /// A message's chart PNGs, read back only while their report is written: held in memory, by
    /// path, until the report is done (`releaseScratch`), instead of written and read again.
    private var scratchFiles: [String: [UInt8]] = [:]

    package init(folder: URL) {
        self.folder = folder
        scratch = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + ".scratch")
        try? FileManager.default.removeItem(at: scratch)
    }

    /// Keeps `bytes` at `path` for the build to read back, outside the output and its manifest:
    /// `untilReportDone`, in memory until `releaseScratch` of its report's folder; otherwise in the
    /// scratch folder, for the rest of the build.
    public func writeScratch(_ path: String, _ bytes: [UInt8], untilReportDone: Bool = false) throws(BuildError) {
        guard !path.contains("..") else {
            throw BuildError(.io, .file(path), "a scratch path leaves the scratch folder")
        }
        if untilReportDone {
            lock.withLock { scratchFiles[path] = bytes }
            return
        }
        let url = scratch.appendingPathComponent(path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        } catch {
            throw BuildError(.io, .file(url.path), "cannot write: \(Publisher.reason(error))")
        }
    }

    /// Lets go of the scratch files under `folder` (a report's, once its channels are written),
    /// so what the build holds does not grow with the reports.
    public func releaseScratch(of folder: String) {
        let prefix = folder + "/"
        lock.withLock { scratchFiles = scratchFiles.filter { !$0.key.hasPrefix(prefix) } }
    }

    /// Writes a file; two parts of the build writing one path is a bug, reported rather than overwritten.
    public func write(_ path: String, _ bytes: [UInt8]) throws(BuildError) {
        var outcome: Result<Void, BuildError> = .success(())
        bytes.withUnsafeBytes { buffer in
            outcome = Result { () throws(BuildError) in _ = try write(path, buffer: buffer) }
        }
        try outcome.get()
    }

    /// Writes text as UTF-8 straight from the string's storage: a big page is not copied first.
    public func write(_ path: String, text: String) throws(BuildError) {
        var text = text
        text.makeContiguousUTF8()
        var outcome: Result<Void, BuildError>?
        text.utf8.withContiguousStorageIfAvailable { buffer in
            outcome = Result { () throws(BuildError) in
                _ = try write(path, buffer: UnsafeRawBufferPointer(buffer))
            }
        }
        if let outcome { return try outcome.get() }
        try write(path, Array(text.utf8))
    }

    @discardableResult
    private func write(_ path: String, buffer: UnsafeRawBufferPointer, digest: FileDigest? = nil, listed: Bool = true)
        throws(BuildError) -> StagedFile
    {
        let (descriptor, url) = try create(path)
        defer { close(descriptor) }
        do {
            try Self.writeAll(descriptor, buffer, path: url.path)
        } catch {
            unclaim(path)
            throw error
        }
        let file = StagedFile(
            path: path, size: buffer.count, digest: digest ?? FileDigest(of: buffer),
            stat: FileStat(descriptor: descriptor))
        if listed { record(file) } else { unclaim(path) }
        return file
    }

    /// Writes a report's record: a file of the site that the manifest names by itself, not among
    /// the files. Returns what was written, for the manifest.
    package func writeRecord(_ path: String, _ bytes: [UInt8]) throws(BuildError) -> StagedFile {
        var outcome: Result<StagedFile, BuildError> = .failure(BuildError(.io, .file(path), "not written"))
        bytes.withUnsafeBytes { buffer in
            outcome = Result { () throws(BuildError) in try write(path, buffer: buffer, listed: false) }
        }
        let file = try outcome.get()
        lock.lock()
        fileCount += 1
        totalBytes += file.size
        lock.unlock()
        return file
    }

    /// Writes `bytes` only when their SHA-256 is `sha256` (hex), as recorded when they were first
    /// made: a file reused from an earlier build or a cache must be exactly that. Returns false,
    /// writing nothing, when it is not.
    public func writeVerified(_ path: String, _ bytes: [UInt8], sha256 expected: String) throws(BuildError) -> Bool {
        let digest = FileDigest(of: bytes)
        guard digest.hex == expected else { return false }
        var outcome: Result<Void, BuildError> = .success(())
        bytes.withUnsafeBytes { buffer in
            outcome = Result { () throws(BuildError) in _ = try write(path, buffer: buffer, digest: digest) }
        }
        try outcome.get()
        return true
    }

    /// A file of an earlier build whose bytes were checked against the SHA-256 recorded for them
    /// (or whose stat and size were found as recorded).
    public struct VerifiedFile: Sendable {
        package let source: URL
        package let size: Int
        package let digest: FileDigest
        package let stat: FileStat?

        package init(source: URL, size: Int, digest: FileDigest, stat: FileStat?) {
            self.source = source
            self.size = size
            self.digest = digest
            self.stat = stat
        }
    }

    /// Reads `url` and checks its SHA-256 against `expected` (hex); nil when it is missing or differs.
    public static func verify(_ url: URL, sha256 expected: String) -> VerifiedFile? {
        FileDigest(hex: expected).flatMap { verify(url, digest: $0) }
    }

    /// Reads `url` (a piece at a time: `freshness.json` is 23 MB at 100,000 reports) and checks
    /// its SHA-256 against `expected`; nil when it is missing or differs.
    package static func verify(_ url: URL, digest expected: FileDigest) -> VerifiedFile? {
        let stat = FileStat(path: url.path)
        guard stat != nil, let (digest, size) = FileDigest.ofFile(at: url.path), digest == expected else { return nil }
        return VerifiedFile(source: url, size: size, digest: digest, stat: stat)
    }

    /// Puts a verified file at `path` as a hard link to it (a copy where links cannot be made),
    /// recorded with its known digest: reusing a file costs no rewriting and no second hash.
    public func adopt(_ path: String, _ file: VerifiedFile) throws(BuildError) {
        let url = folder.appendingPathComponent(path)
        try claim(path, url: url)
        let linked: Bool
        do {
            linked = try Self.place(file.source, at: url)
        } catch {
            unclaim(path)
            throw error
        }
        record(StagedFile(path: path, size: file.size, digest: file.digest, stat: linked ? file.stat : nil))
    }

    /// Hard-links `source` at `url`, or copies it where links cannot be made (another file system);
    /// true when linked.
    private static func place(_ source: URL, at url: URL) throws(BuildError) -> Bool {
        if link(source.path, url.path) == 0 { return true }
        guard let data = FileManager.default.contents(atPath: source.path) else {
            throw BuildError(.io, .file(source.path), "cannot read a file of the previous build")
        }
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BuildError(.io, .file(url.path), "cannot write: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var outcome: Result<Void, BuildError> = .success(())
        data.withUnsafeBytes { buffer in
            outcome = Result { () throws(BuildError) in try Self.writeAll(descriptor, buffer, path: url.path) }
        }
        try outcome.get()
        return false
    }

    /// Puts a whole report folder of an earlier output here, file by file as hard links, without
    /// listing them: the report's record (one of `paths`) lists them. The caller has checked them.
    /// Plain paths and system calls: this runs for every file of every unchanged report.
    package func placeFolder(_ paths: [(path: String, size: Int)], from root: URL) throws(BuildError) {
        let source = root.path
        let target = folder.path
        var made: Set<String> = []
        for (path, size) in paths {
            if let failed = Self.makeFolders(of: path, under: target, made: &made) {
                throw BuildError(
                    .io, .file(target + "/" + failed), "cannot create the folder: \(String(cString: strerror(errno)))")
            }
            if link(source + "/" + path, target + "/" + path) != 0 {
                _ = try Self.place(
                    URL(fileURLWithPath: source + "/" + path), at: URL(fileURLWithPath: target + "/" + path))
            }
            lock.lock()
            fileCount += 1
            totalBytes += size
            lock.unlock()
        }
    }

    /// Makes each folder on the way to `path` under `target`, outermost first, skipping those in
    /// `made` (one that exists is fine). Returns the folder that could not be made, if any.
    package static func makeFolders(of path: String, under target: String, made: inout Set<String>) -> String? {
        guard let slash = path.lastIndex(of: "/"), !made.contains(String(path[..<slash])) else { return nil }
        var prefix = ""
        for component in path[..<slash].split(separator: "/") {
            prefix += prefix.isEmpty ? String(component) : "/" + component
            if made.insert(prefix).inserted, mkdir(target + "/" + prefix, 0o755) != 0, errno != EEXIST {
                return prefix
            }
        }
        return nil
    }

    /// A file written (or adopted) here outside sealed folders; nil when there is none.
    package func file(at path: String) -> StagedFile? {
        lock.lock()
        defer { lock.unlock() }
        return entries[path]
    }

    /// The SHA-256 of a file written here, as hex; nil when it was not written or its folder is sealed.
    public func sha256(of path: String) -> String? {
        file(at: path)?.digest.hex
    }

    /// Writes a long text as it is made, 64 KiB at a time: the document is never held whole.
    public func stream(_ path: String, _ produce: (inout FileSink) -> Void) throws(BuildError) {
        let (descriptor, url) = try create(path)
        defer { close(descriptor) }
        var sink = FileSink(descriptor: descriptor, path: url.path)
        produce(&sink)
        sink.flush()
        if let error = sink.error {
            unclaim(path)
            throw error
        }
        record(
            StagedFile(
                path: path, size: sink.size, digest: FileDigest(sink.hasher.finalize()),
                stat: FileStat(descriptor: descriptor)))
    }

    /// Claims `path` and creates its file. A file already there was written by another part of
    /// the build (in a sealed folder, which the entries no longer show): that is a bug, reported.
    private func create(_ path: String) throws(BuildError) -> (descriptor: Int32, url: URL) {
        let url = folder.appendingPathComponent(path)
        try claim(path, url: url)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let failure = errno
            unclaim(path)
            if failure == EEXIST { throw BuildError(.io, .file(path), "two parts of the build write the same file") }
            throw BuildError(.io, .file(url.path), "cannot write: \(String(cString: strerror(failure)))")
        }
        return (descriptor, url)
    }

    /// Notes a written file for the manifest or its report's record.
    private func record(_ file: StagedFile) {
        lock.lock()
        entries[file.path] = file
        fileCount += 1
        totalBytes += file.size
        lock.unlock()
    }

    /// Writes every byte of `buffer`, retrying short and interrupted writes.
    package static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, path: String) throws(BuildError)
    {
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw BuildError(.io, .file(path), "cannot write: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    /// Gives up a path whose file could not be made, so the manifest does not list it.
    private func unclaim(_ path: String) {
        lock.lock()
        entries.removeValue(forKey: path)
        lock.unlock()
    }

    /// Takes `path` for one writer and makes its folder (once, under the lock, so no writer
    /// finds a folder another is still making).
    private func claim(_ path: String, url: URL) throws(BuildError) {
        lock.lock()
        defer { lock.unlock() }
        guard entries[path] == nil else {
            throw BuildError(.io, .file(path), "two parts of the build write the same file")
        }
        // The folder part by hand: Foundation's `deletingLastPathComponent` traps on Linux for a
        // path of one component.
        let parent = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        if !folders.contains(parent) {
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw BuildError(
                    .io, .file(url.deletingLastPathComponent().path),
                    "cannot create the folder: \(Publisher.reason(error))")
            }
            folders.insert(parent)
        }
        entries[path] = StagedFile(path: path, size: 0, digest: FileDigest(nil), stat: nil)
    }

    /// A file already written in this build, for pages that embed it (self-contained pages, e-mails).
    /// A scratch file held for its report, or else a file written here or in the scratch folder.
    public func read(_ path: String) -> [UInt8]? {
        guard !path.contains("..") else { return nil }
        if let held = lock.withLock({ scratchFiles[path] }) { return held }
        guard
            let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
                ?? FileManager.default.contents(atPath: scratch.appendingPathComponent(path).path)
        else { return nil }
        return [UInt8](data)
    }

    /// Whether `path` was written at the top of the site (the repository's placeholders).
    public func containsTopLevel(_ path: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return entries[path] != nil
    }

    /// How many files were written so far.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return fileCount
    }

    /// How many bytes were written so far.
    public var byteCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return totalBytes
    }

    /// Hands over the files of `folder` (a report's folder, now complete), in path order, for its
    /// record: the build no longer holds them, and the manifest does not list them.
    package func seal(_ folder: String) -> [StagedFile] {
        let prefix = folder + "/"
        lock.lock()
        let group = entries.filter { $0.key.hasPrefix(prefix) }
        for key in group.keys { entries.removeValue(forKey: key) }
        // Nothing more is written in a sealed folder but its record, whose folder exists.
        folders.forget(below: folder)
        lock.unlock()
        return group.values.sorted { $0.path < $1.path }
    }

    /// Drops what a report wrote into `folder` before it failed (its charts, drawn before a
    /// drawing library refused one), so the folder can be written again as a failed report's.
    package func discard(_ folder: String) {
        let prefix = folder + "/"
        lock.lock()
        let group = entries.filter { $0.key.hasPrefix(prefix) }
        for (key, file) in group {
            entries.removeValue(forKey: key)
            fileCount -= 1
            totalBytes -= file.size
        }
        folders.forget(below: folder)
        folders.remove(folder)
        scratchFiles = scratchFiles.filter { !$0.key.hasPrefix(prefix) }
        lock.unlock()
        try? FileManager.default.removeItem(at: self.folder.appendingPathComponent(folder))
        try? FileManager.default.removeItem(at: scratch.appendingPathComponent(folder))
    }

    /// The SHA-256 of `path` as it was written outside sealed folders (hashed while it was
    /// written); nil when it was not.
    package func digest(of path: String) -> FileDigest? {
        lock.withLock { entries[path]?.digest }
    }

    /// The files written outside sealed folders, in path order: what the manifest lists.
    package var listedFiles: [StagedFile] {
        lock.lock()
        defer { lock.unlock() }
        return entries.values.sorted { $0.path < $1.path }
    }

    /// Writes `manifest.json`: every file written before it outside report folders, with its size
    /// and SHA-256 in path order, and `reports`, each report's record as the build lists it.
    package func writeManifest(generatedAt: Date, reports: JSONValue) throws(BuildError) {
        let files = listedFiles.map { Self.entry($0.path, $0.size, $0.digest.hex) }
        let manifest = JSONValue.object([
            "generator": .string("Gazette"),
            "format": .string(Self.manifestFormat),
            "generatedAt": .int(Int(generatedAt.timeIntervalSince1970.rounded(.down))),
            "files": .array(files),
            "reports": reports
        ])
        try stream("manifest.json") { manifest.write(into: &$0) }
    }

    /// Changes when what `manifest.json` holds changes.
    package static let manifestFormat = "gazette-manifest 2"

    package static func entry(_ path: String, _ size: Int, _ hex: String) -> JSONValue {
        .sortedObject([("path", .string(path)), ("sha256", .string(hex)), ("size", .int(size))])
    }

    /// Moves everything written here into `other` (a spare, pruned of these names), one rename
    /// for each top-level file and folder; this folder is left empty.
    package func moveContents(into other: URL) throws(BuildError) {
        for name in FolderStats.names(in: folder.path) ?? [] {
            guard rename(folder.path + "/" + name, other.path + "/" + name) == 0 else {
                throw BuildError(
                    .io, .file(other.path + "/" + name), "cannot move into place: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Removes the scratch folder (after the swap, or when the build is dropped).
    package func removeSideFiles() {
        try? FileManager.default.removeItem(at: scratch)
    }
}

/// A file being written in pieces, hashed as it goes.
public struct FileSink: TextSink {
    package let descriptor: Int32
    package let path: String
    package var buffer: [UInt8] = []
    package var hasher = SHA256()
    package var size = 0
    package var error: BuildError?

    package init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
        buffer.reserveCapacity(1 << 16)
    }

    public static func += (sink: inout FileSink, text: String) {
        sink.buffer.append(contentsOf: text.utf8)
        if sink.buffer.count >= 1 << 16 { sink.flush() }
    }

    public mutating func appendUTF8(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    package mutating func flush() {
        guard !buffer.isEmpty, error == nil else { return }
        let descriptor = descriptor, path = path
        // `withUnsafeBytes` rethrows untyped errors, so carry the typed one out in a Result.
        var outcome: Result<Void, BuildError> = .success(())
        buffer.withUnsafeBytes { raw in
            outcome = Result { () throws(BuildError) in try Staging.writeAll(descriptor, raw, path: path) }
        }
        if case let .failure(failure) = outcome { error = failure }
        hasher.update(data: buffer)
        size += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }
}

/// The folders a staging folder has made, the top ones apart from those below them: a sealed
/// report's folders are forgotten by its name, where searching one set of every folder for each
/// report made a cold build of n reports take n² steps (half the CPU at 67,000 of 100,000).
private struct MadeFolders {
    private var top: Set<String> = [""]
    /// Folders below a top one, by the top one's name.
    private var below: [String: Set<String>] = [:]

    func contains(_ folder: String) -> Bool {
        guard let slash = folder.firstIndex(of: "/") else { return top.contains(folder) }
        return below[String(folder[..<slash])]?.contains(folder) ?? false
    }

    mutating func insert(_ folder: String) {
        guard let slash = folder.firstIndex(of: "/") else {
            top.insert(folder)
            return
        }
        below[String(folder[..<slash]), default: []].insert(folder)
    }

    mutating func remove(_ folder: String) {
        guard let slash = folder.firstIndex(of: "/") else {
            top.remove(folder)
            return
        }
        below[String(folder[..<slash])]?.remove(folder)
    }

    /// Forgets every folder below `folder`.
    mutating func forget(below folder: String) {
        guard let slash = folder.firstIndex(of: "/") else {
            below[folder] = nil
            return
        }
        let first = String(folder[..<slash])
        let prefix = folder + "/"
        below[first] = below[first]?.filter { !$0.hasPrefix(prefix) }
    }
}
