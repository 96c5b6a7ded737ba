/// Values by name (the stat file's values, the ledger's spans, the manifest's records), held as
/// one array of values, one of their names, and a small open-addressed table of places: a
/// `[String: Value]` keeps a value's room in every one of its buckets, and even a `[String: Int32]`
/// of places is 20 bytes a bucket with up to 2.6 buckets an entry (52 bytes at 100,000 names,
/// where its 3/4 load limit doubles it to 2^18 buckets); a place here is 4 bytes. A value's
/// place is its number: the order it was added in, as the stat file lists it.
package typealias NamedTable<Value: Sendable> = KeyedTable<String, Value>

/// `NamedTable` by any key (the stat file keys its inputs by their paths' digests).
package struct KeyedTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Every value ever added, in order, and its name (nil once removed or named again).
    private var values: ContiguousArray<Value> = []
    private var names: ContiguousArray<Key?> = []
    /// Places by the names' hash, probed linearly: -1 is empty; a place whose name went stays, so
    /// a search goes on past it. A power of two long, at most 3/4 full.
    private var slots: ContiguousArray<Int32> = []
    /// How many names it holds.
    package private(set) var count = 0

    package init() {}

    package init(_ values: [Key: Value]) {
        reserveCapacity(values.count)
        for (name, value) in values { self[name] = value }
    }

    package var isEmpty: Bool { count == 0 }

    /// The names it holds, in the order they were added.
    package var allNames: [Key] { names.compactMap { $0 } }

    package mutating func reserveCapacity(_ count: Int) {
        values.reserveCapacity(count)
        names.reserveCapacity(count)
        if Self.slotCount(for: count) > slots.count { rehash(Self.slotCount(for: count)) }
    }

    /// `name`'s value; setting a name again gives it a new number.
    package subscript(name: Key) -> Value? {
        get { place(of: name).map { values[Int($0)] } }
        set {
            if let old = place(of: name) {
                names[Int(old)] = nil
                count -= 1
            }
            guard let newValue else { return }
            if Self.slotCount(for: values.count + 1) > slots.count {
                rehash(Self.slotCount(for: Swift.max(values.count + 1, 2 * count)))
            }
            let place = Int32(values.count)
            values.append(newValue)
            names.append(name)
            slots[emptySlot(for: name)] = place
            count += 1
        }
    }

    /// Changes `name`'s value in its place (nothing when there is none).
    package mutating func update(_ name: Key, _ change: (inout Value) -> Void) {
        guard let place = place(of: name) else { return }
        change(&values[Int(place)])
    }

    /// `name`'s value with its number.
    package func numbered(_ name: Key) -> (value: Value, number: Int)? {
        place(of: name).map { (values[Int($0)], Int($0)) }
    }

    /// The value numbered `number` (below `numberLimit`), named or not.
    package func value(number: Int) -> Value { values[number] }

    /// The name of the value numbered `number`; nil once it was removed or named again.
    package func name(number: Int) -> Key? { names[number] }

    /// Calls `body` with each name, its value and number, in the order they were added.
    package func forEach(_ body: (_ name: Key, _ value: Value, _ number: Int) -> Void) {
        for (number, name) in names.enumerated() {
            if let name { body(name, values[number], number) }
        }
    }

    /// The numbers run below this.
    package var numberLimit: Int { values.count }

    /// The place of `name`'s value, when it holds the name.
    private func place(of name: Key) -> Int32? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = name.hashValue & mask
        while true {
            let place = slots[slot]
            if place < 0 { return nil }
            if names[Int(place)] == name { return place }
            slot = (slot + 1) & mask
        }
    }

    /// The first empty slot on `name`'s probe.
    private func emptySlot(for name: Key) -> Int {
        let mask = slots.count - 1
        var slot = name.hashValue & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        return slot
    }

    /// Slots for the names held, `slotCount` of them; places of names that went are dropped.
    private mutating func rehash(_ slotCount: Int) {
        slots = ContiguousArray(repeating: -1, count: slotCount)
        for (place, name) in names.enumerated() {
            if let name { slots[emptySlot(for: name)] = Int32(place) }
        }
    }

    /// The power of two of slots that keeps `count` places at most 3/4 full.
    private static func slotCount(for count: Int) -> Int {
        var slots = 8
        while slots * 3 < count * 4 { slots *= 2 }
        return slots
    }
}

extension KeyedTable: Equatable where Value: Equatable {
    package static func == (one: KeyedTable, other: KeyedTable) -> Bool {
        guard one.count == other.count else { return false }
        var same = true
        one.forEach { name, value, _ in
            if same, other[name] != value { same = false }
        }
        return same
    }
}
