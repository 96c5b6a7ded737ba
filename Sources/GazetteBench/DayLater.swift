import Foundation
import SiteOutput

/// Issue 67, point 4: the scale part's nothing-changed rebuild on a real clock, as a cron or CI
/// user runs it. The job's `now:` is overridden with `--now` a day later: the first such build
/// makes every report once more (its pages now say "No change since …"), untimed in the
/// comparison; then `--runs` builds, each a day after the one before, are timed, and the files
/// that changed from one to the next are read from the manifests (what a deploy would send).
struct DayLater {
    /// The first build a day later, which makes every report once more.
    var settle: ChildProcess.Exit
    /// The builds a day apart with nothing changed, in run order.
    var runs: [ChildProcess.Exit]
    /// The files whose digest differs between the first and the last timed build's manifests.
    var changed: [String]

    var median: ChildProcess.Exit { ScaleBench.Row.median(runs) }

    /// `now` plus `days` days, in ISO 8601.
    static func clock(_ now: String, plusDays days: Int) throws -> String {
        let format = ISO8601DateFormatter()
        guard let date = format.date(from: now) else { throw BenchError("not an ISO 8601 time: \(now)") }
        return format.string(from: date.addingTimeInterval(Double(days) * 86_400))
    }

    /// Builds with `build(now)` a day after `now`, then `repeats` times each a day later.
    static func measure(
        now: String, repeats: Int, site: URL, build: (String) throws -> ChildProcess.Exit
    ) throws -> DayLater {
        let settle = try build(try clock(now, plusDays: 1))
        // It wrote every report again: flushed first, as after the cold build, so the timed
        // builds are not timed against the kernel's writeback.
        sync()
        let before = try publishedDigests(of: site)
        let runs = try (1...repeats).map { try build(try clock(now, plusDays: 1 + $0)) }
        let after = try publishedDigests(of: site)
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
        return DayLater(settle: settle, runs: runs, changed: changed)
    }

    /// Every file of the site by path with its SHA-256, as `manifest.json` and the reports'
    /// `record.json` files list them (the manifest itself by its bytes' digest).
    static func publishedDigests(of site: URL) throws -> [String: String] {
        func object(_ url: URL) throws -> [String: Any] {
            guard let value = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] else {
                throw BenchError("\(url.path) is not a JSON object")
            }
            return value
        }
        func add(_ entries: Any?, to digests: inout [String: String]) {
            for entry in entries as? [[String: Any]] ?? [] {
                if let path = entry["path"] as? String, let digest = entry["sha256"] as? String {
                    digests[path] = digest
                }
            }
        }
        let manifestURL = site.appendingPathComponent("manifest.json")
        let manifest = try object(manifestURL)
        var digests: [String: String] = ["manifest.json": FileDigest(of: try Data(contentsOf: manifestURL)).hex]
        add(manifest["files"], to: &digests)
        add(manifest["reports"], to: &digests)
        for report in manifest["reports"] as? [[String: Any]] ?? [] {
            guard let path = report["path"] as? String else { continue }
            add(try object(site.appendingPathComponent(path))["files"], to: &digests)
        }
        return digests
    }

    /// The line of the progress: the settling build, the median and the files a day changes.
    var summary: String {
        String(
            format:
                "first a day later %.2f s, %.1f CPU-s, %.0f MB (every report made once more), then %@; files changed from day to day: %@",
            settle.wall, settle.cpuSeconds, settle.peakBytes / 1e6, ScaleBench.Row.summary(runs),
            changed.count <= 6 ? changed.joined(separator: ", ") : "\(changed.count) (\(changed.prefix(6)) …)")
    }
}
