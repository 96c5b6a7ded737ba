/// A long array of a typed JSON document whose elements are made only when asked for: through
/// `JSONTreeEncoder` it becomes a `JSONValue.lazyArray`, each element made and encoded as the
/// document is written, so a long log's days are never all held as JSON values. Any other encoder
/// (and decoding) sees an ordinary array.
package struct StreamedArray<Element: Sendable>: RandomAccessCollection, Sendable {
    private let makeElement: @Sendable (Int) -> Element
    package let count: Int

    package init(count: Int, element: @escaping @Sendable (Int) -> Element) {
        self.count = count
        makeElement = element
    }

    package init(_ elements: [Element]) {
        self.init(count: elements.count) { elements[$0] }
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }
    package subscript(index: Int) -> Element { makeElement(index) }
}

extension StreamedArray: Equatable where Element: Equatable {
    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }
}

extension StreamedArray: Encodable where Element: Encodable {
    package func encode(to encoder: any Encoder) throws {
        guard let tree = encoder as? TreeEncoder else {
            var container = encoder.unkeyedContainer()
            for element in self { try container.encode(element) }
            return
        }
        let makeElement = makeElement
        // A long list's elements that say their own JSON skip the tree encoder's nodes: a
        // 1M-line log's report.json holds 144,090 days.
        if Element.self is any JSONTreeConvertible.Type {
            tree.node.set(
                .lazyArray(
                    JSONList(count: count) { index in
                        (makeElement(index) as? any JSONTreeConvertible)?.jsonValue ?? .null
                    }))
            return
        }
        tree.node.set(
            .lazyArray(
                JSONList(count: count) { index in
                    // The tree encoder throws only when an element's own encode(to:) does; none of
                    // a document's element types do.
                    (try? JSONTreeEncoder.value(of: makeElement(index))) ?? .null
                }))
    }
}

extension StreamedArray: Decodable where Element: Decodable {
    package init(from decoder: any Decoder) throws {
        self.init(try [Element](from: decoder))
    }
}

/// A value that makes its own `JSONValue`, the same the tree encoder would make of it (a test
/// holds each conforming type to that), for the elements of long streamed lists.
package protocol JSONTreeConvertible {
    var jsonValue: JSONValue { get }
}
