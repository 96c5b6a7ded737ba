import Foundation

/// How closely an input fits a format's shape: to pick a format by shape, and for the error
/// that names the closest shape and what the input lacked of it.
public struct FormatFit: Equatable, Sendable {
    /// 0 when nothing of the shape is there, 1 when the whole shape is.
    public var score: Double
    /// What the input lacks of the shape, as key paths (`data.race`, `markets`).
    public var lacks: [String]

    public init(score: Double, lacks: [String] = []) {
        self.score = min(max(score, 0), 1)
        self.lacks = lacks
    }

    public static let none = FormatFit(score: 0)
    public static let match = FormatFit(score: 1)

    public var isMatch: Bool { score >= 1 && lacks.isEmpty }

    /// The fit of an object to a shape made of `keys` (each a key of `object`, or a dotted path
    /// into nested objects), prefixed by `path` in what it lacks: all there is a match.
    public static func keys(_ keys: [String], in object: Any?, at path: String = "") -> FormatFit {
        guard !keys.isEmpty else { return .match }
        guard let object = object as? [String: Any] else { return .none }
        let missing = keys.filter { value(at: $0, in: object) == nil }
        let prefix = path.isEmpty ? "" : path + "."
        return FormatFit(
            score: Double(keys.count - missing.count) / Double(keys.count), lacks: missing.map { prefix + $0 })
    }

    /// The value at a dotted path (`data.race.status`) in nested objects; nil when a step is not an
    /// object or the key is absent. A JSON `null` counts as absent.
    public static func value(at path: String, in object: Any?) -> Any? {
        var current: Any? = object
        for step in path.split(separator: ".") {
            guard let dictionary = current as? [String: Any], let next = dictionary[String(step)], !(next is NSNull)
            else { return nil }
            current = next
        }
        return current
    }
}
