import Foundation

/// A locale ICU knows (`de-DE`; `de_DE` is read as it), checked once where it is written: the
/// job's `locale:`, a report's, `--locale`, a part's. Whatever holds one never checks it again.
public struct ReaderLocale: Hashable, Sendable, CustomStringConvertible {
    /// Hyphenated: `de-DE`.
    public let identifier: String

    /// en-GB: the locale of a build whose job, report and command line name none.
    public static let standard = ReaderLocale(known: "en-GB")

    public init(_ written: String) throws(ConventionsError) {
        let hyphenated = written.replacingOccurrences(of: "_", with: "-")
        guard TextConventions.knows(locale: hyphenated) else { throw .unknownLocale(written) }
        identifier = hyphenated
    }

    private init(known identifier: String) {
        self.identifier = identifier
    }

    public var description: String { identifier }
}

/// An IANA time zone Foundation knows (`Australia/Sydney`; `Etc/UTC` and `GMT` are `UTC`),
/// checked once where it is written.
public struct ReaderTimeZone: Hashable, Sendable, CustomStringConvertible {
    public let identifier: String

    /// UTC: the zone of a build whose job, report and command line name none.
    public static let utc = ReaderTimeZone(known: "UTC")

    public init(_ written: String) throws(ConventionsError) {
        let zone = written == "Etc/UTC" || written == "GMT" ? "UTC" : written
        guard zone == "UTC" || TimeZone(identifier: zone) != nil else { throw .unknownTimeZone(written) }
        identifier = zone
    }

    private init(known identifier: String) {
        self.identifier = identifier
    }

    public var description: String { identifier }
}
