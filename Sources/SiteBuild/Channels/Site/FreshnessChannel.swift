import Foundation
import GazetteCore
import Rendering
import SiteOutput

/// `freshness.json` beside `feed.xml`: every report's freshness state at the build's clock
/// (`FreshnessFile`), for a monitor to read. Every site has it.
struct FreshnessChannel: SiteChannel {
    let names = [FreshnessFile.path]

    /// The entries of reports taken whole from the previous output are carried from its file
    /// (when its bytes are the ones its manifest lists), their states at this build's clock; when
    /// every report is, in the same order and none in another state, the file is its bytes again.
    func finish(_ input: SiteChannelInput, into staging: Staging) throws(BuildError) {
        let previous = input.previous.manifest
        var kept: FreshnessFile.Previous?
        if let listed = previous.files[FreshnessFile.path],
            let data = FileManager.default.contents(
                atPath: previous.folder.appendingPathComponent(FreshnessFile.path).path),
            FileDigest(of: data) == listed
        {
            kept = FreshnessFile.Previous(data)
        }
        let finished = input.finished
        let slugs = finished.slugs
        let reused = Set(input.record.reusedFolders.map(\.slug))
        let carried = { (index: Int) in reused.contains(slugs[index]) ? kept?.entries[slugs[index]] : nil }
        let now = input.site.facts.now
        if let kept, kept.isCurrent(slugs: slugs, kept: carried, now: Int64(now.timeIntervalSince1970.rounded(.down))) {
            try staging.write(FreshnessFile.path, kept.bytes)
            return
        }
        try FreshnessFile.write(count: finished.count, report: { finished[$0] }, kept: carried, now: now, into: staging)
    }
}
