import Foundation

/// The time zone of a meeting from what a race input says of its venue: a country, an
/// Australian state or territory, or a UTC offset. Rules in docs/reference/inputs.md, "Times and
/// their zone".
public enum MeetingZone {
    /// The IANA zone for a country (ISO 3166 alpha-2 or alpha-3, or a bookmaker's code such as
    /// `UK`, `IRE`) and, in Australia, a state (`NSW`, `VIC`, …); nil when the country spans zones
    /// Gazette cannot choose between (the United States without a zone) or is unknown.
    public static func identifier(country: String?, state: String? = nil) -> String? {
        let country = (country ?? "").uppercased().trimmingCharacters(in: .whitespaces)
        let state = (state ?? "").uppercased().trimmingCharacters(in: .whitespaces)
        if ["AU", "AUS", "AUSTRALIA", ""].contains(country), let zone = australianStates[state] { return zone }
        return countries[country]
    }

    /// A zone from a fixed offset, `+10:00` or `-0500`: `Etc/GMT-10` (the IANA names' sign is
    /// reversed); nil for an offset that is not whole hours or not an offset.
    public static func identifier(offset: String) -> String? {
        guard let seconds = offsetSeconds(offset) else { return nil }
        if seconds == 0 { return "UTC" }
        guard seconds % 3600 == 0 else { return nil }
        let hours = seconds / 3600
        return "Etc/GMT" + (hours > 0 ? "-\(hours)" : "+\(-hours)")
    }

    /// Seconds east of UTC from `+10:00`, `+1000`, `-05:00`, `Z`.
    public static func offsetSeconds(_ text: String) -> Int? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text == "Z" || text == "z" { return 0 }
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let digits = text.dropFirst().filter { $0 != ":" }
        guard digits.count == 4 || digits.count == 2, digits.allSatisfy(\.isASCII), let number = Int(digits) else {
            return nil
        }
        let hours = digits.count == 2 ? number : number / 100
        let minutes = digits.count == 2 ? 0 : number % 100
        guard hours <= 14, minutes < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    private static let australianStates: [String: String] = [
        "NSW": "Australia/Sydney", "ACT": "Australia/Sydney", "VIC": "Australia/Melbourne",
        "QLD": "Australia/Brisbane", "SA": "Australia/Adelaide", "WA": "Australia/Perth",
        "TAS": "Australia/Hobart", "NT": "Australia/Darwin"
    ]

    private static let countries: [String: String] = [
        "NZ": "Pacific/Auckland", "NZL": "Pacific/Auckland", "NEW ZEALAND": "Pacific/Auckland",
        "GB": "Europe/London", "GBR": "Europe/London", "UK": "Europe/London", "ENG": "Europe/London",
        "SCO": "Europe/London", "WAL": "Europe/London", "GREAT BRITAIN": "Europe/London",
        "IE": "Europe/Dublin", "IRL": "Europe/Dublin", "IRE": "Europe/Dublin", "IRELAND": "Europe/Dublin",
        "FR": "Europe/Paris", "FRA": "Europe/Paris", "FRANCE": "Europe/Paris",
        "HK": "Asia/Hong_Kong", "HKG": "Asia/Hong_Kong", "HONG KONG": "Asia/Hong_Kong",
        "SG": "Asia/Singapore", "SGP": "Asia/Singapore", "SIN": "Asia/Singapore",
        "JP": "Asia/Tokyo", "JPN": "Asia/Tokyo", "JAPAN": "Asia/Tokyo",
        "ZA": "Africa/Johannesburg", "ZAF": "Africa/Johannesburg", "RSA": "Africa/Johannesburg",
        "AE": "Asia/Dubai", "ARE": "Asia/Dubai", "UAE": "Asia/Dubai",
        "SE": "Europe/Stockholm", "SWE": "Europe/Stockholm", "NO": "Europe/Oslo", "NOR": "Europe/Oslo",
        "DE": "Europe/Berlin", "DEU": "Europe/Berlin", "GER": "Europe/Berlin"
    ]

    /// The day (`YYYY-MM-DD`) and clock time (`HH:MM`) of a Unix time in the zone `identifier`
    /// (UTC when the system does not know it).
    public static func startText(_ seconds: Int64, in identifier: String) -> (date: String, time: String) {
        NedsRaceCard.startText(seconds, in: TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0)!)
    }
}
