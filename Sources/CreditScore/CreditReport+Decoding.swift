import Foundation
import JSONSupport

extension CreditReport: Decodable {
    /// Decodes a ClearScore-style document (SPEC §1.3). Every fault is a `CreditReportError`
    /// whose key path includes where this report sits in the enclosing document.
    public init(from decoder: any Decoder) throws {
        let root = try JSONObjectReader(decoder)
        let info = try root.requiredObject("creditReportInfo")

        // The required integers, in the order the spec lists them (the first fault wins).
        let score = try info.requiredInt("score")
        let minScore = try info.requiredInt("minScoreValue")
        let maxScore = try info.requiredInt("maxScoreValue")
        let rawBand = try info.requiredInt("scoreBand")
        let positiveFactors = try info.requiredInt("numPositiveScoreFactors")
        let negativeFactors = try info.requiredInt("numNegativeScoreFactors")
        // Checked here as well as in init so the error carries this report's real key path.
        try CreditReport.checkScoreRange(min: minScore, max: maxScore, keyPath: info.keyPath)

        let shortTerm = CreditSection(
            debt: try info.int("currentShortTermDebt"),
            limit: try info.int("currentShortTermCreditLimit"),
            utilisation: try info.int("currentShortTermCreditUtilisation"),
            change: try info.int("changeInShortTermDebt")
        )
        let longTerm = CreditSection(
            debt: try info.int("currentLongTermDebt"),
            limit: try info.int("currentLongTermCreditLimit"),
            utilisation: try info.int("currentLongTermCreditUtilisation"),
            change: try info.int("changeInLongTermDebt")
        )

        try self.init(
            score: score, minScore: minScore, maxScore: maxScore,
            band: ScoreBand(rawBand: rawBand),
            positiveFactors: positiveFactors, negativeFactors: negativeFactors,
            shortTerm: shortTerm, longTerm: longTerm,
            bandDescription: try info.string("equifaxScoreBandDescription"),
            daysUntilNextReport: try info.int("daysUntilNextReport"),
            percentageCreditUsed: try info.int("percentageCreditUsed"),
            hasEverDefaulted: try info.bool("hasEverDefaulted"),
            monthsSinceLastDefaulted: try info.int("monthsSinceLastDefaulted"),
            hasEverBeenDelinquent: try info.bool("hasEverBeenDelinquent"),
            monthsSinceLastDelinquent: try info.int("monthsSinceLastDelinquent"),
            changedScore: try info.int("changedScore"),
            accountIDVStatus: try root.string("accountIDVStatus"),
            dashboardStatus: try root.string("dashboardStatus"),
            personaType: try root.string("personaType")
        )
    }

    /// Reads a report from JSON bytes. Syntax errors are located by line and column.
    public static func decode(from data: Data) throws(CreditReportError) -> CreditReport {
        // The whole text is read first, so a fault Foundation would only call "not valid JSON"
        // (or a key given twice, which it would accept) has its place.
        let data = try JSONDocumentDecoding.checked(data)
        do {
            return try JSONDecoder().decode(CreditReport.self, from: data)
        } catch let error as CreditReportError {
            throw JSONDocumentDecoding.placed(error, in: data)
        } catch {
            throw CreditReportError(keyPath: "", message: "invalid JSON: the data could not be read as JSON text")
        }
    }
}
