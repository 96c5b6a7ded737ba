import Mustache

/// A list of a page context whose elements are made and lowered one at a time, as the template
/// (or the checker) reads them: a front page of thousands of reports never holds all its cards,
/// made and lowered, at once.
public struct LazyTemplateList<Element: Encodable>: Encodable, RandomAccessCollection {
    public let count: Int
    private let element: (Int) -> Element

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    /// The element made when a compiled template reaches it.
    public subscript(index: Int) -> Element { element(index) }

    public init(count: Int, element: @escaping (Int) -> Element) {
        self.count = count
        self.element = element
    }

    /// Lowered for a template it becomes a `TemplateLazyList`; anywhere else (a test's JSON, say)
    /// it is an ordinary list.
    public func encode(to encoder: Encoder) throws {
        if let lowering = encoder as? LoweringEncoder {
            lowering.storage = .single(templateList(userInfo: lowering.userInfo))
            return
        }
        var container = encoder.unkeyedContainer()
        for index in 0..<count { try container.encode(element(index)) }
    }
}

/// What the lowering makes of a `LazyTemplateList`: swift-mustache iterates it through
/// `MustacheSequence`, and each element is lowered when it is reached.
public struct TemplateLazyList: MustacheSequence, @unchecked Sendable {
    // Not called `count`: swift-mustache would find a stored `count` by reflection, which it does
    // not for an array, and the two kinds of list must read the same.
    private let length: Int
    private let lowered: (Int) -> Any

    public var count: Int { length }

    init(count: Int, lowered: @escaping (Int) -> Any) {
        self.length = count
        self.lowered = lowered
    }

    package func element(_ index: Int) -> Any { lowered(index) }

    public func makeIterator() -> Iterator { Iterator(list: self) }

    public struct Iterator: IteratorProtocol {
        let list: TemplateLazyList
        var index = 0

        public mutating func next() -> Any? {
            guard index < list.count else { return nil }
            defer { index += 1 }
            return list.lowered(index)
        }
    }
}

extension LazyTemplateList {
    private func templateList(userInfo: [CodingUserInfoKey: Any]) -> TemplateLazyList {
        let element = self.element
        return TemplateLazyList(count: count) { index in
            // A page context's element lowers without fault (its values are all plain); an empty
            // object is the safe answer if one ever does not.
            (try? TemplateLowering.lower(element(index), userInfo: userInfo)) ?? TemplateObject(fields: [:], names: [])
        }
    }
}

extension LazyTemplateList: Decodable where Element: Decodable {
    /// A list read whole, for tests that make contexts of every shape.
    public init(from decoder: Decoder) throws {
        let elements = try [Element](from: decoder)
        self.init(count: elements.count) { elements[$0] }
    }
}
