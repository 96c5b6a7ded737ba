import GazetteCore
import Rendering
import Reports
import SiteOutput

extension ReportRecord {
    /// The record of a report this build wrote: `files` are its folder's files, `charts` its
    /// charts' keys; an empty key when it may not be reused.
    init(key: String?, built: BuiltReport, charts: [String: String], files: [Staging.StagedFile]) {
        let outcome = built.outcome
        self.init(
            slug: outcome.slug, key: outcome.error == nil ? key ?? "" : "", title: outcome.title,
            kind: outcome.kind.rawValue, warnings: outcome.warnings.map(\.text),
            warningPlaces: outcome.warnings.contains { $0.place != nil }
                ? outcome.warnings.map { $0.place.map { WarningPlace(file: $0.file, line: $0.line) } } : nil,
            headline: outcome.headline,
            summary: outcome.summary,
            card: built.card.map { Card(headline: $0.headline, detail: $0.detail, thumbnail: $0.thumbnail?.stem) },
            thumbnail: built.thumbnail.map {
                Thumbnail(stem: $0.stem, alt: $0.alt, width: $0.width, height: $0.height)
            },
            sources: built.sources, error: outcome.error, charts: charts,
            files: files.map { File(path: $0.path, sha256: $0.digest.hex, size: $0.size) })
    }

    /// The warnings as recorded, each with its input's line where it has one.
    var recordedWarnings: [ReportWarning] {
        warnings.enumerated().map { index, text in
            guard let places = warningPlaces, index < places.count, let place = places[index] else {
                return ReportWarning(.recorded, text)
            }
            let prefix = "\(place.file):\(place.line): "
            let message = text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
            return ReportWarning(.recorded, message, at: ReportWarning.Place(file: place.file, line: place.line))
        }
    }

    /// The report as the front page knows it; nil when the record names an unknown kind.
    func built() -> BuiltReport? {
        guard let kind = ReportKind(rawValue: kind) else { return nil }
        let outcome = ReportOutcome(
            title: title, slug: slug, kind: kind, warnings: recordedWarnings, error: error, headline: headline,
            summary: summary)
        return BuiltReport(
            outcome: outcome,
            card: card.map {
                ReportCard(
                    headline: $0.headline, detail: $0.detail, thumbnail: $0.thumbnail.map { ChartRef(recorded: $0) })
            },
            thumbnail: thumbnail.map { ChartImage(stem: $0.stem, alt: $0.alt, width: $0.width, height: $0.height) },
            sources: sources)
    }
}
