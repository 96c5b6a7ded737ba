import Foundation
import GazetteCore

/// Reads the `--now` and job `now:` values: Unix seconds or ISO 8601 (with or without fractions),
/// from year 1 to year 9999 (beyond that no date can be written).
public enum TimeParser {
    /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z in Unix seconds.
    public static let range: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    public static func parse(_ text: String) -> Date? {
        guard let date = read(text), range.contains(date.timeIntervalSince1970) else { return nil }
        return date
    }

    private static func read(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed), seconds.isFinite, trimmed.first != "+" {
            return Date(timeIntervalSince1970: seconds)
        }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        if let date = formatter.date(from: trimmed) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: trimmed) { return date }
        formatter.formatOptions = [.withFullDate]
        return formatter.date(from: trimmed)
    }
}
