import CreditScore
import Foundation
import ReportFacts

/// The credit score against the history, in the readers' words: "Score 530, +16 since 1 October
/// 2026" (from the last build that recorded figures), or "no change since" the last build that
/// changed anything. A score on another scale than the previous entry's is never given as a
/// bare difference: the line says both scores, each of its own scale, and that the scale
/// changed. A band crossed, or the usual 30 % utilisation guideline crossed by either card or by
/// the credit used, is named after it, in the line and in the subject.
enum CreditChange {
    static func note(
        _ report: CreditReport, figures: CreditFigures, input: ReportInput, _ display: Display
    ) -> ChangeNote? {
        guard let comparison = input.compared(HeadlineFigures(figures)) else { return nil }
        let score = String(report.score)
        guard comparison.changed, let since = comparison.since, let before = since.figures.of(CreditFigures.self)
        else {
            guard let last = comparison.unchangedSince ?? comparison.since else { return nil }
            return ChangeNote(
                line: display("creditScore.unchangedSince", ["score": score, "date": input.day(of: last)]),
                subject: input.noChange(since: last))
        }
        let date = input.day(of: since)
        // The entry before is on this build's scale when it kept none (`[CreditFigures].scales`).
        let previousScale = before.scale ?? report.scale
        var line: String
        var subject: String
        if previousScale == report.scale, report.score == before.score {
            // Something else changed (a band's edge, a utilisation): no "+0".
            line = display("creditScore.sameScoreSince", ["score": score, "date": date])
            subject = display("creditScore.sameScoreSubject", ["score": score])
        } else if previousScale == report.scale {
            let change = display.signedInteger(report.score - before.score)
            line = display("creditScore.changeSince", ["score": score, "change": change, "date": date])
            subject = display("creditScore.changeSubject", ["score": score, "change": change])
        } else {
            let maximum = String(report.maxScore)
            let previous = String(before.score)
            let previousMaximum = String(previousScale.maximum)
            line = display(
                "creditScore.changeAcrossScales",
                [
                    "score": score, "maximum": maximum, "previous": previous, "previousMaximum": previousMaximum,
                    "date": date, "previousScale": display.scaleRange(previousScale),
                    "scale": display.scaleRange(report.scale)
                ])
            subject = display(
                "creditScore.changeSubjectAcrossScales",
                ["score": score, "maximum": maximum, "previous": previous, "previousMaximum": previousMaximum])
        }
        let crossed = crossings(from: before, to: figures, display)
        let separator = display("creditScore.crossing.separator")
        let subjectSeparator = display("creditScore.crossing.subjectSeparator")
        for crossing in crossed {
            line += separator + crossing.line
            subject += subjectSeparator + crossing.subject
        }
        return ChangeNote(line: line, subject: subject)
    }

    /// The lines the figures crossed from one entry to the next, each for the line and for the
    /// subject: the band, then the 30 % guideline by the short-term card, the long-term card and
    /// the credit used. A figure the older entry lacks crosses nothing.
    static func crossings(from before: CreditFigures, to now: CreditFigures, _ display: Display)
        -> [(line: String, subject: String)]
    {
        var crossed: [(line: String, subject: String)] = []
        if before.band != now.band {
            let band = display(
                "creditScore.crossing.band",
                [
                    "from": display.bandName(ScoreBand(rawBand: before.band)),
                    "to": display.bandName(ScoreBand(rawBand: now.band))
                ])
            crossed.append((band, band))
        }
        let figures = [
            ("creditScore.crossing.shortTerm", before.shortTerm, now.shortTerm),
            ("creditScore.crossing.longTerm", before.longTerm, now.longTerm),
            ("creditScore.crossing.creditUsed", before.utilisation, now.utilisation)
        ]
        for (name, previous, current) in figures {
            guard let crossing = UtilisationGuideline.crossing(from: previous, to: current) else { continue }
            let key = crossing == .above ? "creditScore.crossing.above" : "creditScore.crossing.backWithin"
            let limit = display.percentage(UtilisationGuideline.usual)
            crossed.append(
                (
                    display(
                        key,
                        [
                            "name": display(name), "limit": limit, "from": display.percentage(previous),
                            "to": display.percentage(current)
                        ]),
                    display(key + "Subject", ["name": display(name), "limit": limit])
                ))
        }
        return crossed
    }
}

extension Display {
    /// A scale as its range: `0–700`.
    func scaleRange(_ scale: ScoreScale) -> String {
        self("creditScore.scaleRange", ["minimum": String(scale.minimum), "maximum": String(scale.maximum)])
    }

    /// Where a utilisation stands against the guidelines, in a few words: "Above 30%, the usual
    /// guideline"; nil without a figure.
    func guideline(_ utilisation: Int?) -> String? {
        UtilisationGuideline(utilisation: utilisation).map {
            self(
                "creditScore.guideline." + $0.rawValue,
                [
                    "usual": percentage(UtilisationGuideline.usual),
                    "stricter": percentage(UtilisationGuideline.stricter),
                    "strictest": percentage(UtilisationGuideline.strictest)
                ])
        }
    }
}
