/// How fresh a report's data is: the data's own time, until when it is valid (its cadence's
/// warn-after) and when it becomes an error (error-after), all properties of the data, never of
/// the build's clock; and the state those give at one build's clock. A report's pages change only
/// when that state does, so a report that does not read the clock is still reused byte-identical
/// while its state holds.
package struct DataFreshness: Codable, Equatable, Sendable {
    /// Where a report's data stands against its cadence.
    package enum State: String, Codable, Sendable, CaseIterable {
        /// Within warn-after (or no cadence).
        case fresh
        /// Past warn-after: said on the page, in the e-mail, in the feed, as a warning.
        case stale
        /// Past error-after: the report is an error and keeps its previous pages.
        case expired
    }

    /// Unix seconds; nil when neither the input nor the history says.
    package var dataAsOf: Int64?
    /// Unix seconds: the moment the data turns stale; nil when it never does.
    package var validUntil: Int64?
    /// Unix seconds: the moment the data turns into an error; nil when it never does.
    package var errorAt: Int64?

    package init(dataAsOf: Int64?, validUntil: Int64?, errorAt: Int64?) {
        self.dataAsOf = dataAsOf
        self.validUntil = validUntil
        self.errorAt = errorAt
    }

    /// The state at `now`.
    package func state(at now: Int64) -> State {
        if let errorAt, now >= errorAt { return .expired }
        if let validUntil, now >= validUntil { return .stale }
        return .fresh
    }
}
