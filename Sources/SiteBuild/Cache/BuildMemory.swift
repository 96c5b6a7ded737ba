import Foundation
import SiteOutput

/// What `gazette serve` keeps of one build for the next, so a rebuild after an edit starts from
/// memory: the stats this build saw (no stat file to read) and the manifest it published (no
/// manifest to read). Only a hint, like the files it replaces: every file it vouches for is
/// still checked by its stat, and anything unexpected is read and hashed.
public final class BuildMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var output: URL?
    private var stats: StatFile?
    private var manifest: SiteManifest?

    public init() {}

    /// What the last build left of `output`, or nil when it was another output or none.
    func recalled(for output: URL) -> (stats: StatFile, manifest: SiteManifest)? {
        lock.lock()
        defer { lock.unlock() }
        guard self.output == output.standardizedFileURL, let stats, let manifest else { return nil }
        return (stats, manifest)
    }

    /// Keeps what a build published (or found unchanged) for the next.
    func keep(_ output: URL, stats: StatFile, manifest: SiteManifest) {
        lock.lock()
        self.output = output.standardizedFileURL
        self.stats = stats
        self.manifest = manifest
        lock.unlock()
    }

    /// Forgets everything: the next build reads from disk.
    func forget() {
        lock.lock()
        output = nil
        stats = nil
        manifest = nil
        lock.unlock()
    }
}
