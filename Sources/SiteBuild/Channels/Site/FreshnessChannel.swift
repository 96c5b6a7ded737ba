import GazetteCore
import Rendering
import SiteOutput

/// `freshness.json` beside `feed.xml`: every report's freshness state at the build's clock
/// (`FreshnessFile`), for a monitor to read. Every site has it.
struct FreshnessChannel: SiteChannel {
    let names = [FreshnessFile.path]

    func finish(_ input: SiteChannelInput, into staging: Staging) throws(BuildError) {
        let finished = input.finished
        try FreshnessFile.write(
            count: finished.count, report: { finished[$0] }, now: input.site.facts.now, into: staging)
    }
}
