import Foundation

/// One object of an input read through a `fields:` mapping: a race, a runner, the document. Each
/// value is fetched by its key's path and checked for its type; a fault names both the mapping's
/// key and the value's key path in the input (`fields.runners.price: data.events[2].entrants[0].odds.win`).
package struct MappedObject {
    package let value: Any
    /// The whole document, for a path that starts at it (`$.meeting.venue`).
    package let document: Any
    /// Where the object is in the input.
    package let keyPath: String
    package let mapping: FieldMapping
    /// The mapping's own key path: `fields`, `fields.runners`.
    package let prefix: String

    package init(
        _ value: Any, at keyPath: String = "", in document: Any? = nil, mapping: FieldMapping, prefix: String = "fields"
    ) {
        self.value = value
        self.document = document ?? value
        self.keyPath = keyPath
        self.mapping = mapping
        self.prefix = prefix
    }

    /// A fault in the words of every JSON input, the mapping's key first.
    package func fault(_ key: String, at keyPath: String, _ message: String) -> JSONInputError {
        JSONInputError(keyPath: keyPath, message: message, field: "\(prefix).\(key)")
    }

    /// The value the key's path reaches, nil when the key is not mapped or the value is absent.
    package func found(_ key: String) throws(JSONInputError) -> JSONPath.Found? {
        guard let text = mapping.paths[key], let path = JSONPath(text) else { return nil }
        do {
            return path.fromDocument ? try path.value(in: document) : try path.value(in: value, at: keyPath)
        } catch {
            throw fault(key, at: error.keyPath, error.message)
        }
    }

    /// The value of a key the object must have.
    package func required(_ key: String) throws(JSONInputError) -> JSONPath.Found {
        guard let found = try found(key) else {
            let path =
                mapping.paths[key].map {
                    $0.hasPrefix("$") ? String($0.drop { $0 == "$" || $0 == "." }) : JSONPath.joined(keyPath, $0)
                } ?? keyPath
            throw fault(key, at: path, "missing required key")
        }
        return found
    }

    /// Text: a string, or a number written as JSON writes it (an id of digits).
    package func text(_ found: JSONPath.Found, _ key: String) throws(JSONInputError) -> String {
        if let text = found.value as? String { return text }
        if let number = found.value as? NSNumber, !JSONPath.isBool(number) { return "\(number)" }
        throw fault(key, at: found.keyPath, "expected a string, found \(JSONPath.kind(found.value))")
    }

    /// A whole number: a JSON number without a fraction, or a string of digits (`"7"`).
    package func integer(_ found: JSONPath.Found, _ key: String) throws(JSONInputError) -> Int {
        if let number = found.value as? NSNumber, !JSONPath.isBool(number), let whole = Int(exactly: number.doubleValue)
        {
            return whole
        }
        if let text = found.value as? String, let whole = Int(text.trimmingCharacters(in: .whitespaces)) {
            return whole
        }
        throw fault(key, at: found.keyPath, "expected an integer, found \(JSONPath.kind(found.value))")
    }

    /// A number, or a string that is one.
    package func number(_ found: JSONPath.Found, _ key: String) throws(JSONInputError) -> Double {
        if let number = found.value as? NSNumber, !JSONPath.isBool(number) { return number.doubleValue }
        if let text = found.value as? String, let number = Double(text.trimmingCharacters(in: .whitespaces)),
            number.isFinite
        {
            return number
        }
        throw fault(key, at: found.keyPath, "expected a number, found \(JSONPath.kind(found.value))")
    }

    /// `true` or `false`, 1 or 0, or the words `true`, `false`, `yes`, `no`.
    package func flag(_ found: JSONPath.Found, _ key: String) throws(JSONInputError) -> Bool {
        if let number = found.value as? NSNumber, JSONPath.isBool(number) || [0, 1].contains(number.doubleValue) {
            return number.boolValue
        }
        switch (found.value as? String)?.lowercased().trimmingCharacters(in: .whitespaces) {
        case "true", "yes", "1": return true
        case "false", "no", "0", "": return false
        default: throw fault(key, at: found.keyPath, "expected true or false, found \(JSONPath.kind(found.value))")
        }
    }

    package func text(_ key: String) throws(JSONInputError) -> String? {
        try found(key).map { found throws(JSONInputError) in try text(found, key) }
    }

    package func integer(_ key: String) throws(JSONInputError) -> Int? {
        try found(key).map { found throws(JSONInputError) in try integer(found, key) }
    }

    package func number(_ key: String) throws(JSONInputError) -> Double? {
        try found(key).map { found throws(JSONInputError) in try number(found, key) }
    }

    package func flag(_ key: String) throws(JSONInputError) -> Bool? {
        try found(key).map { found throws(JSONInputError) in try flag(found, key) }
    }

    /// The objects of a group (`runners`), each read through the group's own mapping; none when
    /// the object has no such list.
    package func group(_ name: String) throws(JSONInputError) -> [MappedObject] {
        guard let mapping = mapping.groups[name] else { return [] }
        return try MappedObject.list(
            in: value, at: keyPath, document: document, mapping: mapping, prefix: "\(prefix).\(name)")
    }

    /// The objects a mapping's `path` (or `key`) reaches from `root`; the list must be there.
    package static func list(
        in root: Any, at base: String = "", document: Any? = nil, mapping: FieldMapping, prefix: String,
        key: String = "path", required: Bool = false
    ) throws(JSONInputError) -> [MappedObject] {
        guard let text = mapping.paths[key], let path = JSONPath(text) else { return [] }
        let document = document ?? root
        let (start, base) = path.fromDocument ? (document, "") : (root, base)
        do {
            let found = required ? try path.requiredValues(in: start, at: base) : try path.values(in: start, at: base)
            return found.map {
                MappedObject($0.value, at: $0.keyPath, in: document, mapping: mapping, prefix: prefix)
            }
        } catch {
            throw JSONInputError(keyPath: error.keyPath, message: error.message, field: "\(prefix).\(key)")
        }
    }
}

extension JSONInputError {
    /// A fault found through a `fields:` mapping: `fields.runners.price: data.events[2].odds.win:
    /// expected a number`, with the line and column of the value when `data` has it.
    package init(keyPath: String, message: String, field: String) {
        self.init(keyPath: keyPath, message: message, mappedField: field)
    }

    /// The fault placed in the document, its mapping key first and its key path in the message,
    /// so the line shown under it is the value's.
    package func placedAsMapped(in data: Data) -> JSONInputError {
        guard let field = mappedField else { return self }
        let placed = JSONDocumentDecoding.placed(self, in: data)
        let place = keyPath.isEmpty ? "" : keyPath + ": "
        return JSONInputError(
            keyPath: "", message: "\(field): \(place)\(message)", line: placed.line, column: placed.column)
    }
}
