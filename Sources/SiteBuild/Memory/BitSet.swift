/// A set of small whole numbers (0 up to a count fixed when it is made), a bit each: what a
/// rebuild saw unchanged of 100,000 stamps costs 12.5 KB, not a copy of each.
struct BitSet: Sendable, Equatable {
    private var words: [UInt64]
    /// How many numbers it holds.
    private(set) var count = 0

    /// An empty set for the numbers 0 ..< `capacity`.
    init(count capacity: Int) {
        words = [UInt64](repeating: 0, count: (max(0, capacity) + 63) / 64)
    }

    /// The numbers it can hold run below this (the count it was made for, rounded up to 64).
    var capacity: Int { words.count * 64 }

    func contains(_ number: Int) -> Bool {
        guard number >= 0, number / 64 < words.count else { return false }
        return words[number / 64] & (1 << UInt64(number % 64)) != 0
    }

    /// Adds `number`, which must be below the capacity.
    mutating func insert(_ number: Int) {
        precondition(number >= 0 && number / 64 < words.count, "\(number) is outside the set's range")
        guard !contains(number) else { return }
        words[number / 64] |= 1 << UInt64(number % 64)
        count += 1
    }

    mutating func remove(_ number: Int) {
        guard contains(number) else { return }
        words[number / 64] &= ~(1 << UInt64(number % 64))
        count -= 1
    }
}
