import Charts
import Localization
import Foundation

/// Writes an `Encodable` chart as the compact bytes its cache key is hashed from.
///
/// It replaces `JSONEncoder`, which built a whole JSON tree of every point of every chart before
/// hashing it: on a 1M-line log that was 7 % of the build's CPU. Every field the chart encodes is
/// written, so a field added to a chart is in its key without anyone remembering it.
///
/// The bytes are a pre-order walk of the encoded tree: each record carries its depth, what it is
/// (a keyed field with its key, an unkeyed item, a single value, a container's start) and its
/// value in a fixed width or with its length. Depths make the walk decode to one tree only, so two
/// different charts of one type never give the same bytes. Runs of `DatedValue`, the bulk of every
/// line chart, are written in one go.
enum ChartKeyEncoder {
    static func bytes(_ value: some Encodable) throws -> [UInt8] {
        let sink = KeySink()
        try value.encode(to: KeyEncoder(sink: sink, depth: 0, codingPath: []))
        return sink.bytes
    }
}

/// The bytes written so far, shared by every container of one walk.
private final class KeySink {
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(1024) }

    func record(_ depth: Int, _ kind: UInt8) {
        append(UInt32(truncatingIfNeeded: depth))
        bytes.append(kind)
    }

    func append(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    func append(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    func append(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            append(UInt32(truncatingIfNeeded: utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// A field's key, after a keyed record.
    func key(_ key: some CodingKey) { append(key.stringValue) }

    func null() { bytes.append(UInt8(ascii: "n")) }
    func bool(_ value: Bool) {
        bytes.append(UInt8(ascii: "b"))
        bytes.append(value ? 1 : 0)
    }
    func int(_ value: Int64) {
        bytes.append(UInt8(ascii: "i"))
        append(UInt64(bitPattern: value))
    }
    func uint(_ value: UInt64) {
        bytes.append(UInt8(ascii: "u"))
        append(value)
    }
    func double(_ value: Double) {
        bytes.append(UInt8(ascii: "d"))
        append(value.bitPattern)
    }
    func float(_ value: Float) {
        bytes.append(UInt8(ascii: "f"))
        append(value.bitPattern)
    }
    func string(_ value: String) {
        bytes.append(UInt8(ascii: "s"))
        append(value)
    }

    /// A nested value: written in one go when it is a run of dated values, else through its own encoder.
    func nested(_ value: some Encodable, depth: Int, codingPath: [any CodingKey]) throws {
        if let points = value as? [DatedValue] {
            bytes.append(UInt8(ascii: "P"))
            append(UInt32(truncatingIfNeeded: points.count))
            bytes.reserveCapacity(bytes.count + points.count * 16)
            for point in points {
                append(UInt64(bitPattern: Int64(point.day)))
                append(point.value.bitPattern)
            }
            return
        }
        bytes.append(UInt8(ascii: "e"))
        try value.encode(to: KeyEncoder(sink: self, depth: depth, codingPath: codingPath))
    }
}

/// Record kinds.
private enum Kind {
    static let keyedStart = UInt8(ascii: "{")
    static let unkeyedStart = UInt8(ascii: "[")
    static let field = UInt8(ascii: "k")
    static let item = UInt8(ascii: "-")
    static let single = UInt8(ascii: "=")
}

private struct KeyEncoder: Encoder {
    let sink: KeySink
    let depth: Int
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        sink.record(depth, Kind.keyedStart)
        return KeyedEncodingContainer(KeyedKeyContainer(sink: sink, depth: depth + 1, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.record(depth, Kind.unkeyedStart)
        return UnkeyedKeyContainer(sink: sink, depth: depth + 1, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleKeyContainer(sink: sink, depth: depth, codingPath: codingPath)
    }
}

private struct KeyedKeyContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: KeySink
    let depth: Int
    let codingPath: [any CodingKey]

    private func field(_ key: Key) {
        sink.record(depth, Kind.field)
        sink.key(key)
    }

    mutating func encodeNil(forKey key: Key) throws {
        field(key)
        sink.null()
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        field(key)
        sink.bool(value)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        field(key)
        sink.string(value)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        field(key)
        sink.double(value)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        field(key)
        sink.float(value)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        field(key)
        sink.int(Int64(value))
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
        field(key)
        sink.int(Int64(value))
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        field(key)
        sink.int(Int64(value))
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        field(key)
        sink.int(Int64(value))
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        field(key)
        sink.int(value)
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        field(key)
        sink.uint(UInt64(value))
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        field(key)
        sink.uint(UInt64(value))
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        field(key)
        sink.uint(UInt64(value))
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        field(key)
        sink.uint(UInt64(value))
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        field(key)
        sink.uint(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        // The readers' conventions are named once, in the key's first line (`ChartRenderer.keyBytes`),
        // so a chart in the default conventions keeps the key it had before they were a field.
        if value is TextConventions { return }
        field(key)
        try sink.nested(value, depth: depth + 1, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        field(key)
        return KeyEncoder(sink: sink, depth: depth + 1, codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        field(key)
        return KeyEncoder(sink: sink, depth: depth + 1, codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        sink.record(depth, Kind.field)
        sink.append("super")
        return KeyEncoder(sink: sink, depth: depth + 1, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        field(key)
        return KeyEncoder(sink: sink, depth: depth + 1, codingPath: codingPath + [key])
    }
}

/// The scalar writes shared by the unkeyed and single-value containers: a record, then the value.
private protocol KeyScalarWriter {
    var sink: KeySink { get }
    /// Writes the record that a value follows.
    mutating func begin()
}

extension KeyScalarWriter {
    mutating func encodeNil() throws {
        begin()
        sink.null()
    }
    mutating func encode(_ value: Bool) throws {
        begin()
        sink.bool(value)
    }
    mutating func encode(_ value: String) throws {
        begin()
        sink.string(value)
    }
    mutating func encode(_ value: Double) throws {
        begin()
        sink.double(value)
    }
    mutating func encode(_ value: Float) throws {
        begin()
        sink.float(value)
    }
    mutating func encode(_ value: Int) throws {
        begin()
        sink.int(Int64(value))
    }
    mutating func encode(_ value: Int8) throws {
        begin()
        sink.int(Int64(value))
    }
    mutating func encode(_ value: Int16) throws {
        begin()
        sink.int(Int64(value))
    }
    mutating func encode(_ value: Int32) throws {
        begin()
        sink.int(Int64(value))
    }
    mutating func encode(_ value: Int64) throws {
        begin()
        sink.int(value)
    }
    mutating func encode(_ value: UInt) throws {
        begin()
        sink.uint(UInt64(value))
    }
    mutating func encode(_ value: UInt8) throws {
        begin()
        sink.uint(UInt64(value))
    }
    mutating func encode(_ value: UInt16) throws {
        begin()
        sink.uint(UInt64(value))
    }
    mutating func encode(_ value: UInt32) throws {
        begin()
        sink.uint(UInt64(value))
    }
    mutating func encode(_ value: UInt64) throws {
        begin()
        sink.uint(value)
    }
}

private struct UnkeyedKeyContainer: UnkeyedEncodingContainer, KeyScalarWriter {
    let sink: KeySink
    let depth: Int
    let codingPath: [any CodingKey]
    private(set) var count = 0

    init(sink: KeySink, depth: Int, codingPath: [any CodingKey]) {
        self.sink = sink
        self.depth = depth
        self.codingPath = codingPath
    }

    mutating func begin() {
        sink.record(depth, Kind.item)
        count += 1
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        begin()
        try sink.nested(value, depth: depth + 1, codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        begin()
        return KeyEncoder(sink: sink, depth: depth + 1, codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        begin()
        return KeyEncoder(sink: sink, depth: depth + 1, codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        begin()
        return KeyEncoder(sink: sink, depth: depth + 1, codingPath: codingPath)
    }
}

private struct SingleKeyContainer: SingleValueEncodingContainer, KeyScalarWriter {
    let sink: KeySink
    let depth: Int
    let codingPath: [any CodingKey]

    func begin() { sink.record(depth, Kind.single) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        begin()
        try sink.nested(value, depth: depth + 1, codingPath: codingPath)
    }
}
