import Deterministic
import Foundation
import _FoundationICU

/// The words of one language: every message Gazette writes for a reader, by key
/// (`exercise.best`), from the catalogs in `Templates/messages/` (and a user's own, over them).
///
/// A message is text with named placeholders (`Best {name}`), or, for a message about a number,
/// one such text per CLDR plural category (`one`, `other`, …) chosen by the language's rules.
/// A key no catalog has gives the key itself, so a slip shows on the page instead of stopping a
/// build; the catalog tests keep every key the code asks for in every catalog.
public struct Words: Sendable, Equatable {
    /// The language's code: `en`, `de`, `ja`.
    public let language: String
    /// The messages by key.
    public let messages: [String: Message]
    /// For words with a user's catalog in them, a digest of that catalog's messages, so whatever is
    /// kept between builds under the conventions (a chart's file) is made again when it changes;
    /// nil for Gazette's own words, which the program's version stands for.
    public let userDigest: String?

    public init(language: String, messages: [String: Message], userDigest: String? = nil) {
        self.language = language
        self.messages = messages
        self.userDigest = userDigest
    }

    /// Gazette's English words: the source every other catalog translates.
    public static let english = Words(language: "en", messages: builtInCatalogs["en"] ?? [:])

    /// The words Gazette carries for `language` (`de`), if it has a catalog for it.
    public static func builtIn(_ language: String) -> Words? {
        // Over the English words, so a message a catalog lacks is still said (the catalog tests
        // hold every built-in catalog complete).
        language == "en"
            ? english
            : builtInCatalogs[language].map {
                Words(language: language, messages: english.messages.merging($0) { _, own in own })
            }
    }

    /// The languages Gazette has catalogs for, in order.
    public static var builtInLanguages: [String] { builtInCatalogs.keys.sorted() }

    /// These words with `messages` over them (a user's catalog); what neither has stays English.
    public func overlaid(by messages: [String: Message], language: String? = nil) -> Words {
        var merged = Words.english.messages
        merged.merge(self.messages) { _, own in own }
        merged.merge(messages) { _, own in own }
        var digestText = ""
        for (key, message) in messages.sorted(by: { $0.key < $1.key }) {
            switch message {
            case .text(let text): digestText += key + "\u{1}" + text + "\u{0}"
            case .plural(let forms):
                digestText += key + "\u{1}"
                for category in PluralCategory.allCases {
                    if let form = forms[category] { digestText += category.rawValue + "\u{2}" + form + "\u{3}" }
                }
                digestText += "\u{0}"
            }
        }
        let digest = String(FNV1a.hash64(digestText), radix: 16)
        return Words(language: language ?? self.language, messages: merged, userDigest: digest)
    }

    /// A message: its text, or its forms by plural category.
    public enum Message: Sendable, Equatable {
        case text(String)
        case plural([PluralCategory: String])

        /// The text to use for `category` (`other` when the message has no such form).
        func text(for category: PluralCategory) -> String {
            switch self {
            case .text(let text): return text
            case .plural(let forms): return forms[category] ?? forms[.other] ?? ""
            }
        }

        /// Every form's text, for checks.
        public var forms: [String] {
            switch self {
            case .text(let text): return [text]
            case .plural(let forms): return PluralCategory.allCases.compactMap { forms[$0] }
            }
        }
    }

    /// The message `key` as written (its `other` form for a plural one), placeholders filled.
    public subscript(_ key: String) -> String {
        text(key)
    }

    /// The message `key` with its placeholders (`{name}`) filled from `values`.
    public func text(_ key: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        guard let message = messages[key] else { return key }
        return Self.fill(message.text(for: .other), values)
    }

    /// The form of message `key` for `number` by the language's plural rules, `{count}` filled
    /// with `count` (the number as the reader writes it) and the other placeholders from `values`.
    public func count(
        _ key: String, _ number: Int, _ count: String, _ values: KeyValuePairs<String, String> = [:]
    ) -> String {
        guard let message = messages[key] else { return key }
        var filled: [(String, String)] = [("count", count)]
        filled.append(contentsOf: values.map { ($0.key, $0.value) })
        return Self.fill(message.text(for: category(for: number)), filled)
    }

    /// The plural category of `number` in this language: English's own rule for `en`, ICU's
    /// CLDR rules for every other language.
    public func category(for number: Int) -> PluralCategory {
        if language == "en" { return number == 1 ? .one : .other }
        return PluralRules.category(of: number, language: language)
    }

    private static func fill<Values: Sequence<(String, String)>>(_ text: String, _ values: Values) -> String {
        // A byte test: `contains` of a string goes through Foundation's search on Linux.
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text }
        var result = text
        for (name, value) in values {
            result = result.replacingLiteral("{" + name + "}", with: value)
        }
        return result
    }

    private static func fill(_ text: String, _ values: KeyValuePairs<String, String>) -> String {
        fill(text, values.map { ($0.key, $0.value) })
    }
}

/// CLDR's plural categories, as catalogs name them.
public enum PluralCategory: String, Sendable, CaseIterable, Hashable {
    case zero, one, two, few, many, other
}

/// ICU's plural rules (CLDR), through the ICU Foundation carries on Linux.
enum PluralRules {
    private static let cache = RulesCache()

    static func category(of number: Int, language: String) -> PluralCategory {
        cache.category(of: number, language: language)
    }

    /// Opened rules by language; ICU's rule objects are safe to use from one thread at a time,
    /// so selection is done under the lock.
    private final class RulesCache: @unchecked Sendable {
        private let lock = NSLock()
        private var rules: [String: OpaquePointer] = [:]

        func category(of number: Int, language: String) -> PluralCategory {
            lock.lock()
            defer { lock.unlock() }
            let opened: OpaquePointer
            if let known = rules[language] {
                opened = known
            } else {
                var status = U_ZERO_ERROR
                guard let made = swift_uplrules_open(language, &status), status.rawValue <= 0 else { return .other }
                rules[language] = made
                opened = made
            }
            var status = U_ZERO_ERROR
            var buffer = [UChar](repeating: 0, count: 16)
            let length = swift_uplrules_select(opened, Double(number), &buffer, Int32(buffer.count), &status)
            guard status.rawValue <= 0, length > 0 else { return .other }
            return PluralCategory(rawValue: String(decoding: buffer.prefix(Int(length)), as: UTF16.self)) ?? .other
        }
    }
}
