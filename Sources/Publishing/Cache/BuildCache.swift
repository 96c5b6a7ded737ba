import Canvas
import ChartDrawing
import Charts
import Crypto
import Foundation
import GazetteCore
import Jobs
import Loading
import Rendering
import Reports
import SiteOutput

/// Reusing earlier work instead of redoing it, without ever letting a stale or damaged file
/// into the output.
///
/// - A **chart's** files are keyed by a hash of everything that decides their bytes: the chart's
///   type and spec with its data, the drawing version, Cairo's and libdeflate's versions, the PNG
///   encoder and the font files; each file's key adds its theme and format. A file is taken from
///   the previous output (found through its manifest's `cache.charts`) or from `--cache DIR`, and
///   only when its bytes have the SHA-256 recorded for them; otherwise the chart is drawn.
/// - A **report** whose key — its inputs' bytes, kind, title, slug, options and e-mail settings,
///   with the site's facts, the clock, the templates and the same drawing fingerprint — equals
///   the key recorded in the previous manifest takes its whole folder from the previous output,
///   every file checked against the manifest's SHA-256 first; one mismatch and it is built anew.
///
/// The manifest's `cache` section is written by every build, cold or warm, so both give the same
/// bytes. `--no-cache` turns reuse off, not the recording.
final class BuildCache: @unchecked Sendable {
    /// Changes when what the cache records or how keys are made changes.
    static let formatVersion = "gazette-cache 1"
    /// Changes whenever a change to Gazette moves a byte of any page, `report.json`, e-mail or
    /// PDF: a report reused whole was made by older code, and only its key can tell. Guarded by
    /// `OutputVersionTests`, which fails when the demo's output changes and this did not.
    package static let outputVersion = "2026-11-26.5"

    let previous: PreviousBuild
    let folder: CacheFolder?
    let reuses: Bool
    /// Everything shared by every report's key: the site, the clock, the templates, the drawing.
    let siteFingerprint: String
    private let drawingFingerprint: [UInt8]
    private let lock = NSLock()
    /// This build's record of each report, set aside as it finishes.
    let ledger: ReportLedger
    /// This build's chart key → stem, for the manifest. Keys are kept as their 32 bytes (a build of
    /// a thousand reports notes thousands), any other text as it is.
    private var charts = ChartStems()
    private var drawnFiles = 0
    private var reusedFiles = 0
    private var reusedReports = 0

    init(previous: PreviousBuild, folder: CacheFolder?, reuses: Bool, siteFingerprint: String, ledger: ReportLedger) {
        self.previous = previous
        self.ledger = ledger
        self.folder = folder
        self.reuses = reuses
        self.siteFingerprint = siteFingerprint
        drawingFingerprint = Array(
            ("\(Self.formatVersion)\n\(Self.outputVersion)\n\(ChartRenderer.drawingVersion)\n"
                + "\(Canvas.environmentFingerprint)\n").utf8)
    }

    /// SHA-256 (hex) of `parts`, each preceded by its length so no two lists of parts collide.
    static func key(_ parts: [[UInt8]]) -> String {
        var hasher = SHA256()
        for part in parts {
            withUnsafeBytes(of: UInt64(part.count).littleEndian) { hasher.update(bufferPointer: $0) }
            hasher.update(data: part)
        }
        return hexText(hasher.finalize())
    }

    // MARK: Charts

    func chartKey(_ chart: any Chart) throws -> String {
        Self.key([drawingFingerprint, try ChartRenderer.keyBytes(chart)])
    }

    /// Puts the chart file `suffix` (`light@2x.png`) at `path` from the previous output or the
    /// cache folder when a verified copy exists; false when it must be drawn.
    func reuseChartFile(chartKey: String, suffix: String, at path: String, staging: Staging) throws(BuildError) -> Bool
    {
        guard reuses else { return false }
        if let stem = previous.cache.charts[chartKey] {
            let old = "\(stem)-\(suffix)"
            if let sha256 = previous.files[old],
                let file = Staging.verify(previous.folder.appendingPathComponent(old), sha256: sha256)
            {
                try staging.adopt(path, file)
                count(reused: 1)
                return true
            }
        }
        if let folder, let entry = folder.read(Self.key([Array(chartKey.utf8), Array(suffix.utf8)])),
            try staging.writeVerified(path, entry.bytes, sha256: entry.sha256)
        {
            count(reused: 1)
            return true
        }
        return false
    }

    /// Keeps a freshly drawn file in the cache folder, when there is one.
    func storeChartFile(chartKey: String, suffix: String, bytes: [UInt8]) {
        count(drawn: 1)
        guard let folder else { return }
        let sha256 = hexText(SHA256.hash(data: bytes))
        folder.write(Self.key([Array(chartKey.utf8), Array(suffix.utf8)]), bytes, sha256: sha256)
    }

    /// Records where this build put a chart's files; of two equal charts the first path wins.
    func noteChart(key: String, stem: String) {
        lock.lock()
        charts.note(key: key, stem: stem)
        lock.unlock()
    }

    // MARK: Reports

    /// What a report's entry in the job says, as text for keys: kind, title, slug, options, e-mail, PDF.
    static func specText(_ spec: ReportSpec, slug: String) -> String {
        "\(spec.kind.rawValue)\n\(spec.resolvedTitle)\n\(slug)\n\(spec.options.keyText)\n\(String(reflecting: spec.email))\npdf \(spec.pdf)"
    }

    /// The key of a report made from `inputs` as `spec` asks, under slug `slug`.
    func reportKey(spec: ReportSpec, slug: String, inputs: [LoadedInput]) throws(BuildError) -> String {
        var parts: [[UInt8]] = [
            Array(siteFingerprint.utf8), drawingFingerprint,
            Array(Self.specText(spec, slug: slug).utf8)
        ]
        for input in inputs {
            var hasher = SHA256()
            let pieces = input.pieces()
            while let piece = pieces.next() { hasher.update(data: piece) }
            if let error = pieces.error { throw error }
            parts.append(Array(input.source.displayName.utf8))
            parts.append(Array(hasher.finalize()))
        }
        return Self.key(parts)
    }

    /// The report's folder from the previous output when its recorded key is `key` and every file
    /// is as recorded; nil (having written nothing) otherwise.
    func reuseReport(slug: String, key: String, staging: Staging) throws(BuildError) -> BuiltReport? {
        guard reuses, let record = previous.cache.reports[slug], record.key == key,
            let built = record.built(slug: slug), let files = previous.reportFiles[slug], !files.isEmpty
        else { return nil }
        var verified: [(String, Staging.VerifiedFile)] = []
        for file in files {
            guard let checked = Staging.verify(previous.folder.appendingPathComponent(file.path), sha256: file.sha256)
            else { return nil }
            verified.append((file.path, checked))
        }
        for (path, file) in verified { try staging.adopt(path, file) }
        try ledger.put(slug, record, reusable: true)
        // The charts keep their keys, so the next build can still find them by chart.
        lock.lock()
        for (chartKey, stem) in previous.cache.charts where stem.hasPrefix(slug + "/") {
            charts.note(key: chartKey, stem: stem)
        }
        reusedReports += 1
        lock.unlock()
        return built
    }

    /// What this build recorded of a report a later build may reuse (nil when it failed or has no key).
    func record(_ slug: String) -> ReportRecord? {
        ledger.reusableRecord(slug)
    }

    /// Takes a report as another build recorded it (a shard's part, at the merge).
    func noteRecord(slug: String, record: ReportRecord) throws(BuildError) {
        try ledger.put(slug, record, reusable: true)
    }

    /// Records a report this build made; one with no key (its inputs could not be hashed) is kept
    /// for the front page and the summary but never offered for reuse.
    func noteReport(slug: String, key: String?, built: BuiltReport) throws(BuildError) {
        try ledger.put(slug, ReportRecord(key: key ?? "", built: built), reusable: key != nil)
    }

    // MARK: Accounting and the manifest

    private func count(drawn: Int = 0, reused: Int = 0) {
        lock.lock()
        drawnFiles += drawn
        reusedFiles += reused
        lock.unlock()
    }

    /// `charts: 120 files drawn, 0 reused; reports: 0 of 20 reused`.
    func summary(reports: Int) -> String {
        lock.lock()
        defer { lock.unlock() }
        return
            "charts: \(drawnFiles) files drawn, \(reusedFiles) reused; reports: \(reusedReports) of \(reports) reused whole"
    }

    /// The manifest's `cache` section for what this build wrote, made entry by entry as it is
    /// written (each report's record read back from the ledger). The chart keys are handed over
    /// to it, sorted where they lie: the build needs them no more, and a thousand reports' keys
    /// are not copied.
    func takeManifestSection() -> JSONValue {
        lock.lock()
        var charts = self.charts
        self.charts = ChartStems()
        lock.unlock()
        charts.sortAndMerge()
        let ledger = self.ledger
        let slugs = ledger.reusableSlugs
        return .object([
            "charts": .lazyObject(
                JSONFields { [charts] in
                    let pairs = charts.sorted()
                    return AnyIterator { pairs.next().map { ($0.key, .string($0.value)) } }
                }),
            "reports": .lazyObject(
                JSONFields {
                    var next = 0
                    return AnyIterator {
                        while next < slugs.count {
                            next += 1
                            if let record = ledger.record(slugs[next - 1]) { return (slugs[next - 1], record.json) }
                        }
                        return nil
                    }
                })
        ])
    }
}

extension ReportRecord {
    var json: JSONValue {
        var fields: [String: JSONValue] = [
            "key": .string(key), "title": .string(title), "kind": .string(kind),
            "warnings": .array(warnings.map(JSONValue.string)), "summary": .array(summary.map(JSONValue.string)),
            "sources": .array(sources.map(JSONValue.string))
        ]
        if let headline { fields["headline"] = .string(headline) }
        if let card {
            var cardFields: [String: JSONValue] = ["headline": .string(card.headline), "detail": .string(card.detail)]
            if let thumbnail = card.thumbnail { cardFields["thumbnail"] = .string(thumbnail) }
            fields["card"] = .object(cardFields)
        }
        if let thumbnail {
            fields["thumbnail"] = .object([
                "stem": .string(thumbnail.stem), "alt": .string(thumbnail.alt),
                "width": .int(thumbnail.width), "height": .int(thumbnail.height)
            ])
        }
        return .object(fields)
    }
}
