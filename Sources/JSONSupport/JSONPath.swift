import Foundation

/// A place in a JSON document as a job's `fields:` names it (docs/reference/inputs.md, "Any other
/// JSON"): keys joined by `.`; `[]` after a key for each element of its array, `{}` for each value
/// of its object (in key order), `[2]` for one element; `.` alone for the value itself; `$.` first
/// for a path from the document rather than from the race (`$.meeting.venue`).
package struct JSONPath: Equatable, Sendable {
    package enum Step: Equatable, Sendable {
        case key(String)
        case index(Int)
        /// Each element of an array.
        case each
        /// Each value of an object, by key.
        case eachValue
    }

    /// One value the path reached, with its key path in the document (`data.events[2].odds.win`).
    package struct Found {
        package var keyPath: String
        package var value: Any
    }

    /// Where a path could not go on: a key absent, or an array or object that is something else.
    package struct Fault: Error {
        package var keyPath: String
        package var message: String
    }

    package let text: String
    package let steps: [Step]
    /// Whether the path starts at the document (`$.`), not at the object it is read from.
    package let fromDocument: Bool

    /// Nil for text that is not a path (an empty key, an unclosed `[`, `[x]`).
    package init?(_ text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        fromDocument = text.hasPrefix("$")
        let rest = fromDocument ? String(text.dropFirst(text.hasPrefix("$.") ? 2 : 1)) : text
        guard let steps = rest.isEmpty && fromDocument ? [] : Self.steps(rest) else { return nil }
        self.text = text
        self.steps = steps
    }

    /// Whether the path reaches many values (it has `[]` or `{}`).
    package var isList: Bool { steps.contains { $0 == .each || $0 == .eachValue } }

    private static func steps(_ text: String) -> [Step]? {
        if text == "." { return [] }
        var steps: [Step] = []
        var rest = Substring(text)
        guard !rest.isEmpty else { return nil }
        while !rest.isEmpty {
            if rest.first == "." {
                // A dot joins two steps: not first, not last, never two in a row.
                rest.removeFirst()
                guard !steps.isEmpty, let next = rest.first, next != ".", next != "[", next != "{" else { return nil }
            }
            if rest.hasPrefix("{}") {
                steps.append(.eachValue)
                rest.removeFirst(2)
            } else if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]") else { return nil }
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                if inside.isEmpty {
                    steps.append(.each)
                } else {
                    guard inside.allSatisfy({ $0.isASCII && $0.isNumber }), let index = Int(inside) else { return nil }
                    steps.append(.index(index))
                }
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex { $0 == "." || $0 == "[" || $0 == "{" } ?? rest.endIndex
                let key = String(rest[..<end])
                guard !key.isEmpty, !key.contains("]"), !key.contains("}") else { return nil }
                steps.append(.key(key))
                rest = rest[end...]
            }
            if let next = rest.first, next != ".", next != "[", next != "{" { return nil }
        }
        return steps
    }

    /// Every value the path reaches from `root` (at `base` in the document). A key that is absent
    /// (or `null`) reaches nothing; an array or object step on something else is a fault.
    package func values(in root: Any, at base: String = "") throws(Fault) -> [Found] {
        var current = [Found(keyPath: base, value: root)]
        for step in steps {
            var next: [Found] = []
            for found in current { next += try Self.apply(step, to: found) }
            current = next
        }
        return current
    }

    /// The one value a path without `[]` or `{}` reaches, or nil when a key on the way is absent.
    package func value(in root: Any, at base: String = "") throws(Fault) -> Found? {
        try values(in: root, at: base).first
    }

    /// Like `values`, but a key absent on the way is a fault: for a list the input must have.
    package func requiredValues(in root: Any, at base: String = "") throws(Fault) -> [Found] {
        var current = [Found(keyPath: base, value: root)]
        for step in steps {
            var next: [Found] = []
            for found in current {
                let reached = try Self.apply(step, to: found)
                if reached.isEmpty, case .key(let key) = step {
                    throw Fault(keyPath: Self.joined(found.keyPath, key), message: "missing required key")
                }
                next += reached
            }
            current = next
        }
        return current
    }

    private static func apply(_ step: Step, to found: Found) throws(Fault) -> [Found] {
        switch step {
        case .key(let key):
            guard let object = found.value as? [String: Any] else {
                throw Fault(keyPath: found.keyPath, message: "expected an object, found \(kind(found.value))")
            }
            guard let value = object[key], !(value is NSNull) else { return [] }
            return [Found(keyPath: joined(found.keyPath, key), value: value)]
        case .index(let index):
            guard let array = found.value as? [Any] else {
                throw Fault(keyPath: found.keyPath, message: "expected an array, found \(kind(found.value))")
            }
            guard array.indices.contains(index), !(array[index] is NSNull) else { return [] }
            return [Found(keyPath: found.keyPath + "[\(index)]", value: array[index])]
        case .each:
            guard let array = found.value as? [Any] else {
                throw Fault(keyPath: found.keyPath, message: "expected an array, found \(kind(found.value))")
            }
            return array.enumerated().filter { !($0.element is NSNull) }.map {
                Found(keyPath: found.keyPath + "[\($0.offset)]", value: $0.element)
            }
        case .eachValue:
            guard let object = found.value as? [String: Any] else {
                throw Fault(keyPath: found.keyPath, message: "expected an object, found \(kind(found.value))")
            }
            // Key order, not the hash's: the same input reads the same way on every run.
            return object.keys.sorted().compactMap { key in
                object[key].flatMap { $0 is NSNull ? nil : Found(keyPath: joined(found.keyPath, key), value: $0) }
            }
        }
    }

    package static func joined(_ base: String, _ key: String) -> String {
        base.isEmpty ? key : base + "." + key
    }

    /// What a value is, in the words of `JSONInputError`'s mismatches.
    package static func kind(_ value: Any) -> String {
        switch value {
        case is String: return "a string"
        case let number as NSNumber: return isBool(number) ? "a boolean" : "a number"
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        default: return "null"
        }
    }

    /// `JSONSerialization` reads `true` as an `NSNumber` that also reads as 1: told apart by type.
    package static func isBool(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }
}
