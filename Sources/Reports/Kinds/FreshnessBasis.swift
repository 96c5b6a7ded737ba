import Foundation
import ReportFacts

/// What a kind reads of its data's age from its own input: the data's time, when the next data
/// is due where the input says so absolutely (a race's result), and the cadence that fits the
/// kind (a credit report's counts `daysUntilNextReport` and a grace from the report's time). The build completes it (the history's last change where the
/// input has no time, the job's `fresh:` over the defaults) into a `DataFreshness`.
package struct FreshnessBasis: Equatable, Sendable {
    /// Unix seconds; nil when the input carries no time (the history's last change is taken).
    package var dataAsOf: Int64?
    /// Unix seconds: when the next data is due, as the input says; the cadence counts from it.
    /// Nil when the input says no moment: the cadence counts from the data's time.
    package var due: Int64?
    /// The kind's cadence for this data; nil when the kind has none (a job's `fresh:` may give one).
    package var cadence: Cadence?
    /// The data is final: no newer data will come (a card whose every race has run), so it never
    /// turns stale, whatever the job's `fresh:` says.
    package var isFinal = false

    package init(dataAsOf: Int64? = nil, due: Int64? = nil, cadence: Cadence? = nil, isFinal: Bool = false) {
        self.dataAsOf = dataAsOf
        self.due = due
        self.cadence = cadence
        self.isFinal = isFinal
    }

    /// The data's freshness with `history`'s last change standing in for a missing data time and
    /// `override` (the job's `fresh:`) over the kind's cadence, limit by limit.
    package func completed(lastChange: Int64?, override: Cadence?) -> DataFreshness {
        let asOf = dataAsOf ?? lastChange
        let cadence = Cadence(
            warnAfter: override?.warnAfter ?? self.cadence?.warnAfter,
            errorAfter: override?.errorAfter ?? self.cadence?.errorAfter)
        guard !isFinal, cadence.warnAfter != nil || cadence.errorAfter != nil, let from = due ?? asOf else {
            return DataFreshness(dataAsOf: asOf, validUntil: nil, errorAt: nil)
        }
        return DataFreshness(
            dataAsOf: asOf, validUntil: cadence.warnAfter.map { from + $0 },
            errorAt: cadence.errorAfter.map { from + $0 })
    }
}

/// How long data may age, counted from when it is due (or from its time): past `warnAfter` it is
/// stale, past `errorAfter` an error. Seconds; nil for a limit not set.
package struct Cadence: Equatable, Sendable, Encodable {
    package var warnAfter: Int64?
    package var errorAfter: Int64?

    package init(warnAfter: Int64?, errorAfter: Int64?) {
        self.warnAfter = warnAfter
        self.errorAfter = errorAfter
    }

    /// A duration as the job writes it: `90s`, `10m`, `2h`, `7d`, `1w` (or plain seconds); nil
    /// for anything else.
    package static func seconds(_ text: String) -> Int64? {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604_800]
        var number = Substring(text.trimmingCharacters(in: .whitespaces))
        var factor: Int64 = 1
        if let last = number.last, let unit = units[last] {
            factor = unit
            number = number.dropLast()
        }
        guard !number.isEmpty, number.allSatisfy(\.isASCII), let value = Int64(number), value >= 0,
            value <= 3650 * 86400 / factor
        else { return nil }
        return value * factor
    }
}
