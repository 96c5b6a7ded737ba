import Foundation
import SiteOutput

/// What a build keeps about an output outside it, in the user's cache folder
/// (`$XDG_CACHE_HOME/gazette`, or `~/.cache/gazette`): the output's stat file under `stats/` and
/// its spare under `spares/`, each named by a hash of the output's path. Kept out of the output
/// (its bytes must not depend on them) and out of the user's project.
enum CacheHome {
    /// `gazette/KIND/HASH` for `output`; nil when there is no home for it.
    static func place(
        _ kind: String, for output: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL? {
        guard let base = base(environment) else { return nil }
        let name = String(FileDigest(of: Array(output.standardizedFileURL.path.utf8)).hex.prefix(32))
        return base.appendingPathComponent(kind).appendingPathComponent(name)
    }

    private static func base(_ environment: [String: String]) -> URL? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache).appendingPathComponent("gazette")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return URL(fileURLWithPath: home).appendingPathComponent(".cache/gazette")
        }
        return nil
    }

    /// The spare of `output`, when one can serve it (on its file system). Beside it, `HASH.output`
    /// names the output, so a spare whose output is gone can be removed.
    static func spare(for output: URL) -> SpareOutput? {
        guard let home = place("spares", for: output) else { return nil }
        let spare = SpareOutput(home: home)
        guard spare.canServe(output) else { return nil }
        let path = Data(output.standardizedFileURL.path.utf8)
        let named = home.path + ".output"
        if FileManager.default.contents(atPath: named) != path { try? path.write(to: URL(fileURLWithPath: named)) }
        forgetGoneOutputs(in: home.deletingLastPathComponent().path, besides: named)
        return spare
    }

    /// Removes the spares of outputs that are gone: a spare holds links to its output's files,
    /// so a deleted output's bytes would otherwise stay on the disk. Costs a look at each name.
    /// `besides` is the output being built (which a first build has not made yet).
    private static func forgetGoneOutputs(in spares: String, besides current: String) {
        for name in FolderStats.names(in: spares) ?? [] where name.hasSuffix(".output") {
            let named = spares + "/" + name
            guard named != current else { continue }
            guard let data = FileManager.default.contents(atPath: named) else { continue }
            let output = String(decoding: data, as: UTF8.self)
            guard output.isEmpty || access(output, F_OK) != 0 else { continue }
            discard(String(named.dropLast(".output".count)))
            unlink(named)
        }
    }

    /// Moves `path` into `discarded/`, to be removed behind the build (`DiscardedFolders`).
    static func discard(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let base = base(environment) else { return }
        DiscardedFolders(in: base.path).discard(path)
    }

    /// Goes on removing what earlier builds discarded and could not finish.
    static func removeDiscardedLeftovers(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let base = base(environment) else { return }
        DiscardedFolders(in: base.path).removeLeftovers()
    }

    /// Removes what was kept for outputs not built for 30 days (a temporary folder long gone,
    /// say), so the cache does not grow with every output ever built. Looked at once a day.
    static func forgetOldOutputs(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let base = base(environment) else { return }
        let now = Date()
        let marker = base.appendingPathComponent("tidied").path
        if let last = modified(marker), now.timeIntervalSince(last) < 86_400 { return }
        _ = FileManager.default.createFile(atPath: marker, contents: nil)
        let monthAgo = now.addingTimeInterval(-30 * 86_400)
        let stats = base.appendingPathComponent("stats").path
        for name in FolderStats.names(in: stats) ?? [] {
            if let date = modified(stats + "/" + name), date < monthAgo { unlink(stats + "/" + name) }
        }
        // A spare lives as long as its output's stat file, which every build rewrites.
        let spares = base.appendingPathComponent("spares").path
        for name in FolderStats.names(in: spares) ?? [] {
            let date = modified(stats + "/" + name.prefix(32))
            guard date == nil || date! < monthAgo else { continue }
            discard(spares + "/" + name, environment: environment)
        }
    }

    private static func modified(_ path: String) -> Date? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec))
    }
}
