import JSONSupport

/// A JSON document as a tree, for the bookmakers' race formats whose descriptions disagree on
/// keys and types (a number here is text there): `BookNode` reads it with each value's key path.
indirect enum BookJSON: Decodable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([BookJSON])
    case object([String: BookJSON])

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var fields: [String: BookJSON] = [:]
            for key in object.allKeys { fields[key.stringValue] = try object.decode(BookJSON.self, forKey: key) }
            self = .object(fields)
            return
        }
        if var list = try? decoder.unkeyedContainer() {
            var items: [BookJSON] = []
            while !list.isAtEnd { items.append(try list.decode(BookJSON.self)) }
            self = .array(items)
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

    /// How an error names the value found: "a string", "null", "1.5".
    var phrase: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .integer(let value): "\(value)"
        case .number(let value): "\(value)"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
