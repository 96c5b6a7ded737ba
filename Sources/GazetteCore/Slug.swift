/// File and folder names made from input values: `[a-z0-9-]` only, never empty, never `..`.
public enum Slug {
    public static func make(_ text: String, fallback: String = "item") -> String {
        var slug = ""
        var pendingDash = false
        for scalar in text.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingDash, !slug.isEmpty { slug += "-" }
                slug.unicodeScalars.append(scalar)
                pendingDash = false
            } else {
                pendingDash = true
            }
        }
        if slug.count > 60 {
            slug = String(slug.prefix(60))
            while slug.hasSuffix("-") { slug.removeLast() }
        }
        return slug.isEmpty ? fallback : slug
    }

    /// Slugs for several names, made unique with `-2`, `-3`… in the order given.
    public static func unique(_ names: [String], fallback: String = "item", reserved: Set<String> = []) -> [String] {
        var used = reserved
        return names.map { name in
            let base = make(name, fallback: fallback)
            var candidate = base
            var counter = 2
            while used.contains(candidate) {
                candidate = "\(base)-\(counter)"
                counter += 1
            }
            used.insert(candidate)
            return candidate
        }
    }
}
