import ArgumentParser

/// A size on the command line: bytes, or with a K, M or G suffix (powers of 1,024): `64M`.
struct ByteCount: ExpressibleByArgument {
    let bytes: Int

    init?(argument: String) {
        let text = argument.uppercased()
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = Substring(text)
        var scale = 1
        if let last = text.last, let unit = units[last] {
            scale = unit
            digits = text.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isWholeNumber), let value = Int(digits), value > 0 else {
            return nil
        }
        let (total, overflow) = value.multipliedReportingOverflow(by: scale)
        guard !overflow else { return nil }
        bytes = total
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
