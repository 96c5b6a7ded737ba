/// A value as text for a cache key or an identity: an explicit tag, then the value's canonical
/// JSON (keys sorted, numbers at full precision, explicit nulls). Never Swift's printing of a
/// value (`String(reflecting:)`, a type's name), whose text Swift does not promise to keep.
package enum CanonicalKey {
    package static func text(_ tag: String, _ value: some Encodable) -> String {
        do {
            return tag + " " + (try JSONTreeEncoder.value(of: value)).rendered()
        } catch {
            // Keys are made from plain option values, whose encoding cannot fail.
            preconditionFailure("\(tag) cannot be written as a key: \(error)")
        }
    }
}
