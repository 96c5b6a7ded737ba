/// Names in the order people count them: runs of digits compare by their value, so `athlete-2`
/// comes before `athlete-10`; everything else compares by Unicode scalar, so the order is the
/// same on every machine whatever its locale. Names equal but for leading zeros (`7`, `07`)
/// fall back to plain order, so the order is total.
public enum NaturalOrder {
    public static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        switch compare(Array(lhs.unicodeScalars), Array(rhs.unicodeScalars)) {
        case -1: return true
        case 1: return false
        default: return lhs.unicodeScalars.lexicographicallyPrecedes(rhs.unicodeScalars)
        }
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// -1, 0 or 1, with digit runs compared by value.
    private static func compare(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if isDigit(a[i]), isDigit(b[j]) {
                let runA = a[i...].prefix(while: isDigit), runB = b[j...].prefix(while: isDigit)
                // The value: without leading zeros, a longer run is larger; equal lengths compare digit by digit.
                let valueA = runA.drop { $0 == "0" }, valueB = runB.drop { $0 == "0" }
                if valueA.count != valueB.count { return valueA.count < valueB.count ? -1 : 1 }
                for (x, y) in zip(valueA, valueB) where x != y { return x.value < y.value ? -1 : 1 }
                i += runA.count
                j += runB.count
                continue
            }
            if a[i] != b[j] { return a[i].value < b[j].value ? -1 : 1 }
            i += 1
            j += 1
        }
        let restA = a.count - i, restB = b.count - j
        return restA == restB ? 0 : (restA < restB ? -1 : 1)
    }
}
