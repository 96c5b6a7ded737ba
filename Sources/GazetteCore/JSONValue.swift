import Foundation

/// A JSON document written the same way every time: keys sorted, numbers at full precision,
/// explicit nulls. `report.json` and `manifest.json` are public interfaces, so the writer is ours.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// An array whose elements are made one by one as it is written, so a long list (a log's
    /// daily records) is never held as values.
    case lazyArray(JSONList)
    case object([String: JSONValue])

    /// Pretty-printed with two-space indents and a final newline.
    public func rendered() -> String {
        var out = ""
        write(into: &out)
        return out
    }

    /// The same text, appended piece by piece to `out` (a file being written, for a long document).
    public func write(into out: inout some TextSink) {
        write(into: &out, indent: 0)
        out += "\n"
    }

    private func write(into out: inout some TextSink, indent: Int) {
        if case let .lazyArray(list) = self {
            var items = list.makeIterator()
            guard var current = items.next() else { out += "[]"; return }
            out += "[\n"
            while true {
                out += Self.indent(indent + 1)
                current.write(into: &out, indent: indent + 1)
                guard let next = items.next() else { break }
                out += ",\n"
                current = next
            }
            out += "\n" + Self.indent(indent) + "]"
            return
        }
        switch self {
        case .null: out += "null"
        case let .bool(value): out += value ? "true" : "false"
        case let .int(value): out += String(value)
        case let .double(value): out += Self.number(value)
        case let .string(value): Self.quote(value, into: &out)
        case .lazyArray:
            break
        case let .array(items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += Self.indent(indent + 1)
                item.write(into: &out, indent: indent + 1)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += Self.indent(indent) + "]"
        case let .object(fields):
            guard !fields.isEmpty else { out += "{}"; return }
            out += "{\n"
            let keys = fields.keys.sorted()
            for (index, key) in keys.enumerated() {
                out += Self.indent(indent + 1)
                Self.quote(key, into: &out)
                out += ": "
                fields[key]!.write(into: &out, indent: indent + 1)
                out += index == keys.count - 1 ? "\n" : ",\n"
            }
            out += Self.indent(indent) + "}"
        }
    }

    /// Two spaces per level; the common depths are made once.
    private static let indents = (0..<16).map { String(repeating: "  ", count: $0) }

    private static func indent(_ level: Int) -> String {
        level < indents.count ? indents[level] : String(repeating: "  ", count: level)
    }

    /// Shortest text that reads back as the same Double; integral values keep a ".0".
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return "\(value)"
    }

    package static func quote(_ text: String, into out: inout some TextSink) {
        // Most strings need no escape: append them whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "<") }) {
            out += "\""
            out += text
            out += "\""
            return
        }
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<": out += "\\u003c"  // safe to inline in HTML
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out += String(scalar)
                }
            }
        }
        out += "\""
    }
}

extension JSONValue {
    /// Equal when they write the same document: a lazy array equals the array of its elements.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.object(a), .object(b)): return a == b
        case (.array, .array), (.array, .lazyArray), (.lazyArray, .array), (.lazyArray, .lazyArray):
            return lhs.elements == rhs.elements
        default: return false
        }
    }

    /// The elements of an array, made or lazy; nil for any other value.
    public var elements: [JSONValue]? {
        switch self {
        case let .array(items): return items
        case let .lazyArray(list): return Array(IteratorSequence(list.makeIterator()))
        default: return nil
        }
    }

    public static func optional(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }
    public static func optional(_ value: Double?) -> JSONValue { value.map(JSONValue.double) ?? .null }
    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
}

/// The elements of a lazily written JSON array, made one by one as it is written.
public struct JSONList: Equatable, Sendable {
    public let makeIterator: @Sendable () -> AnyIterator<JSONValue>

    /// Elements by index.
    public init(count: Int, element: @escaping @Sendable (Int) -> JSONValue) {
        makeIterator = {
            var index = 0
            return AnyIterator {
                guard index < count else { return nil }
                index += 1
                return element(index - 1)
            }
        }
    }

    /// Elements as a sequence makes them (read from files, say).
    public init(makeIterator: @escaping @Sendable () -> AnyIterator<JSONValue>) {
        self.makeIterator = makeIterator
    }

    /// Lists are equal when their elements are (tests compare whole documents).
    public static func == (lhs: JSONList, rhs: JSONList) -> Bool {
        Array(IteratorSequence(lhs.makeIterator())) == Array(IteratorSequence(rhs.makeIterator()))
    }
}

/// Where written text goes: a string, or a file written as it fills.
public protocol TextSink {
    static func += (sink: inout Self, text: String)
}

extension String: TextSink {}
