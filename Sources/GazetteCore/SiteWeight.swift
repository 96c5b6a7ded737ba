/// How much a site (or one report of it) is: its files and their bytes, as a host counts them.
public struct SiteWeight: Equatable, Sendable {
    public var files: Int
    public var bytes: Int

    public init(files: Int = 0, bytes: Int = 0) {
        self.files = files
        self.bytes = bytes
    }

    public static func + (left: SiteWeight, right: SiteWeight) -> SiteWeight {
        SiteWeight(files: left.files + right.files, bytes: left.bytes + right.bytes)
    }

    public static func += (left: inout SiteWeight, right: SiteWeight) { left = left + right }

    /// `176 files, 3.4 MB`: decimal units, as hosts state their limits.
    public var description: String {
        "\(Self.grouped(files)) file\(files == 1 ? "" : "s"), \(Self.size(bytes))"
    }

    /// `20,341`.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// `812 bytes`, `3.4 MB`, `1.02 GB`: one decimal below ten units' hundreds, in powers of 1000.
    public static func size(_ bytes: Int) -> String {
        let units = ["KB", "MB", "GB", "TB"]
        guard bytes >= 1000 else { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let digits = value < 10 ? 2 : value < 100 ? 1 : 0
        return formatted(value, digits: digits) + " " + units[unit]
    }

    /// `value` rounded down to `digits` decimals.
    private static func formatted(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((value * scale).rounded(.down))
        guard digits > 0 else { return String(scaled) }
        let whole = scaled / Int(scale), fraction = scaled % Int(scale)
        let text = String(fraction)
        return "\(whole).\(String(repeating: "0", count: digits - text.count) + text)"
    }
}
