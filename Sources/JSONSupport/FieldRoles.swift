import Foundation

/// The roles most guesses share: whole numbers in a range, names, numbers.
extension FieldRole {
    /// Whole numbers within `range`, in every object of the list.
    package static func wholeNumbers(
        _ words: [String], in range: ClosedRange<Double>, excluded: [String] = [], what: String, count: Int
    ) -> FieldRole {
        FieldRole(
            words: words, excluded: excluded,
            fits: { field in
                let numbers = wholes(field)
                return numbers.count == field.values.count && numbers.count >= count
                    && numbers.allSatisfy { range.contains($0) }
            },
            evidence: { field in
                let numbers = wholes(field)
                return "\(FieldRole.count(numbers.count, what)) \(span(numbers))"
            })
    }

    /// Text, mostly different from one object to the next.
    package static func names(_ words: [String], excluded: [String] = [], what: String = "names", count: Int)
        -> FieldRole
    {
        FieldRole(
            words: words, excluded: excluded,
            fits: { field in
                let texts = field.texts
                let letters = texts.filter { $0.contains(where: \.isLetter) }
                return texts.count >= count && letters.count == texts.count
                    && Set(texts).count * 2 > texts.count
            },
            evidence: { field in
                let texts = field.texts
                let shown = texts.prefix(2).map { "\($0)" }.joined(separator: ", ")
                return "\(FieldRole.count(Set(texts).count, what)): \(shown)\(texts.count > 2 ? ", …" : "")"
            })
    }

    /// The role taking only a field named for it.
    package var named: FieldRole {
        var role = self
        role.needsName = true
        return role
    }

    /// A number's values as whole numbers (a string of digits counts).
    package static func wholes(_ field: JSONSurvey.Field) -> [Double] {
        field.values.compactMap { value in
            if let number = value as? NSNumber, !JSONPath.isBool(number),
                number.doubleValue.rounded() == number.doubleValue
            {
                return number.doubleValue
            }
            return (value as? String).flatMap { text in Int(text).map(Double.init) }
        }
    }

    /// `1 name`, `2 names`: a count with its plural noun (the last word's `s` dropped for one).
    package static func count(_ number: Int, _ plural: String) -> String {
        guard number == 1, plural.hasSuffix("s") else { return "\(number) \(plural)" }
        return "1 " + plural.dropLast()
    }

    /// `1–8`, or `3` when every value is the same.
    package static func span(_ numbers: [Double]) -> String {
        guard let low = numbers.min(), let high = numbers.max() else { return "" }
        let text = { (value: Double) in
            value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
        return low == high ? text(low) : "\(text(low))–\(text(high))"
    }
}
