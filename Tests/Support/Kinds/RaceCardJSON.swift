import Foundation

/// Race-card JSON written inline for tests.
package enum RaceCardJSON {
    /// `text` as a JSON string literal, quotes included.
    package static func quoted(_ text: String) -> String {
        let array = String(data: try! JSONSerialization.data(withJSONObject: [text]), encoding: .utf8)!
        return String(array.dropFirst().dropLast())
    }

    /// One ride; `extra` is spliced into the ride object (`"withdrawn": true`).
    package static func ride(_ cloth: Int, _ name: String, odds: String, form: String = "123", extra: String = "")
        -> String
    {
        #"{"cloth_number": \#(cloth), "horse": {"name": \#(quoted(name)), "age": 4, "days_since_last_run": 12}, "#
            + #""formsummary": \#(quoted(form)), "current_odds": \#(quoted(odds))\#(extra.isEmpty ? "" : ", " + extra)}"#
    }

    package static func race(
        name: String = "Test Stakes", course: String = "Testbury", date: String = "2024-05-01",
        time: String = "14:00", rides: [String]
    ) -> String {
        #"{"race_summary": {"name": \#(quoted(name)), "course_name": \#(quoted(course)), "date": "\#(date)", "#
            + #""time": "\#(time)", "distance": "1m", "going": "Good"}, "rides": [\#(rides.joined(separator: ", "))]}"#
    }

    package static func card(_ races: [String]) -> String {
        "[" + races.joined(separator: ", ") + "]"
    }
}
