import Deterministic
/// File and folder names made from input values: `[a-z0-9-]` only, never empty, never `..`.
///
/// Text in any script gives a readable name: accents are folded ("Élodie" → "elodie"), other
/// scripts are transliterated to Latin by ICU through Foundation ("信用スコア" → "xin-yongsukoa",
/// "Кредит" → "kredit"), and symbols without letters are named ("🏇" → "horse-racing"). Only
/// text with nothing nameable falls back to `fallback` and a stable short hash of the text, so
/// two such titles never share a folder and the name is the same on every build.
public enum Slug {
    public static func make(_ text: String, fallback: String = "item") -> String {
        let slug = asciiSlug(text.unicodeScalars.allSatisfy(\.isASCII) ? text : latin(text))
        if !slug.isEmpty { return slug }
        let named = asciiSlug(unicodeNames(text))
        if !named.isEmpty { return named }
        // Only spaces and punctuation: nothing to tell apart, the fallback alone (`unique` numbers it).
        guard text.unicodeScalars.contains(where: isNameable) else { return fallback }
        return fallback.isEmpty ? shortHash(text) : "\(fallback)-\(shortHash(text))"
    }

    /// `text` in Latin letters without accents, lowercased: ICU's Any-Latin, then folding, then
    /// the letters folding leaves alone.
    static func latin(_ text: String) -> String {
        let latin = text.applyingTransform(.toLatin, reverse: false) ?? text
        let folded = latin.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        var result = ""
        for character in folded {
            switch character {
            case "ł": result += "l"
            case "ø": result += "o"
            case "æ": result += "ae"
            case "œ": result += "oe"
            case "đ", "ð": result += "d"
            case "þ": result += "th"
            case "ı": result += "i"
            case "ß": result += "ss"
            default: result.append(character)
            }
        }
        return result
    }

    /// The Unicode names of the text's symbols ("🏇" → "HORSE RACING"), for text without letters.
    static func unicodeNames(_ text: String) -> String {
        text.unicodeScalars.compactMap { isNameable($0) ? $0.properties.name : nil }.joined(separator: " ")
    }

    /// Whether a character carries meaning of its own: not a space, punctuation, a control, a
    /// joiner or a variation selector (those only shape the characters beside them).
    static func isNameable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format, .nonspacingMark, .enclosingMark,
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            return false
        default:
            return !scalar.properties.isVariationSelector
        }
    }

    /// Eight hex digits of FNV-1a over the text's UTF-8: the same on every machine.
    static func shortHash(_ text: String) -> String {
        let digits = String(FNV1a.hash32(text), radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// Runs of ASCII letters and digits, lowercased, joined by single dashes, at most 60 characters.
    static func asciiSlug(_ text: String) -> String {
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
        return slug
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
