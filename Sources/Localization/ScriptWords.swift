import Foundation

extension Words {
    /// Messages for a page's script, as JSON for an element's `data-words`: the language (for the
    /// script's `Intl.PluralRules`), then each message in the given order with its placeholders
    /// numbered as listed (`{0}`, `{1}`), so the page carries words only, no names; a plural
    /// message as its forms by CLDR category (zero, one, two, few, many, other), null where the
    /// language has none. `["de", "{0} Std. {1} Min.", …]`
    public func scriptList(_ messages: [(key: String, placeholders: [String])]) -> String {
        func numbered(_ text: String, _ placeholders: [String]) -> String {
            var text = text
            for (index, name) in placeholders.enumerated() {
                text = text.replacingOccurrences(of: "{\(name)}", with: "{\(index)}")
            }
            return text
        }
        var list: [Any] = [language]
        for (key, placeholders) in messages {
            switch self.messages[key] {
            case .text(let text): list.append(numbered(text, placeholders))
            case .plural(let forms):
                list.append(
                    PluralCategory.allCases.map { category -> Any in
                        forms[category].map { numbered($0, placeholders) } ?? NSNull()
                    })
            case nil: list.append(key)
            }
        }
        let data = (try? JSONSerialization.data(withJSONObject: list, options: [.withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
