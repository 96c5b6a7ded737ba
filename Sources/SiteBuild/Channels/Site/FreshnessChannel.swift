import Foundation
import GazetteCore
import Rendering
import SiteOutput

/// `freshness.json` beside `feed.xml`: every report's freshness state at the build's clock
/// (`FreshnessFile`), for a monitor to read. Every site has it.
struct FreshnessChannel: SiteChannel {
    let names = [FreshnessFile.path]

    /// The entries of reports taken whole from the previous output are carried from its file
    /// (when its bytes are the ones its manifest lists): as its text when they read the same at
    /// this build's clock (always, on the previous build's clock), else with their new state.
    func finish(_ input: SiteChannelInput, into staging: Staging) throws(BuildError) {
        let previous = input.previous.manifest
        let finished = input.finished
        let kept = previous.files[FreshnessFile.path].flatMap { listed in
            FreshnessFile.Previous(
                path: previous.folder.appendingPathComponent(FreshnessFile.path).path, digest: listed,
                expected: finished.count)
        }
        let slugs = finished.slugs
        let now = input.site.facts.now
        let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
        let sameClock = previous.generatedAt == seconds
        let carried = { (index: Int) -> FreshnessFile.Carried? in
            guard let kept, input.record.isReused(slugs[index]) else { return nil }
            return kept.carried(slugs[index], now: seconds, sameClock: sameClock)
        }
        try FreshnessFile.write(count: finished.count, report: { finished[$0] }, kept: carried, now: now, into: staging)
    }
}
