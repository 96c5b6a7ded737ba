import Mustache
import GazetteCore
import Reports

/// One object of a lowered page context: its fields by name, read by swift-mustache through
/// `MustacheParent` (a dictionary look-up, no reflection) and walked by the strict checker.
///
/// A lowered context holds only `TemplateText`, `Bool`, `Int`, `Double`, `[Any]` and `TemplateObject`
/// values. A field that is `nil` is kept as present-but-empty, so the checker can tell it from a
/// name the context does not have.
public struct TemplateObject: MustacheParent, @unchecked Sendable {
    /// Field values by name; `.some(nil)` is a field that is there but empty.
    package let fields: [String: Any?]
    /// Field names in declaration order, for error messages.
    package let names: [String]

    package init(fields: [String: Any?], names: [String]) {
        self.fields = fields
        self.names = names
    }

    /// An empty field reads as missing, as swift-mustache reads a `nil` optional by reflection:
    /// the look-up then goes on up the context stack.
    public func child(named name: String) -> Any? {
        fields[name] ?? nil
    }

    /// The field called `name`: `.some(nil)` when it is there but empty, `nil` when there is none.
    package func field(_ name: String) -> Any?? {
        fields[name]
    }
}

/// A text value of a lowered context. swift-mustache renders a `MustacheCustomRenderable` from
/// its `renderText`, which spares it the casts and `String(describing:)` it spends on a plain
/// `String` found through `Any`: the hot path of a page with a long table.
public struct TemplateText: MustacheCustomRenderable, CustomStringConvertible, Sendable {
    public let renderText: String
    public var isNull: Bool { false }
    public var description: String { renderText }

    package init(_ text: String) {
        renderText = text
    }
}

/// Turns a page context (a plain `Encodable` struct of pre-formatted values) into the tree of
/// dictionaries and arrays that templates read: once per page, with no reflection.
package enum TemplateLowering {
    /// `userInfo` reaches every value's `encode(to:)`: a channel uses it to say how values that
    /// differ per channel (a chart's pictures) are to be written.
    package static func lower<Context: Encodable>(_ context: Context, userInfo: [CodingUserInfoKey: Any] = [:])
        throws(BuildError) -> Any
    {
        let encoder = LoweringEncoder(path: [], userInfo: userInfo)
        do {
            try context.encode(to: encoder)
        } catch let error as BuildError {
            throw error
        } catch {
            throw BuildError(.template, .none, "cannot lower the page's context: \(error)")
        }
        return encoder.result ?? TemplateObject(fields: [:], names: [])
    }

    /// A value of a field or list element; primitives stay as they are, structs become objects.
    fileprivate static func lowerValue<T: Encodable>(_ value: T, path: [CodingKey], userInfo: [CodingUserInfoKey: Any])
        throws -> Any?
    {
        switch value {
        case let text as String: return TemplateText(text)
        case let flag as Bool: return flag
        case let number as Int: return number
        case let number as Double: return number
        // A long page's long lists: each row lowered only when a template reaches it.
        case let rows as [DailyRecordRow]: return lazily(rows, userInfo: userInfo)
        case let rows as [TableRow]: return lazily(rows, userInfo: userInfo)
        default:
            let encoder = LoweringEncoder(path: path, userInfo: userInfo)
            try value.encode(to: encoder)
            return encoder.result
        }
    }
}

extension TemplateLowering {
    /// A list whose elements are lowered when a template reaches them.
    fileprivate static func lazily<Element: Encodable>(_ items: [Element], userInfo: [CodingUserInfoKey: Any])
        -> TemplateLazyList
    {
        TemplateLazyList(count: items.count) { index in
            (try? TemplateLowering.lower(items[index], userInfo: userInfo)) ?? TemplateObject(fields: [:], names: [])
        }
    }
}

/// Storage of a keyed container while it is filled.
final class ObjectStorage {
    // Room for a typical context object up front, so filling it does not grow the table three times.
    package var fields = [String: Any?](minimumCapacity: 8)
    package var names: [String] = {
        var names: [String] = []
        names.reserveCapacity(8)
        return names
    }()
    /// Set when a hand-written conformance asked for a nested container, whose storage is then
    /// resolved when the object is finished; synthesized conformances never do.
    package var hasNested = false

    package func set(_ value: Any?, _ key: String) {
        if fields.updateValue(value, forKey: key) == nil { names.append(key) }
    }

    package var object: TemplateObject {
        guard hasNested else { return TemplateObject(fields: fields, names: names) }
        return TemplateObject(fields: fields.mapValues { $0.map(resolveNested) }, names: names)
    }
}

final class ListStorage {
    package var items: [Any] = []
    package var hasNested = false

    package var list: [Any] { hasNested ? items.map(resolveNested) : items }
}

private func resolveNested(_ value: Any) -> Any {
    switch value {
    case let object as ObjectStorage: return object.object
    case let list as ListStorage: return list.list
    default: return value
    }
}

final class LoweringEncoder: Encoder {
    enum Storage {
        case none
        case object(ObjectStorage)
        case list(ListStorage)
        case single(Any?)
    }

    package var codingPath: [CodingKey]
    package let userInfo: [CodingUserInfoKey: Any]
    var storage = Storage.none

    package init(path: [CodingKey], userInfo: [CodingUserInfoKey: Any]) {
        codingPath = path
        self.userInfo = userInfo
    }

    package var result: Any? {
        switch storage {
        case .none: return nil
        case let .object(object): return object.object
        case let .list(list): return list.list
        case let .single(value): return value
        }
    }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: ObjectStorage
        if case let .object(existing) = storage {
            object = existing
        } else {
            object = ObjectStorage()
            storage = .object(object)
        }
        return KeyedEncodingContainer(ObjectContainer<Key>(storage: object, codingPath: codingPath, userInfo: userInfo))
    }

    package func unkeyedContainer() -> UnkeyedEncodingContainer {
        let list: ListStorage
        if case let .list(existing) = storage {
            list = existing
        } else {
            list = ListStorage()
            storage = .list(list)
        }
        return ListContainer(storage: list, codingPath: codingPath, userInfo: userInfo)
    }

    package func singleValueContainer() -> SingleValueEncodingContainer {
        SingleContainer(encoder: self)
    }
}

private struct ObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    package let storage: ObjectStorage
    package var codingPath: [CodingKey]
    package let userInfo: [CodingUserInfoKey: Any]

    package mutating func encodeNil(forKey key: Key) throws { storage.set(nil, key.stringValue) }
    package mutating func encode(_ value: Bool, forKey key: Key) throws { storage.set(value, key.stringValue) }
    package mutating func encode(_ value: String, forKey key: Key) throws {
        storage.set(TemplateText(value), key.stringValue)
    }
    package mutating func encode(_ value: Int, forKey key: Key) throws { storage.set(value, key.stringValue) }
    package mutating func encode(_ value: Double, forKey key: Key) throws { storage.set(value, key.stringValue) }

    package mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        storage.set(
            try TemplateLowering.lowerValue(value, path: codingPath + [key], userInfo: userInfo), key.stringValue)
    }

    // An absent optional stays a field, empty: the checker then knows the name is right.
    package mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        storage.set(value.map(TemplateText.init), key.stringValue)
    }
    package mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        storage.set(value, key.stringValue)
    }
    package mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { storage.set(value, key.stringValue) }
    package mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        storage.set(value, key.stringValue)
    }
    package mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else { return storage.set(nil, key.stringValue) }
        try encode(value, forKey: key)
    }

    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = ObjectStorage()
        storage.hasNested = true
        storage.set(nested, key.stringValue)
        return KeyedEncodingContainer(
            ObjectContainer<NestedKey>(storage: nested, codingPath: codingPath + [key], userInfo: userInfo))
    }

    package mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        let nested = ListStorage()
        storage.hasNested = true
        storage.set(nested, key.stringValue)
        return ListContainer(storage: nested, codingPath: codingPath + [key], userInfo: userInfo)
    }

    package mutating func superEncoder() -> Encoder { LoweringEncoder(path: codingPath, userInfo: userInfo) }
    package mutating func superEncoder(forKey key: Key) -> Encoder {
        LoweringEncoder(path: codingPath + [key], userInfo: userInfo)
    }
}

private struct IndexKey: CodingKey {
    package var intValue: Int?
    package var stringValue: String { String(intValue ?? 0) }
    package init(_ index: Int) { intValue = index }
    package init?(stringValue: String) { nil }
    package init?(intValue: Int) { self.intValue = intValue }
}

private struct ListContainer: UnkeyedEncodingContainer {
    package let storage: ListStorage
    package var codingPath: [CodingKey]
    package let userInfo: [CodingUserInfoKey: Any]
    package var count: Int { storage.items.count }

    package mutating func encodeNil() throws {
        throw EncodingError.invalidValue(
            Optional<Int>.none as Any,
            .init(
                codingPath: codingPath, debugDescription: "a list in a page context cannot hold empty values"))
    }

    package mutating func encode<T: Encodable>(_ value: T) throws {
        guard
            let lowered = try TemplateLowering.lowerValue(
                value, path: codingPath + [IndexKey(count)], userInfo: userInfo)
        else {
            return try encodeNil()
        }
        storage.items.append(lowered)
    }

    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = ObjectStorage()
        storage.hasNested = true
        storage.items.append(nested)
        return KeyedEncodingContainer(
            ObjectContainer<NestedKey>(storage: nested, codingPath: codingPath, userInfo: userInfo))
    }

    package mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        let nested = ListStorage()
        storage.hasNested = true
        storage.items.append(nested)
        return ListContainer(storage: nested, codingPath: codingPath, userInfo: userInfo)
    }

    package mutating func superEncoder() -> Encoder { LoweringEncoder(path: codingPath, userInfo: userInfo) }
}

private struct SingleContainer: SingleValueEncodingContainer {
    package let encoder: LoweringEncoder
    package var codingPath: [CodingKey] { encoder.codingPath }

    package mutating func encodeNil() throws { encoder.storage = .single(nil) }
    package mutating func encode(_ value: Bool) throws { encoder.storage = .single(value) }
    package mutating func encode(_ value: String) throws { encoder.storage = .single(TemplateText(value)) }
    package mutating func encode(_ value: Int) throws { encoder.storage = .single(value) }
    package mutating func encode(_ value: Double) throws { encoder.storage = .single(value) }
    package mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.storage = .single(try TemplateLowering.lowerValue(value, path: codingPath, userInfo: encoder.userInfo))
    }
}
