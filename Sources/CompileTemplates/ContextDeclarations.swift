/// The page-context structs the templates read, learnt from their Swift declarations: each
/// struct's fields as a template sees them (its `CodingKeys` when it has them, else its stored
/// properties), and which struct is the root context of which template (a `// gazette:template
/// NAME` line above it). Contexts are plain structs, so a line-level reading is enough.
indirect enum FieldType: CustomStringConvertible {
    case string, int, double, bool
    case optional(FieldType)
    case array(FieldType)
    /// `LazyTemplateList<T>`: a list whose elements are made as they are read.
    case lazyList(FieldType)
    /// A struct, by its name as written.
    case named(String)

    static func parse(_ text: String) -> FieldType {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("?") { return .optional(parse(String(text.dropLast()))) }
        if text.hasPrefix("["), text.hasSuffix("]"), !text.contains(":") {
            return .array(parse(String(text.dropFirst().dropLast())))
        }
        if text.hasPrefix("LazyTemplateList<"), text.hasSuffix(">") {
            return .lazyList(parse(String(text.dropFirst("LazyTemplateList<".count).dropLast())))
        }
        if text.hasPrefix("Optional<"), text.hasSuffix(">") {
            return .optional(parse(String(text.dropFirst("Optional<".count).dropLast())))
        }
        switch text {
        case "String": return .string
        case "Int": return .int
        case "Double": return .double
        case "Bool": return .bool
        default: return .named(text)
        }
    }

    var description: String {
        switch self {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .optional(let wrapped): "\(wrapped)?"
        case .array(let element): "[\(element)]"
        case .lazyList(let element): "LazyTemplateList<\(element)>"
        case .named(let name): name
        }
    }
}

struct ContextStruct {
    /// The name code outside it uses (`StaleNotice.Context` for a nested one).
    var qualifiedName: String
    var fields: [String: FieldType]
    /// The field names in declaration order, for error messages.
    var order: [String]
}

struct ContextDeclarations {
    /// Structs by simple name (the name field types use).
    private(set) var structs: [String: ContextStruct] = [:]
    /// Template name → root context struct's simple name.
    private(set) var roots: [String: String] = [:]
    /// Structs shown as text (`// gazette:text` above them): `HTMLOutput` writes them.
    private(set) var textTypes: Set<String> = []

    mutating func read(_ source: String) {
        var scopes: [(name: String?, isStruct: Bool, depth: Int)] = []
        var pendingType: String?
        var pendingTemplate: String?
        var templateForNext: String?
        var textForNext = false
        var depth = 0
        // Per struct being read: stored and computed fields, and its coding keys if declared.
        var properties: [String: [(name: String, type: FieldType, computed: Bool)]] = [:]
        var codingKeys: [String: [String]] = [:]
        var qualified: [String: String] = [:]
        var inCodingKeysOf: (name: String, depth: Int)?

        for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("// gazette:text") {
                textForNext = true
                continue
            }
            if line.hasPrefix("// gazette:template ") {
                templateForNext = String(line.dropFirst("// gazette:template ".count)).trimmingCharacters(
                    in: .whitespaces)
                continue
            }
            let code = Self.code(of: line)
            let innermost = scopes.last
            if let keys = inCodingKeysOf, depth == keys.depth, code.hasPrefix("case ") {
                for name in code.dropFirst(5).split(separator: ",") {
                    let key = name.split(separator: "=")[0].trimmingCharacters(in: .whitespaces)
                    codingKeys[keys.name, default: []].append(key)
                }
            } else if let scope = innermost, scope.isStruct, let name = scope.name, depth == scope.depth,
                let property = Self.property(code)
            {
                properties[name, default: []].append(property)
            }
            if let match = Self.typeDeclaration(code) {
                pendingType = match.isStruct ? match.name : nil
                if match.name == "CodingKeys", let owner = innermost?.name { inCodingKeysOf = (owner, depth + 1) }
                if match.isStruct, textForNext { textTypes.insert(match.name) }
                textForNext = false
                if match.isStruct {
                    let outer = scopes.compactMap(\.name)
                    qualified[match.name] = (outer + [match.name]).joined(separator: ".")
                    pendingTemplate = templateForNext
                }
                templateForNext = nil
                if !match.isStruct { pendingType = "\u{0}" + match.name }
            }
            for character in code {
                if character == "{" {
                    depth += 1
                    if let type = pendingType {
                        let isStruct = !type.hasPrefix("\u{0}")
                        scopes.append((isStruct ? type : String(type.dropFirst()), isStruct, depth))
                        if isStruct, let template = pendingTemplate { roots[template] = type }
                        pendingType = nil
                        pendingTemplate = nil
                    } else {
                        scopes.append((nil, false, depth))
                    }
                } else if character == "}" {
                    if let keys = inCodingKeysOf, keys.depth == depth { inCodingKeysOf = nil }
                    depth -= 1
                    if !scopes.isEmpty { scopes.removeLast() }
                }
            }
        }
        settle(properties, codingKeys: codingKeys, qualified: qualified)
    }

    /// Each struct's fields as a template sees them: its `CodingKeys` when it declares them, else
    /// what synthesized `Encodable` writes, its stored properties.
    private mutating func settle(
        _ properties: [String: [(name: String, type: FieldType, computed: Bool)]], codingKeys: [String: [String]],
        qualified: [String: String]
    ) {
        for (name, fields) in properties {
            var visible: [String: FieldType] = [:]
            var order: [String] = []
            let all = Dictionary(fields.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
            if let keys = codingKeys[name] {
                for key in keys {
                    if let type = all[key] {
                        visible[key] = type
                        order.append(key)
                    }
                }
            } else {
                // What synthesized `Encodable` writes: the stored properties.
                for field in fields where !field.computed && visible[field.name] == nil {
                    visible[field.name] = field.type
                    order.append(field.name)
                }
            }
            structs[name] = ContextStruct(qualifiedName: qualified[name] ?? name, fields: visible, order: order)
        }
    }

    /// A line without its `//` comment and string literals' contents (so braces in them do not count).
    private static func code(of line: String) -> String {
        var out = ""
        var inString = false
        var previous: Character = " "
        for character in line {
            if inString {
                if character == "\"", previous != "\\" { inString = false }
                previous = character == "\\" && previous == "\\" ? " " : character
                continue
            }
            if character == "/", previous == "/" {
                out.removeLast()
                break
            }
            if character == "\"" {
                inString = true
                out.append("\"\"")
                previous = character
                continue
            }
            out.append(character)
            previous = character
        }
        return out.trimmingCharacters(in: .whitespaces)
    }

    private static let modifiers: Set<String> = [
        "public", "package", "internal", "private", "fileprivate", "private(set)", "package(set)",
        "fileprivate(set)", "internal(set)", "final", "indirect"
    ]

    /// `struct Name`, `enum Name`, `extension Name`, `class Name`, `actor Name`, `protocol Name`.
    private static func typeDeclaration(_ code: String) -> (name: String, isStruct: Bool)? {
        var words = code.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" }).map(String.init)
        while let first = words.first, modifiers.contains(first) || first.hasPrefix("@") { words.removeFirst() }
        guard words.count >= 2, ["struct", "enum", "extension", "class", "actor", "protocol"].contains(words[0])
        else { return nil }
        return (words[1], words[0] == "struct")
    }

    /// A stored or computed instance property: `var name: Type`, `let name: Type = …`, `var name = true`.
    private static func property(_ code: String) -> (name: String, type: FieldType, computed: Bool)? {
        var words = code.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        while let first = words.first, modifiers.contains(first) || first.hasPrefix("@") { words.removeFirst() }
        guard let keyword = words.first, keyword == "var" || keyword == "let" else { return nil }
        let rest = words.dropFirst().joined(separator: " ")
        let name = String(rest.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" }))
        guard !name.isEmpty else { return nil }
        var after = rest.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        if after.hasPrefix(":") {
            after.removeFirst()
            let type = after.prefix(while: { $0 != "=" && $0 != "{" })
            let rest = after.dropFirst(type.count)
            return (name, FieldType.parse(String(type)), keyword == "var" && rest.hasPrefix("{"))
        }
        if after.hasPrefix("=") {
            let value = after.dropFirst().trimmingCharacters(in: .whitespaces)
            if value == "true" || value == "false" { return (name, .bool, false) }
            if value.hasPrefix("\"") { return (name, .string, false) }
            if let first = value.first, first.isNumber { return (name, value.contains(".") ? .double : .int, false) }
        }
        return nil
    }
}

import Foundation
