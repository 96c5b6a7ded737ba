import Foundation

/// One race input's bytes, with its JSON parsed at most once however many formats look at it.
/// Formats that are not one JSON document (a stream of JSON lines, CSV) read `data` themselves.
public final class RaceInput {
    public let data: Data

    public init(_ data: Data) {
        self.data = data
    }

    /// The document as `JSONSerialization` reads it, or nil when the bytes are not one JSON value.
    public private(set) lazy var json: Any? = try? JSONSerialization.jsonObject(
        with: data, options: [.fragmentsAllowed])

    /// The document when it is a JSON object.
    public var object: [String: Any]? { json as? [String: Any] }

    /// The document when it is a JSON array.
    public var array: [Any]? { json as? [Any] }
}
