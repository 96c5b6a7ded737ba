import Canvas
import ChartDrawing
import Charts
import Crypto
import Foundation
import GazetteCore
import Jobs
import ReportFacts
import Reports
import SiteOutput

/// How a build names what it makes, so a later build can tell it would make the same: a
/// report's key (its inputs' bytes, kind, title, slug, options and channels' settings, with the
/// site's fingerprint, the templates and the drawing, and the clock only for a kind whose pages
/// read it) and a chart's key (its spec with its data, the drawing version, Cairo's and
/// libdeflate's versions, the PNG encoder and the fonts). A value made once when the build
/// begins, read by every report at once: it holds no lock and nothing that changes.
struct ReportKeys: Sendable {
    /// Everything shared by every report's key: the site, the templates, the drawing. Not the
    /// clock: a report whose pages do not change with it is reused by a later build.
    let siteFingerprint: String
    /// The build's clock, Unix seconds: in the key of a kind that reads it, and of the front pages.
    let clock: Int64
    /// The drawing's versions and environment, first in every chart's key and every report's.
    let drawingFingerprint: [UInt8]
    /// The key text of each distinct options of the job (a few: a job's reports mostly share
    /// theirs), made once; the options of a job with many more are encoded for each report.
    private let optionsTexts: [(options: ReportOptions, text: String)]

    init(siteFingerprint: String, clock: Int64, drawingVersion: String? = nil, reports: [ReportSpec] = []) {
        self.siteFingerprint = siteFingerprint
        self.clock = clock
        drawingFingerprint = Array(
            ("\(BuildCache.formatVersion)\n\(BuildCache.outputVersion)\n\(drawingVersion ?? ChartRenderer.drawingVersion)\n"
                + "\(Canvas.environmentFingerprint)\n").utf8)
        var texts: [(options: ReportOptions, text: String)] = []
        for spec in reports where texts.count < 16 && !texts.contains(where: { $0.options == spec.options }) {
            texts.append((spec.options, spec.options.keyText))
        }
        optionsTexts = texts
    }

    /// SHA-256 (hex) of `parts`, each preceded by its length so no two lists of parts collide.
    static func key(_ parts: [[UInt8]]) -> String {
        var hasher = SHA256()
        for part in parts { add(part, to: &hasher) }
        return hexText(hasher.finalize())
    }

    /// One part of a key: its length, then its bytes.
    static func add(_ part: [UInt8], to hasher: inout SHA256) {
        withUnsafeBytes(of: UInt64(part.count).littleEndian) { hasher.update(bufferPointer: $0) }
        hasher.update(data: part)
    }

    func chartKey(_ chart: any Chart) throws -> String {
        Self.key([drawingFingerprint, try ChartRenderer.keyBytes(chart)])
    }

    /// The key of a file that holds several charts as its layouts: of their keys, in order.
    static func layoutsKey(_ keys: [String]) -> String {
        key(keys.map { Array($0.utf8) })
    }

    /// What a report's entry in the job says, as text for keys: kind, title, slug, options and
    /// what its channels read of it (e-mail, PDF, …).
    static func specText(_ spec: ReportSpec, slug: String, optionsText: String? = nil) -> String {
        let readers =
            spec.readers.isEmpty
            ? ""
            : "\nreaders \(spec.readers.locale?.identifier ?? "-") \(spec.readers.language ?? "-") \(spec.readers.timeZone?.identifier ?? "-")"
        let fresh = spec.fresh.map { "\nfresh \($0.warnAfter ?? -1) \($0.errorAfter ?? -1)" } ?? ""
        return "\(spec.kind.rawValue)\n\(spec.resolvedTitle)\n\(slug)\n\(optionsText ?? spec.options.keyText)\n"
            + ReportChannels.reportKeyText(spec) + readers + fresh
    }

    /// `specText` with the job's options texts made once (encoding options costs more than the rest).
    func specText(_ spec: ReportSpec, slug: String) -> String {
        Self.specText(spec, slug: slug, optionsText: optionsTexts.first { $0.options == spec.options }?.text)
    }

    /// A hasher with the site fingerprint and the drawing fingerprint taken in: every report key
    /// begins with them, and a site's fingerprint is kilobytes of template digests. Made by each
    /// worker that keys many reports, and used by it alone.
    func prefix() -> KeyPrefix {
        var hasher = SHA256()
        Self.add(Array(siteFingerprint.utf8), to: &hasher)
        Self.add(drawingFingerprint, to: &hasher)
        return KeyPrefix(hasher: hasher)
    }

    /// A report key's beginning, shared by the reports one worker keys.
    struct KeyPrefix {
        fileprivate let hasher: SHA256
    }

    /// The key of a report made as `spec` asks, under slug `slug`, from inputs with these digests,
    /// but for its history: hashed once, finished with the history read (to find a report to
    /// reuse) and with the one left (for the record). The history's digest goes in (`.none` for a
    /// report without one, `.off` for one that keeps none): its pages say what changed; a later
    /// build finds the same history for the same inputs (figures that equal the last entry's add none).
    func reportKeyBase(spec: ReportSpec, slug: String, digests: [FileDigest], prefix: KeyPrefix? = nil)
        -> ReportKeyBase
    {
        // The same key as `key([site, drawing, spec, name, digest, …])`, the shared parts hashed once.
        var hasher = (prefix ?? self.prefix()).hasher
        Self.add(Array(specText(spec, slug: slug).utf8), to: &hasher)
        // Only a kind whose pages read the clock (a race's state, a countdown) is made anew as it moves.
        if spec.options.changesWithTime { Self.add(Array("now \(clock)".utf8), to: &hasher) }
        for (source, digest) in zip(spec.sources, digests) {
            Self.add(Array(source.displayName.utf8), to: &hasher)
            Self.add(digest.bytes, to: &hasher)
        }
        return ReportKeyBase(hasher: hasher)
    }

    /// A report key's hasher with everything but the history taken in.
    struct ReportKeyBase {
        fileprivate let hasher: SHA256

        func key(history: HistoryInKey, freshness: DataFreshness.State) -> String {
            hexText(digest(history: history, freshness: freshness).bytes)
        }

        /// The key as its digest, for comparing with a stamp's without writing it out. The state of
        /// the report's data goes in, so a report whose data turns stale (a property of the data and
        /// the clock) is made anew then, and only then.
        func digest(history: HistoryInKey, freshness: DataFreshness.State) -> FileDigest {
            var hasher = hasher
            ReportKeys.add(Array("freshness \(freshness.rawValue)".utf8), to: &hasher)
            switch history {
            case .off: break
            case .none: ReportKeys.add(Array("history".utf8), to: &hasher)
            case let .digest(digest, current):
                ReportKeys.add(Array("history".utf8), to: &hasher)
                ReportKeys.add(digest.bytes, to: &hasher)
                // Pages made at the clock of the history's last entry say "changed"; later, "no change since".
                if current { ReportKeys.add(Array("changed now".utf8), to: &hasher) }
            }
            return FileDigest(bytes: Array(hasher.finalize()))
        }
    }

    /// What a report's key holds of the history its build read.
    enum HistoryInKey: Equatable {
        /// The report keeps no history (`--no-history`, `history: false`).
        case off
        /// It keeps one, and the previous output held none.
        case none
        /// `current`: the history's last entry is stamped with this build's clock.
        case digest(FileDigest, current: Bool)

        init(keeps: Bool, digest: FileDigest?, current: Bool) {
            self = !keeps ? .off : digest.map { .digest($0, current: current) } ?? .none
        }
    }
}
