/// Values by name (the stat file's stamps, the ledger's spans, the manifest's records), held as one array of values and a
/// table from name to place in it: a `[String: Value]` keeps a value's room in every one of its
/// buckets (about 2.6 for each entry at 100,000 reports), and a report's stamp is some 180 bytes.
/// A value's place is its number: the order it was added in, as the stat file lists it.
package struct NamedTable<Stamp: Sendable>: Sendable {
    private var places: [String: Int32] = [:]
    /// Every stamp ever added, in order; a removed one stays, no longer named.
    private var stamps: ContiguousArray<Stamp> = []

    package init() {}

    package init(_ stamps: [String: Stamp]) {
        reserveCapacity(stamps.count)
        for (name, stamp) in stamps { self[name] = stamp }
    }

    /// How many names it holds.
    package var count: Int { places.count }

    package var isEmpty: Bool { places.isEmpty }

    /// The names it holds, in no order.
    package var names: Dictionary<String, Int32>.Keys { places.keys }

    package mutating func reserveCapacity(_ count: Int) {
        places.reserveCapacity(count)
        stamps.reserveCapacity(count)
    }

    /// `name`'s stamp; setting a name again gives it a new number.
    package subscript(name: String) -> Stamp? {
        get { places[name].map { stamps[Int($0)] } }
        set {
            guard let newValue else {
                places[name] = nil
                return
            }
            places[name] = Int32(stamps.count)
            stamps.append(newValue)
        }
    }

    /// Changes `name`'s stamp in its place (nothing when there is none).
    package mutating func update(_ name: String, _ change: (inout Stamp) -> Void) {
        guard let place = places[name] else { return }
        change(&stamps[Int(place)])
    }

    /// `name`'s stamp with its number.
    package func numbered(_ name: String) -> (stamp: Stamp, number: Int)? {
        places[name].map { (stamps[Int($0)], Int($0)) }
    }

    /// Calls `body` with each name, its stamp and number, in no order.
    package func forEach(_ body: (_ name: String, _ stamp: Stamp, _ number: Int) -> Void) {
        for (name, place) in places { body(name, stamps[Int(place)], Int(place)) }
    }

    /// The numbers run below this.
    package var numberLimit: Int { stamps.count }

}

extension NamedTable: Equatable where Stamp: Equatable {
    package static func == (one: NamedTable, other: NamedTable) -> Bool {
        guard one.count == other.count else { return false }
        for (name, place) in one.places where other[name] != one.stamps[Int(place)] { return false }
        return true
    }
}
