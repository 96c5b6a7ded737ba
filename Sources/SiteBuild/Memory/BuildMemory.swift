import Foundation
import SiteOutput
import Synchronization

/// What a build can start from instead of reading the output's stat file and manifest itself:
/// `gazette serve`'s memory of its last build (the stats it saw, the manifest it published), or
/// the two files read ahead on other threads while the build command reads the job. Only a hint,
/// like the files it replaces: every file it vouches for is still checked by its stat, and
/// anything unexpected is read and hashed.
public final class BuildMemory: Sendable {
    private struct Kept {
        var output: URL
        var stats: StatFile
        var manifest: SiteManifest
        /// For files read ahead: the stat file's and the manifest's stats when they were read,
        /// so a build that published in between (the next build waits for its lock) is noticed.
        var readStamps: [FileStat?]?
    }

    private let kept = Mutex<Kept?>(nil)
    /// Waited on before anything is recalled while a read ahead is under way.
    private let reading = DispatchGroup()
    /// What is read ahead: the output and its files' stamps, then each file.
    private let aheadStamps = Mutex<(output: URL, stamps: [FileStat?])?>(nil)
    private let aheadStats = Mutex<StatFile?>(nil)
    private let aheadManifest = Mutex<SiteManifest?>(nil)
    /// Whether a build's outcome is kept for the next: `serve`'s memory keeps it; a memory that
    /// only reads ahead for one build does not (decoding what it published would cost a big
    /// site tens of milliseconds for nothing).
    package let keepsOutcome: Bool

    public init() {
        keepsOutcome = true
    }

    private init(keepsOutcome: Bool) {
        self.keepsOutcome = keepsOutcome
    }

    /// Starts reading the stat file and the manifest of `output` (a link to the output is
    /// followed, as the build follows it), each on a thread of its own, and returns at once.
    public static func readingAhead(of output: URL) -> BuildMemory {
        let memory = BuildMemory(keepsOutcome: false)
        let folder = ((try? OutputLink.resolve(output)) ?? output).standardizedFileURL
        // Stamped before either is read: a file replaced while it is read is then noticed.
        memory.aheadStamps.withLock { $0 = (folder, stamps(of: folder)) }
        memory.reading.enter()
        memory.reading.enter()
        DispatchQueue.global().async {
            let stats = StatFile(output: folder)
            memory.aheadStats.withLock { $0 = stats }
            memory.reading.leave()
        }
        DispatchQueue.global().async {
            let manifest = SiteManifest(output: folder)
            memory.aheadManifest.withLock { $0 = manifest }
            memory.reading.leave()
        }
        return memory
    }

    /// The stats of the two files a build reads first; nil for one that is not there.
    private static func stamps(of output: URL) -> [FileStat?] {
        [
            StatFile.location(of: output).flatMap { FileStat(path: $0.path) },
            FileStat(path: output.appendingPathComponent("manifest.json").path)
        ]
    }

    /// What the last build left of `output` (or what was read ahead of it, when neither file
    /// changed since), or nil when it was another output or none.
    func recalled(for output: URL) -> (stats: StatFile, manifest: SiteManifest)? {
        reading.wait()
        if let ahead = aheadStamps.withLock({ $0 }), let stats = aheadStats.withLock({ $0 }),
            let manifest = aheadManifest.withLock({ $0 })
        {
            aheadStamps.withLock { $0 = nil }
            kept.withLock {
                $0 = Kept(output: ahead.output, stats: stats, manifest: manifest, readStamps: ahead.stamps)
            }
        }
        let found: Kept? = kept.withLock { kept in
            guard let kept, kept.output == output.standardizedFileURL else { return nil }
            return kept
        }
        guard let found else { return nil }
        if let stamps = found.readStamps, stamps != Self.stamps(of: found.output) { return nil }
        return (found.stats, found.manifest)
    }

    /// Keeps what a build published (or found unchanged) for the next; the stats and manifest
    /// are made only when this memory keeps them.
    func keep(_ output: URL, stats: @autoclosure () -> StatFile, manifest: @autoclosure () -> SiteManifest) {
        guard keepsOutcome else { return }
        let kept = Kept(output: output.standardizedFileURL, stats: stats(), manifest: manifest(), readStamps: nil)
        self.kept.withLock { $0 = kept }
    }

    /// Forgets everything: the next build reads from disk.
    func forget() {
        kept.withLock { $0 = nil }
    }
}
