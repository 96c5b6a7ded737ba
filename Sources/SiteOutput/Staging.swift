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
public final class Staging: @unchecked Sendable {
    public let folder: URL
    private let lock = NSLock()
    private var entries: [String: ManifestEntry] = [:]
    private var folders: Set<String> = [""]

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
            withUnsafeBytes(of: words) { bytes in bytes.map { String(format: "%02x", $0) }.joined() }
        }
    }

    package init(folder: URL) {
        self.folder = folder
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

    private func write(_ path: String, buffer: UnsafeRawBufferPointer) throws(BuildError) {
        let url = folder.appendingPathComponent(path)
        try claim(path, url: url)
        try Self.writeFile(url, buffer)
        let digest = SHA256.hash(data: buffer)
        lock.lock()
        entries[path] = ManifestEntry(size: buffer.count, sha256: digest)
        lock.unlock()
    }

    /// Creates the file and writes every byte.
    private static func writeFile(_ url: URL, _ buffer: UnsafeRawBufferPointer) throws(BuildError) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BuildError(.io, .file(url.path), "cannot write: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        try writeAll(descriptor, buffer, path: url.path)
    }

    /// Writes every byte of `buffer`, retrying short and interrupted writes.
    package static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, path: String) throws(BuildError) {
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

    /// Writes a long text as it is made, 64 KiB at a time: the document is never held whole.
    public func stream(_ path: String, _ produce: (inout FileSink) -> Void) throws(BuildError) {
        let url = folder.appendingPathComponent(path)
        try claim(path, url: url)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BuildError(.io, .file(url.path), "cannot write: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var sink = FileSink(descriptor: descriptor, path: url.path)
        produce(&sink)
        sink.flush()
        if let error = sink.error { throw error }
        let digest = sink.hasher.finalize()
        lock.lock()
        entries[path] = ManifestEntry(size: sink.size, sha256: digest)
        lock.unlock()
    }

    /// Takes `path` for one writer and makes its folder (once, under the lock, so no writer
    /// finds a folder another is still making).
    private func claim(_ path: String, url: URL) throws(BuildError) {
        lock.lock()
        defer { lock.unlock() }
        guard entries[path] == nil else { throw BuildError(.io, .file(path), "two parts of the build write the same file") }
        // The folder part by hand: Foundation's `deletingLastPathComponent` traps on Linux for a
        // path of one component.
        let parent = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        if !folders.contains(parent) {
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw BuildError(.io, .file(url.deletingLastPathComponent().path), "cannot create the folder: \(Publisher.reason(error))")
            }
            folders.insert(parent)
        }
        entries[path] = ManifestEntry(size: 0, sha256: nil)
    }

    /// A file already written in this build, for pages that embed it (self-contained pages, e-mails).
    public func read(_ path: String) -> [UInt8]? {
        lock.lock()
        let written = entries[path] != nil
        lock.unlock()
        guard written, let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) else { return nil }
        return [UInt8](data)
    }

    /// Every path written so far, sorted.
    public var paths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries.keys.sorted()
    }

    /// How many bytes were written so far.
    public var byteCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.values.reduce(0) { $0 + $1.size }
    }

    /// `manifest.json`: every file written so far with its size and SHA-256, in path order. The
    /// list is made entry by entry as the document is written.
    public func manifest(generatedAt: Date) -> JSONValue {
        lock.lock()
        let sorted = entries.sorted { $0.key < $1.key }
        lock.unlock()
        let files = JSONList(count: sorted.count) { index in
            .object(["path": .string(sorted[index].key), "size": .int(sorted[index].value.size),
                     "sha256": .string(sorted[index].value.hex)])
        }
        return .object([
            "generator": .string("Gazette"),
            "generatedAt": .int(Int(generatedAt.timeIntervalSince1970.rounded(.down))),
            "files": .lazyArray(files),
        ])
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
