import Foundation
import GazetteTestSupport

/// Test inputs: the recorded sample from ../shared/data, and small documents built in code.
enum Fixtures {
    /// `../shared/data/creditreport.json` beside the repository (never copied into it).
    static func sampleData() throws -> Data {
        try SampleData.data("creditreport.json")
    }

    /// A valid `creditReportInfo`, as raw JSON text per key.
    static let validInfo: [(key: String, json: String)] = [
        ("score", "514"),
        ("minScoreValue", "0"),
        ("maxScoreValue", "700"),
        ("scoreBand", "4"),
        ("numPositiveScoreFactors", "9"),
        ("numNegativeScoreFactors", "0")
    ]

    /// A document built from `validInfo` with edits: key → raw JSON text, or nil to remove it.
    /// `topLevel` adds raw JSON members beside `creditReportInfo`, e.g. `"personaType": 3`.
    static func document(_ edits: [String: String?] = [:], topLevel: String? = nil) -> Data {
        var members: [String] = []
        for (key, json) in validInfo {
            // An edited key takes its edit (nil removes it); the others keep the valid value.
            let value = edits.keys.contains(key) ? edits[key]! : json
            if let value { members.append("\"\(key)\": \(value)") }
        }
        let extraKeys = edits.keys.filter { key in !validInfo.contains { $0.key == key } }.sorted()
        for key in extraKeys {
            if let value = edits[key]! { members.append("\"\(key)\": \(value)") }
        }
        let info = "\"creditReportInfo\": {\(members.joined(separator: ", "))}"
        return Data("{\([topLevel, info].compactMap { $0 }.joined(separator: ", "))}".utf8)
    }
}
