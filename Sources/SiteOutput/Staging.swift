import Crypto
import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import GazetteCore

/// The folder a build writes its files into, one by one as they are made, before the publisher
/// swaps it into place. Each file's size and SHA-256 are taken as it is written, so the manifest
/// needs no second pass and no file stays in memory after it is written. Safe to use from
/// several threads: reports are written in parallel.
///
/// When a report is done its folder is sealed: its manifest entries go, sorted, to a file beside
/// the staging folder, so what the build holds for the manifest does not grow with the number of
/// reports. The manifest is written at the end from those files and the entries still held.
public final class Staging: @unchecked Sendable {
    public let folder: URL
    /// Where sealed folders' manifest entries wait for the manifest: beside the staging folder,
    /// removed with it.
    package let sealedEntries: URL
    private let lock = NSLock()
    private var entries: [String: ManifestEntry] = [:]
    private var folders: Set<String> = [""]
    private var sealed: [String] = []
    private var fileCount = 0
    private var totalBytes = 0

    /// What the manifest says of a file; the digest is kept as bytes (not hex text) so a build
    /// of many thousand files holds little for it.
    package struct ManifestEntry: Sendable {
        var size: Int
        /// The SHA-256's 32 bytes, empty until the file is written.
        var sha256: Digest

        init(size: Int, sha256: SHA256Digest?) {
            self.size = size
            self.sha256 = Digest(sha256)
        }

        init(size: Int, digest: Digest) {
            self.size = size
            self.sha256 = digest
        }

        var hex: String { sha256.hex }
    }

    /// 32 bytes inline: no heap object per file.
    package struct Digest: Sendable {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        init(_ digest: SHA256Digest?) {
            guard let digest else { return }
            withUnsafeMutableBytes(of: &words) { target in
                digest.withUnsafeBytes { source in target.copyMemory(from: source) }
            }
        }

        var hex: String {
            withUnsafeBytes(of: words) { hexText($0) }
        }
    }

    /// Files the build reads back but does not publish (a self-contained build's chart PNGs,
    /// embedded into its pages): beside the staging folder, removed with it.
    package let scratch: URL

    package init(folder: URL) {
        self.folder = folder
        sealedEntries = folder.deletingLastPathComponent().appendingPathComponent(
            folder.lastPathComponent + ".manifest")
        scratch = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + ".scratch")
        try? FileManager.default.removeItem(at: sealedEntries)
        try? FileManager.default.removeItem(at: scratch)
    }

    /// Keeps `bytes` at `path` for the build to read back, outside the output and its manifest.
    public func writeScratch(_ path: String, _ bytes: [UInt8]) throws(BuildError) {
        guard !path.contains("..") else {
            throw BuildError(.io, .file(path), "a scratch path leaves the scratch folder")
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

    /// Writes a file; two parts of the build writing one path is a bug, reported rather than overwritten.
    public func write(_ path: String, _ bytes: [UInt8]) throws(BuildError) {
        var outcome: Result<Void, BuildError> = .success(())
        bytes.withUnsafeBytes { buffer in
            outcome = Result { () throws(BuildError) in try write(path, buffer: buffer) }
        }
        try outcome.get()
    }

    /// Writes text as UTF-8 straight from the string's storage: a big page is not copied first.
    public func write(_ path: String, text: String) throws(BuildError) {
        var text = text
        text.makeContiguousUTF8()
        var outcome: Result<Void, BuildError>?
        text.utf8.withContiguousStorageIfAvailable { buffer in
            outcome = Result { () throws(BuildError) in try write(path, buffer: UnsafeRawBufferPointer(buffer)) }
        }
        if let outcome { return try outcome.get() }
        try write(path, Array(text.utf8))
    }

    private func write(_ path: String, buffer: UnsafeRawBufferPointer, digest: SHA256Digest? = nil) throws(BuildError) {
        let (descriptor, url) = try create(path)
        defer { close(descriptor) }
        do {
            try Self.writeAll(descriptor, buffer, path: url.path)
        } catch {
            unclaim(path)
            throw error
        }
        record(path, size: buffer.count, digest: digest ?? SHA256.hash(data: buffer))
    }

    /// Writes `bytes` only when their SHA-256 is `sha256` (hex), as recorded when they were first
    /// made: a file reused from an earlier build or a cache must be exactly that. Returns false,
    /// writing nothing, when it is not.
    public func writeVerified(_ path: String, _ bytes: [UInt8], sha256 expected: String) throws(BuildError) -> Bool {
        let digest = SHA256.hash(data: bytes)
        guard Digest(digest).hex == expected else { return false }
        var outcome: Result<Void, BuildError> = .success(())
        bytes.withUnsafeBytes { buffer in
            outcome = Result { () throws(BuildError) in try write(path, buffer: buffer, digest: digest) }
        }
        try outcome.get()
        return true
    }

    /// A file of an earlier build whose bytes were checked against the SHA-256 recorded for them.
    public struct VerifiedFile: Sendable {
        let source: URL
        let size: Int
        let digest: Digest
    }

    /// Reads `url` and checks its SHA-256 against `expected` (hex); nil when it is missing or differs.
    public static func verify(_ url: URL, sha256 expected: String) -> VerifiedFile? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        let digest = Digest(SHA256.hash(data: data))
        guard digest.hex == expected else { return nil }
        return VerifiedFile(source: url, size: data.count, digest: digest)
    }

    /// Puts a verified file at `path` as a hard link to it (a copy where links cannot be made),
    /// recorded with its known digest: reusing a file costs no rewriting and no second hash.
    public func adopt(_ path: String, _ file: VerifiedFile) throws(BuildError) {
        let url = folder.appendingPathComponent(path)
        try claim(path, url: url)
        if link(file.source.path, url.path) != 0 {
            guard let data = FileManager.default.contents(atPath: file.source.path) else {
                unclaim(path)
                throw BuildError(.io, .file(file.source.path), "cannot read a file of the previous build")
            }
            let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                let failure = errno
                unclaim(path)
                throw BuildError(.io, .file(url.path), "cannot write: \(String(cString: strerror(failure)))")
            }
            defer { close(descriptor) }
            var outcome: Result<Void, BuildError> = .success(())
            data.withUnsafeBytes { buffer in
                outcome = Result { () throws(BuildError) in try Self.writeAll(descriptor, buffer, path: url.path) }
            }
            if case let .failure(error) = outcome {
                unclaim(path)
                throw error
            }
        }
        lock.lock()
        entries[path] = ManifestEntry(size: file.size, digest: file.digest)
        fileCount += 1
        totalBytes += file.size
        lock.unlock()
    }

    /// The SHA-256 of a file written here, as hex; nil when it was not written or its folder is sealed.
    public func sha256(of path: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return entries[path]?.hex
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
        record(path, size: sink.size, digest: sink.hasher.finalize())
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

    /// Notes a written file for the manifest.
    private func record(_ path: String, size: Int, digest: SHA256Digest) {
        lock.lock()
        entries[path] = ManifestEntry(size: size, sha256: digest)
        fileCount += 1
        totalBytes += size
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
        entries[path] = ManifestEntry(size: 0, sha256: nil)
    }

    /// A file already written in this build, for pages that embed it (self-contained pages, e-mails).
    /// A file written here, or else in the scratch folder.
    public func read(_ path: String) -> [UInt8]? {
        guard !path.contains(".."),
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

    /// Sets aside the manifest entries of `folder` (a report's folder, now complete) in a file of
    /// their own, sorted, so the build no longer holds them.
    public func seal(_ folder: String) throws(BuildError) {
        let prefix = folder + "/"
        lock.lock()
        let group = entries.filter { $0.key.hasPrefix(prefix) }
        for key in group.keys { entries.removeValue(forKey: key) }
        // Nothing more is written in a sealed folder, so its folders need no remembering.
        folders = folders.filter { $0 != folder && !$0.hasPrefix(prefix) }
        sealed.append(folder)
        lock.unlock()
        var text = ""
        for (path, entry) in group.sorted(by: { $0.key < $1.key }) {
            text += "\(entry.size)\t\(entry.hex)\t\(path)\n"
        }
        do {
            try FileManager.default.createDirectory(at: sealedEntries, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: sealedEntries.appendingPathComponent(Self.groupFileName(folder)))
        } catch {
            throw BuildError(
                .io, .file(sealedEntries.path), "cannot set aside the manifest's entries: \(Publisher.reason(error))")
        }
    }

    /// A sealed folder's file: its name with `.` and `/` kept safe.
    private static func groupFileName(_ folder: String) -> String {
        "group-" + hexText(folder.utf8)
    }

    /// Writes `manifest.json`: every file written before it with its size and SHA-256, in path
    /// order, one sealed folder at a time.
    public func writeManifest(generatedAt: Date, cache: JSONValue? = nil) throws(BuildError) {
        lock.lock()
        let loose = entries.map { (path: $0.key, size: $0.value.size, hex: $0.value.hex) }
        let groups = sealed
        lock.unlock()
        // A sealed folder's paths all start with "folder/" and sort together: place the folder by
        // that prefix among the loose paths, then read its entries in.
        enum Unit { case file(path: String, size: Int, hex: String), group(String) }
        let units = (loose.map { Unit.file(path: $0.path, size: $0.size, hex: $0.hex) } + groups.map { Unit.group($0) })
            .map { unit -> (key: String, unit: Unit) in
                switch unit {
                case let .file(path, _, _): return (path, unit)
                case let .group(folder): return (folder + "/", unit)
                }
            }
            .sorted { $0.key < $1.key }
        let directory = sealedEntries
        let failure = FailureBox()
        let files = JSONList {
            var unitIndex = 0
            var pending: [JSONValue] = []
            return AnyIterator { () -> JSONValue? in
                while pending.isEmpty {
                    guard unitIndex < units.count else { return nil }
                    let unit = units[unitIndex].unit
                    unitIndex += 1
                    switch unit {
                    case let .file(path, size, hex):
                        pending = [Self.entry(path, size, hex)]
                    case let .group(folder):
                        guard
                            let data = FileManager.default.contents(
                                atPath: directory.appendingPathComponent(Self.groupFileName(folder)).path)
                        else {
                            failure.error = BuildError(
                                .io, .file(directory.path), "the manifest's entries of \(folder) are missing")
                            continue
                        }
                        pending = String(decoding: data, as: UTF8.self).split(separator: "\n").reversed().compactMap {
                            line in
                            let fields = line.split(separator: "\t", maxSplits: 2)
                            guard fields.count == 3, let size = Int(fields[0]) else { return nil }
                            return Self.entry(String(fields[2]), size, String(fields[1]))
                        }
                    }
                }
                return pending.removeLast()
            }
        }
        var fields: [String: JSONValue] = [
            "generator": .string("Gazette"),
            "generatedAt": .int(Int(generatedAt.timeIntervalSince1970.rounded(.down))),
            "files": .lazyArray(files)
        ]
        // What a later build needs to reuse this one's charts and reports (see BuildCache).
        if let cache { fields["cache"] = cache }
        let manifest = JSONValue.object(fields)
        try stream("manifest.json") { manifest.write(into: &$0) }
        if let error = failure.error { throw error }
    }

    /// A failure met while the manifest's list is being written.
    private final class FailureBox: @unchecked Sendable {
        var error: BuildError?
    }

    private static func entry(_ path: String, _ size: Int, _ hex: String) -> JSONValue {
        .sortedObject([("path", .string(path)), ("sha256", .string(hex)), ("size", .int(size))])
    }

    /// Removes the side files of the manifest (after the swap, or when the build is dropped).
    package func removeSideFiles() {
        try? FileManager.default.removeItem(at: sealedEntries)
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
