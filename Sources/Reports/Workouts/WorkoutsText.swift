import Deterministic
import Foundation
import Localization
import Workouts
import GazetteCore

/// How the workout pages write numbers, sets and dates: in the readers' conventions (English
/// style by default), never the machine's locale, so every build prints the same text.
package struct WorkoutsText: Sendable {
    package let conventions: TextConventions

    package init(_ conventions: TextConventions) {
        self.conventions = conventions
    }

    /// A 1RM as shown (SPEC §1.4): truncated to whole units with thousands separators, by the
    /// same rule the charts use.
    package func whole(_ value: Double) -> String {
        value.isFinite ? conventions.numbers.whole(value) : NumberText.missing
    }

    /// `310 lb`.
    package func oneRepMax(_ value: Double, unit: String) -> String {
        withUnit(whole(value), unit: unit)
    }

    /// A logged weight as written, without a needless `.0`: `245`, `47.5`, `1,000.25`, with the
    /// reader's marks (`1.000,25` in de-DE).
    package func weight(_ value: Double) -> String {
        conventions.numbers.asWritten(value)
    }

    /// The set that gave a daily record: `1 × 10 @ 245 lb`, and its effort where the export gave
    /// one (`1 × 5 @ 100 kg · RPE 8`).
    package func set(_ set: SetRecord, unit: String) -> String {
        // Joined with `+`, not interpolated: a short result stays a small string, with no heap.
        let written = reps(set) + " @ " + load(set, unit: unit)
        guard let effort = effort(set) else { return written }
        return written + " · " + effort
    }

    /// `RPE 8.5` or `RIR 2`, as the export gave it; nil when it gave neither.
    package func effort(_ set: SetRecord) -> String? {
        switch set.effort {
        case .rpe(let value)?: return self("workouts.rpe", ["value": weight(value)])
        case .repsInReserve(let value)?: return self("workouts.rir", ["value": weight(value)])
        case nil: return nil
        }
    }

    /// A week's volume, truncated to whole units as every figure (and its chart) is: `12,338 kg`.
    package func volume(_ value: Double, unit: String) -> String {
        withUnit(whole(value), unit: unit)
    }

    /// Sets × reps: `1 × 10`.
    package func reps(_ set: SetRecord) -> String {
        grouped(set.sets) + " × " + grouped(set.reps)
    }

    /// The weight with its unit: `245 lb`.
    package func load(_ set: SetRecord, unit: String) -> String {
        withUnit(weight(set.weight), unit: unit)
    }

    /// `12 Oct 2017`, the same spelling the charts use.
    package func date(_ date: CivilDate) -> String {
        conventions.longDay(date)
    }

    /// `5 Sep 2017 – 12 Dec 2017`, or the one day; `—` when there is none. Each date is held
    /// together by no-break spaces, so a narrow column breaks the range only at the dash.
    package func range(_ range: ClosedRange<CivilDate>?) -> String {
        guard let range else { return NumberText.missing }
        let first = unbroken(date(range.lowerBound))
        if range.lowerBound == range.upperBound { return first }
        return "\(first) – \(unbroken(date(range.upperBound)))"
    }

    private func unbroken(_ text: String) -> String {
        text.replacingOccurrences(of: " ", with: "\u{00A0}")
    }

    /// The readers' language's words.
    package var words: Words { conventions.words }

    /// The message `key` (its other placeholders from `values`).
    package func callAsFunction(_ key: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        conventions.words.text(key, values)
    }

    /// The plural message `key` for `number` (`1 day`, `1,204 days`), `{count}` filled with the
    /// number grouped, its other placeholders from `values`.
    package func count(_ key: String, _ number: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
        conventions.words.count(key, number, grouped(number), values)
    }

    /// A non-negative integer with a comma every three digits.
    package func grouped(_ number: Int) -> String {
        conventions.numbers.grouped(number)
    }

    /// `82.5 kg`: a weight in the report's unit, as the record book writes it.
    package func weight(_ value: Double, unit: String) -> String {
        withUnit(weight(value), unit: unit)
    }

    private func withUnit(_ number: String, unit: String) -> String {
        unit.isEmpty ? number : number + " " + unit
    }
}
