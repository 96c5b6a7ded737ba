/// The outcome of comparing two items on one key, so orderings read as a chain of
/// keys (primary, then cloth, then input position) rather than nested ifs.
enum Tiebreak: Sendable {
    case before, same, after

    static func compare<T: Comparable>(_ lhs: T, _ rhs: T) -> Tiebreak {
        lhs < rhs ? .before : (rhs < lhs ? .after : .same)
    }

    /// The first decisive comparison of the chain.
    static func chain(_ keys: Tiebreak...) -> Tiebreak {
        keys.first { $0 != .same } ?? .same
    }
}
