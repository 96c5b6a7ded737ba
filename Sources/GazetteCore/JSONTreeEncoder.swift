/// Turns an `Encodable` value into the `JSONValue` that writes it, so documents such as
/// `report.json` are typed structs and still written by Gazette's own writer (keys sorted, full
/// precision). Two rules of those documents are the encoder's: an optional that is nil is written as
/// an explicit `null` (where `JSONEncoder` leaves the key out), and a `StreamedArray` becomes a
/// lazily written array, its elements encoded one by one as the document is written.
package enum JSONTreeEncoder {
    package static func value(of value: some Encodable) throws -> JSONValue {
        let node = TreeNode()
        try node.store(value, codingPath: [])
        return node.value
    }
}

/// One value being encoded; objects and arrays hold their children as nodes until the whole
/// value is done, so containers made early can still be filled later, as `Encodable` allows.
final class TreeNode {
    private enum Content {
        case empty
        case leaf(JSONValue)
        case object([(key: String, node: TreeNode)])
        case array([TreeNode])
    }

    private var content = Content.empty

    var value: JSONValue {
        switch content {
        case .empty: return .object([:])
        case let .leaf(value): return value
        case let .object(fields):
            // Sorted here, as `.object` would sort them when written: the same bytes, no dictionary.
            return .sortedObject(fields.map { ($0.key, $0.node.value) }.sorted { $0.key < $1.key })
        case let .array(items): return .array(items.map(\.value))
        }
    }

    func set(_ value: JSONValue) { content = .leaf(value) }

    /// The node of `key` in this object (made an object if it is not one yet); a key encoded
    /// twice keeps its last value. Found by a linear search: the objects written so are small.
    func field(_ key: String) -> TreeNode {
        var fields: [(key: String, node: TreeNode)] = []
        if case let .object(existing) = content { fields = existing }
        content = .empty  // so `fields` is the only reference and grows in place
        let node = TreeNode()
        if let index = fields.firstIndex(where: { $0.key == key }) {
            fields[index].node = node
        } else {
            fields.append((key, node))
        }
        content = .object(fields)
        return node
    }

    func makeObject() {
        if case .object = content { return }
        content = .object([])
    }

    /// A new last element of this array (made an array if it is not one yet).
    func appendElement() -> TreeNode {
        var items: [TreeNode] = []
        if case let .array(existing) = content { items = existing }
        content = .empty  // so `items` is the only reference and grows in place
        let node = TreeNode()
        items.append(node)
        content = .array(items)
        return node
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    var count: Int {
        if case let .array(items) = content { return items.count }
        return 0
    }

    /// Stores any value: text, numbers and flags directly, everything else through its `encode(to:)`.
    func store<Value: Encodable>(_ value: Value, codingPath: [any CodingKey]) throws {
        switch value {
        case let text as String: set(.string(text))
        case let number as Int: set(.int(number))
        case let number as Double: set(.double(number))
        case let flag as Bool: set(.bool(flag))
        default: try value.encode(to: TreeEncoder(node: self, codingPath: codingPath))
        }
    }
}

struct TreeEncoder: Encoder {
    let node: TreeNode
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(TreeObjectContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return TreeArrayContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        TreeLeafContainer(node: node, codingPath: codingPath)
    }
}

/// Integers of every width as JSON integers (one beyond `Int` as a double, which JSON allows).
private func integer(_ value: some BinaryInteger) -> JSONValue {
    Int(exactly: value).map(JSONValue.int) ?? .double(Double(value))
}

private struct TreeObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: TreeNode
    var codingPath: [any CodingKey]

    private func put(_ value: JSONValue, _ key: Key) { node.field(key.stringValue).set(value) }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(.double(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(.double(Double(value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.int(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(integer(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(integer(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(integer(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(integer(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(integer(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(integer(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(integer(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(integer(value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try node.field(key.stringValue).store(value, codingPath: codingPath + [key])
    }

    // Explicit nulls: a missing value is written as `null`, never left out.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try present(value, key) }

    private mutating func present<T: Encodable>(_ value: T?, _ key: Key) throws {
        guard let value else { return put(.null, key) }
        try encode(value, forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = node.field(key.stringValue)
        child.makeObject()
        return KeyedEncodingContainer(TreeObjectContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.field(key.stringValue)
        child.makeArray()
        return TreeArrayContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        TreeEncoder(node: node.field("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(node: node.field(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct TreeArrayContainer: UnkeyedEncodingContainer {
    let node: TreeNode
    var codingPath: [any CodingKey]
    var count: Int { node.count }

    mutating func encodeNil() throws { node.appendElement().set(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try node.appendElement().store(value, codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = node.appendElement()
        child.makeObject()
        return KeyedEncodingContainer(TreeObjectContainer<NestedKey>(node: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = node.appendElement()
        child.makeArray()
        return TreeArrayContainer(node: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        TreeEncoder(node: node.appendElement(), codingPath: codingPath)
    }
}

private struct TreeLeafContainer: SingleValueEncodingContainer {
    let node: TreeNode
    var codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.set(.null) }
    mutating func encode(_ value: Bool) throws { node.set(.bool(value)) }
    mutating func encode(_ value: String) throws { node.set(.string(value)) }
    mutating func encode(_ value: Double) throws { node.set(.double(value)) }
    mutating func encode(_ value: Float) throws { node.set(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { node.set(.int(value)) }
    mutating func encode(_ value: Int8) throws { node.set(integer(value)) }
    mutating func encode(_ value: Int16) throws { node.set(integer(value)) }
    mutating func encode(_ value: Int32) throws { node.set(integer(value)) }
    mutating func encode(_ value: Int64) throws { node.set(integer(value)) }
    mutating func encode(_ value: UInt) throws { node.set(integer(value)) }
    mutating func encode(_ value: UInt8) throws { node.set(integer(value)) }
    mutating func encode(_ value: UInt16) throws { node.set(integer(value)) }
    mutating func encode(_ value: UInt32) throws { node.set(integer(value)) }
    mutating func encode(_ value: UInt64) throws { node.set(integer(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try node.store(value, codingPath: codingPath) }
}
