import Foundation

/// `--cache DIR`: chart files kept between builds (and CI runs) by key, each stored with the
/// SHA-256 of its bytes so a damaged entry is noticed and drawn again. Writing is best-effort:
/// a cache that cannot be written costs speed, never the build.
struct CacheFolder: Sendable {
    let url: URL

    private func entry(_ key: String) -> URL {
        url.appendingPathComponent("charts").appendingPathComponent(String(key.prefix(2))).appendingPathComponent(key)
    }

    /// The stored bytes and the SHA-256 they were stored with; the caller checks they agree.
    func read(_ key: String) -> (bytes: [UInt8], sha256: String)? {
        guard let data = FileManager.default.contents(atPath: entry(key).path), data.count > 65,
            data[data.startIndex + 64] == UInt8(ascii: "\n")
        else { return nil }
        let sha256 = String(decoding: data.prefix(64), as: UTF8.self)
        return (Array(data.dropFirst(65)), sha256)
    }

    /// Stores `bytes` under `key` through a temporary file and a rename, so a reader never sees half.
    func write(_ key: String, _ bytes: [UInt8], sha256: String) {
        let target = entry(key)
        guard !FileManager.default.fileExists(atPath: target.path) else { return }
        let folder = target.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(key).\(getpid()).\(UInt64.random(in: 0...UInt64.max))")
        var data = Data(sha256.utf8)
        data.append(UInt8(ascii: "\n"))
        data.append(contentsOf: bytes)
        guard (try? data.write(to: temporary)) != nil else { return }
        if rename(temporary.path, target.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
    }
}
