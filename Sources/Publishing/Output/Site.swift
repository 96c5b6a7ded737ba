import Crypto
import Foundation

/// The whole output of a build, in memory, path by path, before anything touches the disk.
public struct Site: Sendable {
    public private(set) var files: [String: [UInt8]] = [:]

    public init() {}

    /// Adds a file; two parts of the build writing one path is a bug, reported rather than overwritten.
    public mutating func add(_ path: String, _ bytes: [UInt8]) throws(BuildError) {
        guard files[path] == nil else {
            throw BuildError(.io, .file(path), "two parts of the build write the same file")
        }
        files[path] = bytes
    }

    public mutating func add(_ path: String, text: String) throws(BuildError) {
        try add(path, Array(text.utf8))
    }

    public var paths: [String] { files.keys.sorted() }

    /// `manifest.json`: every file with its size and SHA-256, in path order.
    public func manifest(generatedAt: Date) -> JSONValue {
        let entries: [JSONValue] = paths.map { path in
            let bytes = files[path]!
            let digest = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
            return .object(["path": .string(path), "size": .int(bytes.count), "sha256": .string(digest)])
        }
        return .object([
            "generator": .string("Gazette"),
            "generatedAt": .int(Int(generatedAt.timeIntervalSince1970.rounded(.down))),
            "files": .array(entries),
        ])
    }
}
