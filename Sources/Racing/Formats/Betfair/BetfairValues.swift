import Deterministic
import Foundation

/// Reading Betfair's JSON values as `JSONSerialization` gives them: numbers, instants, runner
/// names. Shared by the exchange stream and the `listMarketBook` response.
enum BetfairValues {
    /// A JSON number; nil for anything else, `"NaN"` included. (On Linux a JSON boolean is an
    /// `NSNumber` too, and cannot be told from 0 or 1 cheaply: it reads as one.)
    static func number(_ value: Any?) -> Double? {
        guard let value, !(value is String), let number = value as? NSNumber else { return nil }
        let double = number.doubleValue
        return double.isFinite ? double : nil
    }

    /// A whole JSON number (`12345`, `12345.0`).
    static func integer(_ value: Any?) -> Int64? {
        guard let double = number(value), double == double.rounded(), abs(double) < 9e15 else { return nil }
        return Int64(double)
    }

    static func text(_ value: Any?) -> String? {
        guard let text = value as? String, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return text
    }

    static func flag(_ value: Any?) -> Bool {
        (value as? Bool) ?? false
    }

    /// Unix seconds (1970 to 9999) from an ISO 8601 instant (`2026-11-28T02:05:00.000Z`, `…+11:00`), as the
    /// stream and the catalogue write `marketTime`, or from milliseconds since 1970, as older
    /// API-NG answers did.
    static func instant(_ value: Any?) -> Int64? {
        guard let seconds = unboundedInstant(value), (0...253_402_300_799).contains(seconds) else { return nil }
        return seconds
    }

    private static func unboundedInstant(_ value: Any?) -> Int64? {
        if let millis = integer(value) { return millis / 1000 }
        guard let text = value as? String, let t = text.firstIndex(of: "T") else { return nil }
        var clock = String(text[text.index(after: t)...])
        var offset = 0
        if clock.hasSuffix("Z") || clock.hasSuffix("z") {
            clock.removeLast()
        } else if let sign = clock.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            guard let seconds = MeetingZone.offsetSeconds(String(clock[sign...])) else { return nil }
            offset = seconds
            clock = String(clock[..<sign])
        } else {
            return nil
        }
        // Fractions of a second say nothing a start needs.
        if let point = clock.firstIndex(of: ".") { clock = String(clock[..<point]) }
        if clock.count == 5 { clock += ":00" }
        guard let date = UTCTime.parseISO(String(text[..<t]) + "T" + clock + "Z") else { return nil }
        return Int64(date.timeIntervalSince1970) - Int64(offset)
    }

    /// The cloth number and name in a runner name as Betfair's Australian and some UK markets
    /// write it (`3. Copper Lane`); nil cloth when the name has no number before a point.
    static func clothAndName(_ runnerName: String) -> (cloth: Int?, name: String) {
        let trimmed = runnerName.trimmingCharacters(in: .whitespaces)
        guard let point = trimmed.firstIndex(of: "."), point > trimmed.startIndex,
            trimmed[..<point].allSatisfy({ $0.isASCII && $0.isNumber }), let cloth = Int(trimmed[..<point])
        else { return (nil, trimmed) }
        let name = trimmed[trimmed.index(after: point)...].trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? (nil, trimmed) : (cloth, name)
    }

    /// The race number (`R3`) and distance (`1200m`, `2m4f`, `7f`) in a market name such as
    /// `R3 1200m Hcap` or `2m4f Hcap Chs`.
    static func numberAndDistance(_ marketName: String) -> (number: Int?, distance: String?) {
        var number: Int?
        var distance: String?
        for word in marketName.split(separator: " ") {
            let lower = word.lowercased()
            if number == nil, lower.hasPrefix("r"), lower.count > 1, let value = Int(lower.dropFirst()) {
                number = value
            } else if distance == nil, isDistance(lower) {
                distance = String(word)
            }
        }
        return (number, distance)
    }

    /// `1200m`, or miles, furlongs and yards (`2m4f`, `1m`, `7f`, `6f110y`).
    private static func isDistance(_ word: String) -> Bool {
        guard let last = word.last, "mfy".contains(last), word.first?.isNumber == true else { return false }
        var digits = ""
        var units = ""
        for character in word {
            if character.isASCII && character.isNumber {
                digits.append(character)
            } else if "mfy".contains(character), !digits.isEmpty {
                units.append(character)
                digits = ""
            } else {
                return false
            }
        }
        return digits.isEmpty && ["m", "f", "y", "mf", "my", "fy", "mfy"].contains(units)
    }

    /// The market's status word as a race status: `OPEN` open, `SUSPENDED` or in play closed,
    /// `CLOSED` final once a runner has won (else left to the clock: a closed market with no
    /// winner may be void or not yet settled).
    static func status(_ word: String?, inPlay: Bool, hasWinner: Bool) -> RaceStatus? {
        switch word?.uppercased() {
        case "CLOSED"?: return hasWinner ? .final : nil
        case "SUSPENDED"?: return .closed
        case "OPEN"?: return inPlay ? .closed : .open
        default: return hasWinner ? .final : (inPlay ? .closed : nil)
        }
    }

    /// The zone of a meeting from the market's `timezone` (an IANA name) or its country.
    static func zone(timezone: String?, country: String?) -> String? {
        if let timezone, timezone.contains("/"), TimeZone(identifier: timezone) != nil { return timezone }
        return MeetingZone.identifier(country: country)
    }
}
