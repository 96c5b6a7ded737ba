import Foundation
import JSONSupport

/// A `fields:` block guessed for a credit JSON no format knows: whole numbers named for the score,
/// the range's ends, the band and the utilisation, anywhere in the document's objects.
public enum CreditFieldGuess {
    static let score = FieldRole.wholeNumbers(
        ["score", "rating", "value"], in: 0...10_000,
        excluded: ["min", "max", "minimum", "maximum", "band", "change", "changed", "previous", "last"],
        what: "score", count: 1)
    static let minimum = FieldRole.wholeNumbers(
        ["min", "minimum", "lowest", "floor", "low"], in: 0...10_000, what: "lowest score", count: 1)
    static let maximum = FieldRole.wholeNumbers(
        ["max", "maximum", "highest", "ceiling", "high"], in: 1...10_000, what: "highest score", count: 1)
    static let band = FieldRole.wholeNumbers(["band", "grade"], in: 0...4, what: "band", count: 1)
    static let utilisation = FieldRole(
        words: ["utilisation", "utilization", "used", "usage"], excluded: ["short", "long"],
        fits: { field in field.numbers.count == field.values.count && !field.values.isEmpty },
        evidence: { field in "utilisation \(FieldRole.span(field.numbers))" })

    /// The error of a credit input with no `creditReportInfo`, with a block to paste when one is
    /// found; otherwise the error as it was.
    public static func guessing(_ error: CreditReportError, in data: Data) -> CreditReportError {
        guard error.keyPath == "creditReportInfo", error.message == "missing required key",
            let root = try? JSONSerialization.jsonObject(with: data), let guess = guess(root)
        else { return error }
        var message =
            "no `creditReportInfo`: if it is a credit report of a shape of its own, say where its values are: "
            + "`fields:` on the report in a job file (docs/reference/inputs.md, \"Any other JSON\")"
        message += guess.undecidedNote.map { " (\($0))" } ?? ""
        var guessed = CreditReportError(keyPath: "", message: message + "; a guess from the input:")
        guessed.hint = guess.yaml
        return guessed
    }

    /// The block, or nil without a score and both ends of its range; the document's fields are
    /// searched three objects deep.
    static func guess(_ root: Any) -> FieldGuess? {
        let survey = JSONSurvey(root)
        for list in survey.lists where list.path == "." {
            var guess = FieldGuess()
            var taken = Set<String>()
            var found = 0
            for (key, role) in [
                ("score", score), ("min", minimum), ("max", maximum), ("band", band), ("utilisation", utilisation)
            ] {
                guard let pick = role.pick(list.fields, taken: taken) else { continue }
                guess.add(key, pick)
                taken.insert(pick.best.path)
                if let other = pick.rival { taken.insert(other.path) }
                if ["score", "min", "max"].contains(key) { found += 1 }
            }
            guard found == 3 else { continue }
            return guess
        }
        return nil
    }
}
