import Deterministic
import Foundation

/// The reader's conventions for one build: the language and region (`locale:`, BCP 47 such as
/// `de-DE`) and the time zone (`timezone:`, IANA such as `Australia/Sydney`), with what they
/// decide worked out once: how numbers are written (`numbers`), days and times of day.
///
/// The default, `en-GB` in UTC (`standard`), is spelled by Gazette's own code, so the default output
/// never depends on ICU. Any other locale takes its grouping, decimal mark, percent sign, currency
/// placement and numeric dates from ICU (bundled with Foundation, so one Gazette binary gives the
/// same text on every machine). Times of day show in the zone with an English abbreviation where
/// one is in common use (`AEDT`, `CET`, `EST`), else the offset (`GMT+9`). Words stay English.
///
/// A value, made once from the job and handed to whatever writes text for a reader: each kind's
/// presenter, the chart specs it makes, the page, e-mail and PDF renderers and the summaries.
/// Nothing reads it from ambient state, so whatever thread draws a chart or renders a page uses
/// the conventions it was given. Its `words` are the readers' language's messages (`Words`).
public struct TextConventions: Sendable, Equatable, CustomStringConvertible, Encodable {
    /// The locale as written in the job, hyphenated: `de-DE`.
    public let locale: String
    /// The IANA time zone: `Australia/Sydney`.
    public let timeZone: String
    /// How numbers are written: the locale's grouping, decimal mark and percent sign.
    public let numbers: NumberText
    /// The words of the readers' language: from `language:` when the job names one, else the
    /// locale's language (`de-AT` → `de`), English when Gazette has no catalog for it.
    public let words: Words

    /// en-GB in UTC: Gazette's own spelling, for a build whose job names no other and for callers
    /// (tests, benchmarks) that have no job.
    public static let standard = TextConventions(standardLocale: ())

    public var description: String { "\(locale) \(timeZone)" }

    /// Whether days and numbers are spelled by Gazette's own English code.
    public var isStandardLocale: Bool { locale == "en-GB" }

    /// Whether times of day are in UTC (written "UTC").
    public var isUTC: Bool { timeZone == "UTC" }

    private enum CodingKeys: String, CodingKey { case locale, timeZone, language, userWords }

    /// The locale, the time zone and the language when it is not English, which decide everything
    /// else (a user's own catalog is part of the templates).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(locale, forKey: .locale)
        try container.encode(timeZone, forKey: .timeZone)
        if words.language != "en" { try container.encode(words.language, forKey: .language) }
        if let digest = words.userDigest { try container.encode(digest, forKey: .userWords) }
    }

    private init(standardLocale: Void) {
        locale = "en-GB"
        timeZone = "UTC"
        numbers = .standard
        words = .english
    }

    /// Whether `tag` names a language (`de`, `de-CH`, `ja`): what `language:` and `--language` take.
    public static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.replacingOccurrences(of: "_", with: "-").split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy {
            (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// The language a locale's words come from: its language subtag (`de-AT` → `de`).
    public static func language(of locale: String) -> String {
        String(locale.replacingOccurrences(of: "_", with: "-").split(separator: "-").first ?? "en").lowercased()
    }

    /// The language the words are in, as `<html lang>` and `Content-Language` say it: the locale
    /// when its language is the words' (`de-AT`), else the words' own (`de` with Swiss formats,
    /// `en` for a locale Gazette has no words for).
    public var contentLanguage: String {
        Self.language(of: locale) == words.language ? locale : words.language
    }

    /// The same conventions with other words: another language's, or a user's catalog over them.
    public func speaking(_ words: Words) -> TextConventions {
        TextConventions(copying: self, timeZone: timeZone, words: words)
    }

    /// Conventions for `locale` and `timeZone`; an error names the one ICU does not know.
    public init(locale: String, timeZone: String) throws(ConventionsError) {
        self.init(locale: try ReaderLocale(locale), timeZone: try ReaderTimeZone(timeZone))
    }

    /// Conventions for a locale and a time zone already checked where they were written.
    public init(locale: ReaderLocale, timeZone: ReaderTimeZone) {
        let (hyphenated, zone) = (locale.identifier, timeZone.identifier)
        if hyphenated == "en-GB" {
            self = TextConventions(copying: .standard, timeZone: zone, words: .english)
            return
        }
        let icu = Locale(identifier: hyphenated)
        self.locale = hyphenated
        self.timeZone = zone
        let fifty = 0.5.formatted(.percent.locale(icu))
        let digits = fifty.range(of: "50")
        words = Words.builtIn(Self.language(of: hyphenated)) ?? .english
        numbers = NumberText(
            grouping: icu.groupingSeparator ?? ",", decimalMark: icu.decimalSeparator ?? ".",
            percentPrefix: digits.map { String(fifty[..<$0.lowerBound]) } ?? "",
            percentSuffix: digits.map { String(fifty[$0.upperBound...]) } ?? "%")
    }

    private init(copying other: TextConventions, timeZone: String, words: Words) {
        locale = other.locale
        self.timeZone = timeZone
        numbers = other.numbers
        self.words = words
    }

    /// Whether ICU has data for the language (and the region, when one is given).
    static func knows(locale: String) -> Bool {
        let parts = locale.split(separator: "-").map(String.init)
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy(\.isLetter) else {
            return false
        }
        let known = Set(Locale.availableIdentifiers.map { $0.replacingOccurrences(of: "_", with: "-").lowercased() })
        return known.contains(locale.lowercased()) || (parts.count == 1 && known.contains(language.lowercased()))
    }

    private var icuLocale: Locale { Locale(identifier: locale) }

    private var zone: TimeZone { TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0)! }

    // MARK: - Days and times (for locales other than en-GB, and zones other than UTC)

    /// A calendar day in the locale's numeric form: `22.11.2026` (de-DE), `2026/11/22` (ja-JP).
    func numericDay(year: Int, month: Int, day: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) else {
            return "\(year)-\(month)-\(day)"
        }
        var style = Date.FormatStyle(date: .numeric, time: .omitted, locale: icuLocale, calendar: calendar)
        style.timeZone = calendar.timeZone
        return date.formatted(style.day(.twoDigits).month(.twoDigits).year(.defaultDigits))
    }

    /// A day and month without the year in the locale's numeric form: `22.11.` (de-DE).
    func numericDayMonth(month: Int, day: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        guard let date = calendar.date(from: DateComponents(year: 2000, month: month, day: day, hour: 12)) else {
            return "\(day)/\(month)"
        }
        var style = Date.FormatStyle(date: .omitted, time: .omitted, locale: icuLocale, calendar: calendar)
        style.timeZone = calendar.timeZone
        return date.formatted(style.day(.twoDigits).month(.twoDigits))
    }

    /// The day (year, month, day) an instant falls on in the time zone.
    func civilDay(of date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return (parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0)
    }

    /// The zone's short name at that instant: `AEDT`, `CET`, `EST`, `BST`, else `GMT+9`.
    func zoneAbbreviation(at date: Date) -> String {
        if isUTC { return "UTC" }
        var fallback = ""
        // ICU gives English abbreviations only for the regions that use them.
        for region in ["en_AU", "en_US", "en_GB", "en_IN", "en_NZ", "en_CA"] {
            var style = Date.VerbatimFormatStyle(
                format: "\(timeZone: .specificName(.short))", timeZone: zone, calendar: Calendar(identifier: .gregorian)
            )
            style = style.locale(Locale(identifier: region))
            let name = date.formatted(style)
            if !name.hasPrefix("GMT+"), !name.hasPrefix("GMT-"), !name.hasPrefix("UTC+"), !name.hasPrefix("UTC-") {
                return name
            }
            if fallback.isEmpty { fallback = name }
        }
        return fallback
    }

    /// `08:05 AEDT`: the time of day in the zone.
    func zoneClock(_ date: Date) -> String {
        let day = civilDay(of: date)
        let hour = CivilDate.zeroPadded(day.hour, width: 2), minute = CivilDate.zeroPadded(day.minute, width: 2)
        return "\(hour):\(minute) \(zoneAbbreviation(at: date))"
    }

    // MARK: - Money

    /// The text before and after an amount's digits in this locale: ("", " €") for EUR in de-DE,
    /// ("€", "") in en-IE. Nil for en-GB, which keeps Gazette's own placement.
    public func currencyPlacement(_ code: String) -> (prefix: String, suffix: String)? {
        guard !isStandardLocale, code.count == 3 else { return nil }
        let text = 1234.formatted(
            .currency(code: code).locale(icuLocale).precision(.fractionLength(0)).grouping(.never))
        guard let digits = text.range(of: "1234") else { return nil }
        return (String(text[..<digits.lowerBound]), String(text[digits.upperBound...]))
    }
}

public enum ConventionsError: Error, Equatable, CustomStringConvertible {
    case unknownLocale(String)
    case unknownTimeZone(String)

    public var description: String {
        switch self {
        case let .unknownLocale(name): "unknown locale \"\(name)\" (use a BCP 47 name such as en-GB, de-DE or fr-FR)"
        case let .unknownTimeZone(name):
            "unknown time zone \"\(name)\" (use an IANA name such as UTC, Europe/Berlin or Australia/Sydney)"
        }
    }
}
