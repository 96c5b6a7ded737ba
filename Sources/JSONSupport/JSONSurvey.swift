import Foundation

/// What a JSON document holds, for guessing a `fields:` block: each list of objects (an array's
/// elements, or the values of an object keyed by id), by its path with `[]` and `{}`, with the
/// fields its objects carry and the values each holds.
package struct JSONSurvey {
    /// One list: its path from the document (`data.events[]`, `data.events[].entrants{}`; `.` for
    /// the document itself) and what its objects hold.
    package struct List {
        package var path: String
        package var objects: [[String: Any]] = []
        package var fields: [Field] = []
    }

    /// One field of a list's objects, by its path from the object (`odds.win`), with every value.
    package struct Field {
        package var path: String
        package var values: [Any] = []

        package init(path: String, values: [Any] = []) {
            self.path = path
            self.values = values
        }
        /// The path's words, lower case: `fixedWin` → fixed, win; `horse.name` → horse, name.
        package var words: [String] {
            var words: [String] = []
            var word = ""
            for character in path {
                if character.isUppercase, !word.isEmpty, !(word.last?.isUppercase ?? false) {
                    words.append(word)
                    word = ""
                }
                if character.isLetter || character.isNumber {
                    word.append(character)
                } else if !word.isEmpty {
                    words.append(word)
                    word = ""
                }
            }
            if !word.isEmpty { words.append(word) }
            return words.map { $0.lowercased() }
        }
        package var numbers: [Double] {
            values.compactMap { ($0 as? NSNumber).flatMap { JSONPath.isBool($0) ? nil : $0.doubleValue } }
        }
        package var texts: [String] { values.compactMap { $0 as? String } }
        package var flags: Int { values.filter { ($0 as? NSNumber).map(JSONPath.isBool) ?? false }.count }
    }

    package var lists: [List]

    package init(_ root: Any) {
        var found: [String: [[String: Any]]] = [:]
        var order: [String] = []
        if let object = root as? [String: Any] {
            found["."] = [object]
            order.append(".")
        }
        Self.walk(root, path: "", depth: 0, found: &found, order: &order)
        lists = order.map { path in
            var list = List(path: path, objects: found[path] ?? [])
            list.fields = Self.fields(of: list.objects)
            return list
        }
    }

    private static func walk(
        _ value: Any, path: String, depth: Int, found: inout [String: [[String: Any]]], order: inout [String]
    ) {
        guard depth < 10 else { return }
        var elements: [[String: Any]] = []
        var listPath = ""
        if let array = value as? [Any] {
            elements = array.compactMap { $0 as? [String: Any] }
            listPath = path + "[]"
        } else if let object = value as? [String: Any] {
            if isKeyedByID(object) {
                elements = object.keys.sorted().compactMap { object[$0] as? [String: Any] }
                listPath = path + "{}"
            } else {
                for key in object.keys.sorted() {
                    walk(object[key]!, path: JSONPath.joined(path, key), depth: depth + 1, found: &found, order: &order)
                }
                return
            }
        }
        guard !elements.isEmpty else { return }
        if found[listPath] == nil { order.append(listPath) }
        found[listPath, default: []] += elements
        for element in elements {
            for key in element.keys.sorted() {
                walk(element[key]!, path: listPath + "." + key, depth: depth + 1, found: &found, order: &order)
            }
        }
    }

    /// An object of two or more objects that share most of their keys: records by id.
    private static func isKeyedByID(_ object: [String: Any]) -> Bool {
        let values = object.values.compactMap { $0 as? [String: Any] }
        guard object.count >= 2, values.count == object.count else { return false }
        let first = Set(values[0].keys)
        return values.allSatisfy { Set($0.keys).intersection(first).count * 2 >= max(first.count, 1) }
    }

    /// The fields of a list's objects: their keys, and the keys of objects within them (two deep).
    private static func fields(of objects: [[String: Any]]) -> [Field] {
        var fields: [String: Field] = [:]
        var order: [String] = []
        func add(_ object: [String: Any], prefix: String, depth: Int) {
            for key in object.keys.sorted() {
                guard let value = object[key], !(value is NSNull) else { continue }
                let path = JSONPath.joined(prefix, key)
                if let inner = value as? [String: Any] {
                    if depth < 2, !isKeyedByID(inner) { add(inner, prefix: path, depth: depth + 1) }
                } else if !(value is [Any]) {
                    if fields[path] == nil {
                        order.append(path)
                        fields[path] = Field(path: path)
                    }
                    fields[path]!.values.append(value)
                }
            }
        }
        for object in objects { add(object, prefix: "", depth: 0) }
        return order.map { fields[$0]! }
    }
}
