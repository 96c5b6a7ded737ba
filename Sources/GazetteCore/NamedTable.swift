/// Values by name (the stat file's values, the ledger's spans, the manifest's records), held as
/// one array of values and a table from name to place in it: a `[String: Value]` keeps a value's
/// room in every one of its buckets (about 2.6 for each entry at 100,000 reports), and a
/// report's value is some 180 bytes. A value's place is its number: the order it was added in,
/// as the stat file lists it.
package struct NamedTable<Value: Sendable>: Sendable {
    private var places: [String: Int32] = [:]
    /// Every value ever added, in order; a removed one stays, no longer named.
    private var values: ContiguousArray<Value> = []

    package init() {}

    package init(_ values: [String: Value]) {
        reserveCapacity(values.count)
        for (name, value) in values { self[name] = value }
    }

    /// How many names it holds.
    package var count: Int { places.count }

    package var isEmpty: Bool { places.isEmpty }

    /// The names it holds, in no order.
    package var names: Dictionary<String, Int32>.Keys { places.keys }

    package mutating func reserveCapacity(_ count: Int) {
        places.reserveCapacity(count)
        values.reserveCapacity(count)
    }

    /// `name`'s value; setting a name again gives it a new number.
    package subscript(name: String) -> Value? {
        get { places[name].map { values[Int($0)] } }
        set {
            guard let newValue else {
                places[name] = nil
                return
            }
            places[name] = Int32(values.count)
            values.append(newValue)
        }
    }

    /// Changes `name`'s value in its place (nothing when there is none).
    package mutating func update(_ name: String, _ change: (inout Value) -> Void) {
        guard let place = places[name] else { return }
        change(&values[Int(place)])
    }

    /// `name`'s value with its number.
    package func numbered(_ name: String) -> (value: Value, number: Int)? {
        places[name].map { (values[Int($0)], Int($0)) }
    }

    /// Calls `body` with each name, its value and number, in no order.
    package func forEach(_ body: (_ name: String, _ value: Value, _ number: Int) -> Void) {
        for (name, place) in places { body(name, values[Int(place)], Int(place)) }
    }

    /// The numbers run below this.
    package var numberLimit: Int { values.count }
}

extension NamedTable: Equatable where Value: Equatable {
    package static func == (one: NamedTable, other: NamedTable) -> Bool {
        guard one.count == other.count else { return false }
        for (name, place) in one.places where other[name] != one.values[Int(place)] { return false }
        return true
    }
}
