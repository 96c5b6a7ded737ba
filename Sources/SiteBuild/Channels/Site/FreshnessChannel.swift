import Foundation
import GazetteCore
import Rendering
import SiteOutput

/// `freshness.json` beside `feed.xml`: every report's freshness state at the build's clock
/// (`FreshnessFile`), for a monitor to read. Every site has it.
struct FreshnessChannel: SiteChannel {
    let names = [FreshnessFile.path]

    /// The entries of reports taken whole from the previous output are carried from its file
    /// (when its bytes are the ones its manifest lists), their states at this build's clock.
    func finish(_ input: SiteChannelInput, into staging: Staging) throws(BuildError) {
        let previous = input.previous.manifest
        var kept: [String: FreshnessFile.Entry] = [:]
        if let listed = previous.files[FreshnessFile.path],
            let data = FileManager.default.contents(
                atPath: previous.folder.appendingPathComponent(FreshnessFile.path).path),
            FileDigest(of: data) == listed
        {
            kept = FreshnessFile.entries(in: data)
        }
        let finished = input.finished
        let slugs = finished.slugs
        let reused = Set(input.record.reusedFolders.map(\.slug))
        try FreshnessFile.write(
            count: finished.count, report: { finished[$0] },
            kept: { reused.contains(slugs[$0]) ? kept[slugs[$0]] : nil }, now: input.site.facts.now, into: staging)
    }
}
