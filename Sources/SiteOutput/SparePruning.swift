import Dispatch
import Foundation
import Synchronization

/// A spare claimed and pruned (`SpareOutput.claim`, `SpareOutput.prune`) on threads of its own
/// while the build goes on: a rebuild that changed a few of 10,000 reports reads 20,000 of the
/// spare's folders to prune it, and the front page before the publish is written on one thread,
/// so the others are free meanwhile. The publish waits for it; a build that does not publish
/// through it gives it back.
package final class SparePruning: Sendable {
    package let spare: SpareOutput
    private let done = DispatchGroup()
    private let result = Mutex<Pruned?>(nil)

    /// The claimed spare and the report folders it kept.
    package struct Pruned: Sendable {
        package var claimed: URL
        package var kept: SpareOutput.Kept
    }

    /// Starts claiming and pruning `spare`, keeping the folders whose links are `candidates`' (as
    /// `SpareOutput.prune` does).
    package init(_ spare: SpareOutput, keeping candidates: [String: FileDigest], workers: Int) {
        self.spare = spare
        done.enter()
        DispatchQueue.global().async { [self] in
            if let claimed = spare.claim() {
                let kept = SpareOutput.prune(claimed, keeping: candidates, workers: workers)
                result.withLock { $0 = Pruned(claimed: claimed, kept: kept) }
            }
            done.leave()
        }
    }

    /// The pruned spare, once it is; nil when there was none to claim.
    package func wait() -> Pruned? {
        done.wait()
        return result.withLock { $0 }
    }

    /// Puts an unused claimed spare back where the next build looks for it (a pruned spare is
    /// still a spare: every folder it kept holds the output's files); removed when another took
    /// its place meanwhile.
    package func giveBack() {
        guard let pruned = wait() else { return }
        if rename(pruned.claimed.path, spare.home.path) != 0 { _ = FolderRemoval.remove(pruned.claimed.path) }
    }
}
