/// What a JSON value turned out to be, without decoding its contents.
///
/// Fields are read through this type so a wrong type can be reported by what was actually
/// found ("expected an integer, found a string") instead of Foundation's generic message.
package enum JSONValueKind: Equatable {
    case null
    case bool(Bool)
    /// A number that is an exact Int; Foundation also gives whole doubles such as 514.0 here.
    case integer(Int)
    /// Any other number: a fraction or a whole number beyond Int's range.
    case number(Double)
    case string(String)
    case array
    case object

    /// How an error message names this value: "a string", "null", "514.5".
    package var phrase: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .integer(let value): "\(value)"
        case .number(let value) where value.rounded() == value: "\(value), outside the integer range"
        case .number(let value): "\(value)"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValueKind: Decodable {
    package init(from decoder: any Decoder) throws {
        // Asking for a container does not decode the children, so probing stays cheap.
        if (try? decoder.container(keyedBy: AnyCodingKey.self)) != nil {
            self = .object
            return
        }
        if (try? decoder.unkeyedContainer()) != nil {
            self = .array
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let bool = try? value.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? value.decode(Int.self) {
            self = .integer(integer)
        } else if let number = try? value.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try value.decode(String.self))
        }
    }
}

/// A coding key for any field name, so objects can be read key by key.
package struct AnyCodingKey: CodingKey {
    package let stringValue: String
    package let intValue: Int?

    package init(_ name: String) {
        stringValue = name
        intValue = nil
    }

    package init?(stringValue: String) { self.init(stringValue) }

    package init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
