/// Shortening text to a measured width.
enum TextFitting {
    /// `text` if it fits in `width`, else the longest prefix (trailing spaces dropped) followed by
    /// "…" that fits; just "…" when nothing else does.
    static func truncate(_ text: String, toWidth width: Double, measure: (String) -> Double) -> String {
        guard measure(text) > width else { return text }
        let characters = Array(text)
        // Binary search on the number of characters kept: widths grow with the prefix.
        var low = 0
        var high = characters.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if measure(shortened(characters, keeping: middle)) <= width {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return shortened(characters, keeping: low)
    }

    private static func shortened(_ characters: [Character], keeping count: Int) -> String {
        var prefix = String(characters.prefix(count))
        while prefix.last?.isWhitespace == true { prefix.removeLast() }
        return prefix + "…"
    }
}
