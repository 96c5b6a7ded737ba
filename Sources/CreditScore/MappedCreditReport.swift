import Foundation
import JSONSupport

/// A credit report read through a job's `fields:` mapping, for a credit JSON no format knows: the
/// score and its range, and where mapped the band, the utilisation and the factor counts.
public enum MappedCreditReport {
    /// The keys of a credit report's `fields:` block (docs/reference/inputs.md, "Any other JSON").
    public static let keys = FieldKeys(
        required: ["score", "min", "max"],
        optional: [
            "band", "utilisation", "short-term-utilisation", "long-term-utilisation", "positive-factors",
            "negative-factors"
        ],
        lists: [],
        descriptions: [
            "score": "the score", "min": "the lowest score of the range", "max": "the highest score of the range",
            "band": "the band: 0 (very poor) to 4 (excellent), or its name; default: the score's fifth of the range",
            "utilisation": "the share of credit in use, in percent (or as a fraction of 1)",
            "short-term-utilisation": "the short-term (card) credit in use, in percent",
            "long-term-utilisation": "the long-term (loan) credit in use, in percent",
            "positive-factors": "how many factors raise the score", "negative-factors": "how many lower it"
        ])

    public static func decode(_ data: Data, mapping: FieldMapping) throws(CreditReportError) -> CreditReport {
        try JSONDocumentDecoding.check(data)
        guard let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            throw CreditReportError(keyPath: "", message: "invalid JSON: the data could not be read as JSON text")
        }
        let object = MappedObject(root, mapping: mapping)
        do throws(JSONInputError) {
            let score = try object.integer(try object.required("score"), "score")
            let minimum = try object.integer(try object.required("min"), "min")
            let maximum = try object.integer(try object.required("max"), "max")
            guard minimum < maximum else {
                throw object.fault("min", at: "", "the range's min (\(minimum)) must be less than its max (\(maximum))")
            }
            return try CreditReport(
                score: score, minScore: minimum, maxScore: maximum,
                band: try band(object) ?? fifth(score, minimum, maximum),
                positiveFactors: try object.integer("positive-factors") ?? 0,
                negativeFactors: try object.integer("negative-factors") ?? 0,
                shortTerm: CreditSection(utilisation: try percent(object, "short-term-utilisation")),
                longTerm: CreditSection(utilisation: try percent(object, "long-term-utilisation")),
                percentageCreditUsed: try percent(object, "utilisation"))
        } catch {
            throw error.placedAsMapped(in: data)
        }
    }

    /// A band as its number (0…4) or its name in any case (`Very Poor`, `good`).
    private static func band(_ object: MappedObject) throws(JSONInputError) -> ScoreBand? {
        guard let found = try object.found("band") else { return nil }
        if let name = found.value as? String, Int(name) == nil {
            let key = name.lowercased().filter(\.isLetter)
            guard let band = ScoreBand.known.first(where: { $0.key.lowercased() == key }) else {
                throw object.fault(
                    "band", at: found.keyPath,
                    "expected 0 to 4 or very poor, poor, fair, good, excellent, found \"\(name)\"")
            }
            return band
        }
        return ScoreBand(rawBand: try object.integer(found, "band"))
    }

    /// The band of a score with none given: which fifth of the range it falls in.
    static func fifth(_ score: Int, _ minimum: Int, _ maximum: Int) -> ScoreBand {
        let share = (Double(score) - Double(minimum)) / (Double(maximum) - Double(minimum))
        return ScoreBand(rawBand: Int(min(max(share * 5, 0), 4)))
    }

    /// Percent, rounded: a fraction of 1 (`0.34`) is read as a share.
    private static func percent(_ object: MappedObject, _ key: String) throws(JSONInputError) -> Int? {
        guard let found = try object.found(key) else { return nil }
        let number = try object.number(found, key)
        let percent = (number < 1 && number > 0 ? number * 100 : number).rounded()
        guard abs(percent) < 1_000_000 else {
            throw object.fault(key, at: found.keyPath, "expected a percentage, found \(number)")
        }
        return Int(percent)
    }
}
