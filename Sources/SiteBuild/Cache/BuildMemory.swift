import Foundation
import SiteOutput
import Synchronization

/// What `gazette serve` keeps of one build for the next, so a rebuild after an edit starts from
/// memory: the stats this build saw (no stat file to read) and the manifest it published (no
/// manifest to read). Only a hint, like the files it replaces: every file it vouches for is
/// still checked by its stat, and anything unexpected is read and hashed.
public final class BuildMemory: Sendable {
    private struct Kept {
        var output: URL
        var stats: StatFile
        var manifest: SiteManifest
    }

    private let kept = Mutex<Kept?>(nil)

    public init() {}

    /// What the last build left of `output`, or nil when it was another output or none.
    func recalled(for output: URL) -> (stats: StatFile, manifest: SiteManifest)? {
        kept.withLock { kept in
            guard let kept, kept.output == output.standardizedFileURL else { return nil }
            return (kept.stats, kept.manifest)
        }
    }

    /// Keeps what a build published (or found unchanged) for the next.
    func keep(_ output: URL, stats: StatFile, manifest: SiteManifest) {
        kept.withLock { $0 = Kept(output: output.standardizedFileURL, stats: stats, manifest: manifest) }
    }

    /// Forgets everything: the next build reads from disk.
    func forget() {
        kept.withLock { $0 = nil }
    }
}
