import Foundation

/// Makes a value of any `Decodable` type with every field filled from a seed: texts with markup,
/// control characters, non-ASCII and template-like braces; lists empty, short and long; optionals
/// both there and missing. For differential tests that need contexts of every shape.
public enum ContextFiller {
    public static func make<T: Decodable>(_ type: T.Type, seed: Int, longLists: Bool = false) throws -> T {
        try T(from: FillingDecoder(state: FillState(seed: seed, longLists: longLists)))
    }

    public static let texts = [
        "", "plain", "<b>bold</b> & \"quoted\" 'single' </td>", "ctl\u{1}\u{7F}\u{85}x\u{0}", "ünïcødé ✓ 😀 e\u{301}",
        "{{not a tag}} {{{raw}}}", String(repeating: "long words ", count: 60), "a\nb\r\nc\t", "&amp; &lt;"
    ]
}

final class FillState {
    private var counter: Int
    let longLists: Bool

    init(seed: Int, longLists: Bool) {
        counter = seed &* 7919
        self.longLists = longLists
    }

    func next() -> Int {
        counter = counter &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(truncatingIfNeeded: (counter >> 33) & 0x7fff_ffff)
    }

    func text() -> String { ContextFiller.texts[next() % ContextFiller.texts.count] }
    func number() -> Int { [0, 1, -5, 123_456, 7][next() % 5] }
    func flag() -> Bool { next() % 2 == 0 }
    func missing() -> Bool { next() % 3 == 0 }
    func listLength() -> Int { longLists ? [0, 3, 120][next() % 3] : [0, 1, 2, 4][next() % 4] }
}

struct FillingDecoder: Decoder {
    let state: FillState
    var codingPath: [CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(state: state))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer { Unkeyed(state: state, count: state.listLength()) }
    func singleValueContainer() throws -> SingleValueDecodingContainer { Single(state: state) }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let state: FillState
        var codingPath: [CodingKey] = []
        var allKeys: [Key] { [] }

        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) throws -> Bool { state.missing() }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { state.flag() }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { state.text() }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { state.number() }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { Double(state.number()) / 4 }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { Int8(truncatingIfNeeded: state.number()) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { Int16(truncatingIfNeeded: state.number()) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { Int32(truncatingIfNeeded: state.number()) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { Int64(truncatingIfNeeded: state.number()) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { UInt(truncatingIfNeeded: state.number()) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { UInt8(truncatingIfNeeded: state.number()) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
            UInt16(truncatingIfNeeded: state.number())
        }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
            UInt32(truncatingIfNeeded: state.number())
        }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
            UInt64(truncatingIfNeeded: state.number())
        }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(state.number()) / 4 }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try T(from: FillingDecoder(state: state))
        }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        { KeyedDecodingContainer(Keyed<NestedKey>(state: state)) }
        func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
            Unkeyed(state: state, count: state.listLength())
        }
        func superDecoder() throws -> Decoder { FillingDecoder(state: state) }
        func superDecoder(forKey key: Key) throws -> Decoder { FillingDecoder(state: state) }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let state: FillState
        var codingPath: [CodingKey] = []
        var count: Int?
        var currentIndex = 0
        var isAtEnd: Bool { currentIndex >= (count ?? 0) }

        init(state: FillState, count: Int) {
            self.state = state
            self.count = count
        }

        mutating func decodeNil() throws -> Bool { false }
        mutating func decode(_ type: Bool.Type) throws -> Bool { advance(state.flag()) }
        mutating func decode(_ type: String.Type) throws -> String { advance(state.text()) }
        mutating func decode(_ type: Int.Type) throws -> Int { advance(state.number()) }
        mutating func decode(_ type: Double.Type) throws -> Double { advance(Double(state.number()) / 4) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { advance(Int8(truncatingIfNeeded: state.number())) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { advance(Int16(truncatingIfNeeded: state.number())) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { advance(Int32(truncatingIfNeeded: state.number())) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { advance(Int64(truncatingIfNeeded: state.number())) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { advance(UInt(truncatingIfNeeded: state.number())) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { advance(UInt8(truncatingIfNeeded: state.number())) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
            advance(UInt16(truncatingIfNeeded: state.number()))
        }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
            advance(UInt32(truncatingIfNeeded: state.number()))
        }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
            advance(UInt64(truncatingIfNeeded: state.number()))
        }
        mutating func decode(_ type: Float.Type) throws -> Float { advance(Float(state.number()) / 4) }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            advance(try T(from: FillingDecoder(state: state)))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        { advance(KeyedDecodingContainer(Keyed<NestedKey>(state: state))) }
        mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
            advance(Unkeyed(state: state, count: state.listLength()))
        }
        mutating func superDecoder() throws -> Decoder { advance(FillingDecoder(state: state)) }

        private mutating func advance<T>(_ value: T) -> T {
            currentIndex += 1
            return value
        }
    }

    struct Single: SingleValueDecodingContainer {
        let state: FillState
        var codingPath: [CodingKey] = []

        func decodeNil() -> Bool { state.missing() }
        func decode(_ type: Bool.Type) throws -> Bool { state.flag() }
        func decode(_ type: String.Type) throws -> String { state.text() }
        func decode(_ type: Int.Type) throws -> Int { state.number() }
        func decode(_ type: Double.Type) throws -> Double { Double(state.number()) / 4 }
        func decode(_ type: Int8.Type) throws -> Int8 { Int8(truncatingIfNeeded: state.number()) }
        func decode(_ type: Int16.Type) throws -> Int16 { Int16(truncatingIfNeeded: state.number()) }
        func decode(_ type: Int32.Type) throws -> Int32 { Int32(truncatingIfNeeded: state.number()) }
        func decode(_ type: Int64.Type) throws -> Int64 { Int64(truncatingIfNeeded: state.number()) }
        func decode(_ type: UInt.Type) throws -> UInt { UInt(truncatingIfNeeded: state.number()) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { UInt8(truncatingIfNeeded: state.number()) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { UInt16(truncatingIfNeeded: state.number()) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { UInt32(truncatingIfNeeded: state.number()) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { UInt64(truncatingIfNeeded: state.number()) }
        func decode(_ type: Float.Type) throws -> Float { Float(state.number()) / 4 }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: FillingDecoder(state: state)) }
    }
}
