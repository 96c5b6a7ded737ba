import Foundation

/// A JSON document written the same way every time: keys sorted, numbers at full precision,
/// explicit nulls. `report.json` and `manifest.json` are public interfaces, so the writer is ours.
public enum JSONValue: Equatable, Sendable {
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
    /// An object whose fields are made one by one, in key order, as it is written, so a long one
    /// (the manifest's record of every report and chart) is never held as values.
    case lazyObject(JSONFields)

    /// An object whose fields are given already in key order (a long list's small records): no
    /// dictionary to build and no keys to sort. Written as `.object` writes the same fields.
    case sortedObject([(key: String, value: JSONValue)])

    /// Pretty-printed with two-space indents and a final newline.
    public func rendered() -> String {
        var out = ""
        write(into: &out)
        return out
    }

    /// The same text, appended piece by piece to `out` (a file being written, for a long document).
    public func write(into out: inout some TextSink) {
        var writer = JSONWriter()
        writer.write(self, indent: 0) { out.appendUTF8($0) }
        writer.bytes.append(UInt8(ascii: "\n"))
        writer.flush { out.appendUTF8($0) }
    }

    /// Shortest text that reads back as the same Double; integral values keep a ".0".
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return value.description
    }
}

/// Writes JSON text as bytes into a buffer it hands on every 64 KiB: one concrete type, so the
/// long lists of `report.json` and the manifest are written without a call through a protocol
/// per piece.
private struct JSONWriter: ~Copyable {
    var bytes = ByteBuffer(capacity: Self.chunk + 1024)
    private static let chunk = 1 << 16

    mutating func flush(_ emit: (UnsafeRawBufferPointer) -> Void) {
        bytes.drain(emit)
    }

    mutating func write(_ value: JSONValue, indent: Int, _ emit: (UnsafeRawBufferPointer) -> Void) {
        if bytes.count >= Self.chunk { flush(emit) }
        switch value {
        case .null: append("null")
        case let .bool(flag): append(flag ? "true" : "false")
        case let .int(number): append(String(number))
        case let .double(number): append(JSONValue.number(number))
        case let .string(text): quote(text)
        case let .array(items):
            list(items.makeIterator(), indent: indent, emit)
        case let .lazyArray(list):
            self.list(list.makeIterator(), indent: indent, emit)
        case let .object(fields):
            let keys = fields.keys.sorted()
            object(keys.lazy.map { ($0, fields[$0]!) }.makeIterator(), indent: indent, emit)
        case let .sortedObject(fields):
            // The small records of a long list: written field by field, with no iterator between.
            guard !fields.isEmpty else { return append("{}") }
            append("{\n")
            for (index, field) in fields.enumerated() {
                if index > 0 { append(",\n") }
                spaces(indent + 1)
                quote(field.key)
                append(": ")
                write(field.value, indent: indent + 1, emit)
            }
            bytes.append(UInt8(ascii: "\n"))
            spaces(indent)
            bytes.append(UInt8(ascii: "}"))
        case let .lazyObject(fields):
            object(fields.makeIterator().lazy.map { ($0.key, $0.value) }.makeIterator(), indent: indent, emit)
        }
    }

    private mutating func list(
        _ items: some IteratorProtocol<JSONValue>, indent: Int, _ emit: (UnsafeRawBufferPointer) -> Void
    ) {
        var items = items
        guard var current = items.next() else { return append("[]") }
        append("[\n")
        while true {
            spaces(indent + 1)
            write(current, indent: indent + 1, emit)
            guard let next = items.next() else { break }
            append(",\n")
            current = next
        }
        bytes.append(UInt8(ascii: "\n"))
        spaces(indent)
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func object(
        _ fields: some IteratorProtocol<(String, JSONValue)>, indent: Int,
        _ emit: (UnsafeRawBufferPointer) -> Void
    ) {
        var fields = fields
        guard var current = fields.next() else { return append("{}") }
        append("{\n")
        while true {
            spaces(indent + 1)
            quote(current.0)
            append(": ")
            write(current.1, indent: indent + 1, emit)
            guard let next = fields.next() else { break }
            append(",\n")
            current = next
        }
        bytes.append(UInt8(ascii: "\n"))
        spaces(indent)
        bytes.append(UInt8(ascii: "}"))
    }

    /// Two spaces per level, copied from one run of spaces.
    private mutating func spaces(_ level: Int) {
        let count = 2 * level
        guard count <= Self.blanks.count else {
            return bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
        }
        Self.blanks.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    private static let blanks = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private mutating func quote(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            // Most strings need no escape: append them whole.
            if !utf8.contains(where: {
                $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "<")
            }) {
                bytes.append(contentsOf: utf8)
            } else {
                for byte in utf8 { escape(byte) }
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case UInt8(ascii: "\n"): append("\\n")
        case UInt8(ascii: "\r"): append("\\r")
        case UInt8(ascii: "\t"): append("\\t")
        case UInt8(ascii: "<"): append("\\u003c")  // safe to inline in HTML
        case ..<0x20:
            let digits = Array("0123456789abcdef".utf8)
            append("\\u00")
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0F)])
        default: bytes.append(byte)
        }
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
        case (.object, .object), (.object, .lazyObject), (.lazyObject, .object), (.lazyObject, .lazyObject),
            (.sortedObject, _), (_, .sortedObject):
            guard let left = lhs.fields, let right = rhs.fields else { return false }
            return left == right
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

    /// The fields of an object, made or lazy; nil for any other value.
    public var fields: [String: JSONValue]? {
        switch self {
        case let .object(fields): return fields
        case let .sortedObject(pairs):
            return Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        case let .lazyObject(list):
            return Dictionary(
                IteratorSequence(list.makeIterator()).map { ($0.key, $0.value) },
                uniquingKeysWith: { first, _ in first })
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

/// The fields of a lazily written JSON object, made one by one in key order as it is written.
public struct JSONFields: Equatable, Sendable {
    /// Gives the fields sorted by key, as `JSONValue.object` writes them.
    public let makeIterator: @Sendable () -> AnyIterator<(key: String, value: JSONValue)>

    public init(makeIterator: @escaping @Sendable () -> AnyIterator<(key: String, value: JSONValue)>) {
        self.makeIterator = makeIterator
    }

    public static func == (lhs: JSONFields, rhs: JSONFields) -> Bool {
        JSONValue.lazyObject(lhs) == JSONValue.lazyObject(rhs)
    }
}

/// Where written text goes: a string, or a file written as it fills.
public protocol TextSink {
    static func += (sink: inout Self, text: String)
    /// UTF-8 text as bytes (whole characters: a writer hands on only what it finished).
    mutating func appendUTF8(_ bytes: UnsafeRawBufferPointer)
}

extension TextSink {
    public mutating func appendUTF8(_ bytes: UnsafeRawBufferPointer) {
        self += String(decoding: bytes, as: UTF8.self)
    }
}

extension String: TextSink {}
