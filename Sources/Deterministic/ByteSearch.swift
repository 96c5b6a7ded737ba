extension Collection where Element == UInt8, Index == Int {
    /// Where `needle` first occurs at or after `from` (the start when nil), comparing bytes: the
    /// one search behind `replacingLiteral` and the byte rewriters, where Foundation's searches go
    /// through UTF-16. Inlinable, so each caller gets it specialized to its own buffer type.
    @inlinable
    public func firstIndex(ofBytes needle: [UInt8], from: Int? = nil) -> Int? {
        guard let head = needle.first else { return nil }
        var index = from ?? startIndex
        let last = endIndex - needle.count
        while index <= last {
            if self[index] == head, self[index...].starts(with: needle) { return index }
            index += 1
        }
        return nil
    }
}
