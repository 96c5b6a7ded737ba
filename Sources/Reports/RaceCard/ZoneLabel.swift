import Foundation

/// How a race time names its zone: the abbreviation racegoers know for the zones racing is held
/// in most (`AEDT`, `NZST`, `BST`), else the offset from UTC (`UTC+4`, `UTC−3:30`). Foundation on
/// Linux names every zone `GMT+11`, so the abbreviations are Gazette's own table, picked by the
/// zone's offset at the race's start (standard or summer time).
package enum ZoneLabel {
    /// The label of `zone` (an IANA identifier) at Unix time `seconds`.
    package static func text(_ zone: String, at seconds: Int64?) -> String {
        guard zone != "UTC", let timeZone = TimeZone(identifier: zone) else { return "UTC" }
        let instant = Date(timeIntervalSince1970: TimeInterval(seconds ?? 0))
        let offset = timeZone.secondsFromGMT(for: instant)
        if let names = abbreviations[zone], let name = names[offset] { return name }
        return self.offset(offset)
    }

    /// `UTC`, `UTC+11`, `UTC+5:30`, `UTC−3`.
    package static func offset(_ seconds: Int) -> String {
        guard seconds != 0 else { return "UTC" }
        let hours = abs(seconds) / 3600
        let minutes = abs(seconds) % 3600 / 60
        return "UTC" + (seconds > 0 ? "+" : "−") + String(hours) + (minutes == 0 ? "" : ":" + pad(minutes))
    }

    private static func pad(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }

    private static let eastern = [36_000: "AEST", 39_600: "AEDT"]
    private static let central = [34_200: "ACST", 37_800: "ACDT"]

    /// Each zone's abbreviations by offset in seconds.
    private static let abbreviations: [String: [Int: String]] = [
        "Australia/Sydney": eastern, "Australia/Melbourne": eastern, "Australia/Hobart": eastern,
        "Australia/Canberra": eastern, "Australia/Brisbane": eastern, "Australia/Adelaide": central,
        "Australia/Darwin": central, "Australia/Perth": [28_800: "AWST"],
        "Pacific/Auckland": [43_200: "NZST", 46_800: "NZDT"],
        "Europe/London": [0: "GMT", 3_600: "BST"], "Europe/Dublin": [0: "GMT", 3_600: "IST"],
        "Europe/Paris": [3_600: "CET", 7_200: "CEST"], "Europe/Berlin": [3_600: "CET", 7_200: "CEST"],
        "Asia/Hong_Kong": [28_800: "HKT"], "Asia/Tokyo": [32_400: "JST"], "Asia/Singapore": [28_800: "SGT"],
        "Africa/Johannesburg": [7_200: "SAST"],
        "America/New_York": [-18_000: "EST", -14_400: "EDT"], "America/Toronto": [-18_000: "EST", -14_400: "EDT"],
        "America/Chicago": [-21_600: "CST", -18_000: "CDT"], "America/Los_Angeles": [-28_800: "PST", -25_200: "PDT"]
    ]
}
