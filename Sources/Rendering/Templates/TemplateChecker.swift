import Deterministic
import Foundation
import GazetteCore

/// Checks that every tag of a template resolves in the context it will be rendered with.
///
/// swift-mustache renders an unknown key as empty text, which hides typos in templates and
/// renamed fields in page contexts. The checker walks the template's tags (scanned once, when the
/// library is made) the way the renderer does, over the lowered context, and reports the first
/// tag that names nothing, with its position and the chain of partials that led there.
package struct TemplateChecker {
    package let library: TemplateLibrary
    /// Elements of a list checked per section: enough to meet optional fields set and unset.
    private let elementsChecked = 25

    /// Partials one page may include, counted over every expansion the checker walks. Gazette's
    /// own pages need a few hundred; a set where each partial includes the next ten times, twelve
    /// levels deep, would need 10¹² and run for ever.
    package static let inclusionLimit = 20_000
    private let budget = Budget()

    private final class Budget {
        var inclusions = 0
    }

    package init(library: TemplateLibrary) {
        self.library = library
    }

    package func check(_ name: String, context: Any) throws(BuildError) {
        try check(name, stack: [context], chain: [])
    }

    private func check(_ requested: String, stack: [Any], chain: [String]) throws(BuildError) {
        let name = library.resolvedName(requested)
        guard chain.count < 20 else {
            throw BuildError(
                .template, .file(library.origin(of: name)), "partials nest too deep (\(Self.describe(chain + [name])))")
        }
        budget.inclusions += 1
        guard budget.inclusions <= Self.inclusionLimit else {
            throw BuildError(
                .template, .file(library.origin(of: name)),
                "the page includes partials more than \(Self.inclusionLimit) times (\(Self.describe(chain + [name])))")
        }
        guard let tags = library.tags[name] else {
            throw BuildError(
                .template, .file(library.origin(of: name)),
                "no template named \"\(name)\""
                    + (chain.isEmpty ? "" : " (included by \(Self.describe(chain)))"))
        }
        var index = 0
        try walk(tags, &index, stack: stack, chain: chain + [name])
    }

    private static func describe(_ chain: [String]) -> String {
        chain.joined(separator: " → ")
    }

    /// Walks tags until the closing tag of the current section (or the end).
    private func walk(_ tags: [Tag], _ index: inout Int, stack: [Any], chain: [String]) throws(BuildError) {
        while index < tags.count {
            let tag = tags[index]
            index += 1
            switch tag.kind {
            case .close:
                return
            case .comment:
                continue
            case .partial:
                guard library.tags[library.resolvedName(tag.name)] != nil else {
                    throw BuildError(
                        .template, tag.location,
                        "no template named \"\(tag.name)\" for this partial"
                            + (chain.count > 1 ? " (in \(Self.describe(chain)))" : ""))
                }
                try check(tag.name, stack: stack, chain: chain)
            case .variable:
                // A variable shows text; an object or a list would come out as Swift's debug text.
                let value = try resolve(tag, stack: stack, chain: chain)
                if value is TemplateObject || value is [Any] || value is TemplateLazyList {
                    throw BuildError(
                        .template, tag.location,
                        "\"\(tag.name)\" is \(value is TemplateObject ? "an object" : "a list"), not a text: "
                            + "use it as a section ({{#\(tag.name)}}…{{/\(tag.name)}})"
                            + (chain.count > 1 ? " (in \(Self.describe(chain)))" : ""))
                }
            case .section, .inverted:
                let value = try resolve(tag, stack: stack, chain: chain)
                let start = index
                var checkedAny = false
                for body in bodies(of: value, inverted: tag.kind == .inverted, stack: stack) {
                    index = start
                    try walk(tags, &index, stack: body, chain: chain)
                    checkedAny = true
                }
                if !checkedAny {
                    index = start
                    skip(tags, &index)
                }
            }
        }
    }

    /// Skips a section the renderer would not render.
    private func skip(_ tags: [Tag], _ index: inout Int) {
        var level = 1
        while index < tags.count, level > 0 {
            switch tags[index].kind {
            case .section, .inverted: level += 1
            case .close: level -= 1
            default: break
            }
            index += 1
        }
    }

    /// The context stacks the section's body is rendered with (none when it is not rendered).
    private func bodies(of value: Any?, inverted: Bool, stack: [Any]) -> [[Any]] {
        let truthy: Bool
        switch value {
        case nil: truthy = false
        case let flag as Bool: truthy = flag
        case let list as [Any]: truthy = !list.isEmpty
        case let list as TemplateLazyList: truthy = list.count > 0
        case let text as String: truthy = !text.isEmpty
        case is TemplateText: truthy = true  // swift-mustache renders a section of any text, even empty
        default: truthy = true
        }
        if inverted { return truthy ? [] : [stack] }
        guard truthy, let value else { return [] }
        if value is Bool { return [stack] }
        if let list = value as? [Any] { return list.prefix(elementsChecked).map { stack + [$0] } }
        if let list = value as? TemplateLazyList {
            return (0..<min(list.count, elementsChecked)).map { stack + [list.element($0)] }
        }
        return [stack + [value]]
    }

    private func resolve(_ tag: Tag, stack: [Any], chain: [String]) throws(BuildError) -> Any? {
        if tag.name == "." { return stack.last }
        let parts = tag.name.split(separator: ".").map(String.init)
        guard !parts.isEmpty else { throw unresolved(tag, stack: stack, chain: chain) }
        var current: Any? = nil
        var found = false
        for context in stack.reversed() {
            if let value = Self.child(parts[0], of: context) {
                current = value
                found = true
                break
            }
        }
        guard found else { throw unresolved(tag, stack: stack, chain: chain) }
        for part in parts.dropFirst() {
            guard let parent = current else { return nil }
            guard let value = Self.child(part, of: parent) else { throw unresolved(tag, stack: stack, chain: chain) }
            current = value
        }
        return current
    }

    private func unresolved(_ tag: Tag, stack: [Any], chain: [String]) -> BuildError {
        let known = (stack.last as? TemplateObject)?.names ?? []
        let hint = known.isEmpty ? "" : " (the context has: \(known.joined(separator: ", ")))"
        let via = chain.count > 1 ? " (in \(Self.describe(chain)))" : ""
        return BuildError(
            .template, tag.location,
            "\"\(tag.name)\" does not resolve in the page's context\(hint)\(via)")
    }

    /// The field `key` of a lowered value: `.some(nil)` when it is there but empty, `nil` when missing.
    private static func child(_ key: String, of value: Any) -> Any?? {
        if let object = value as? TemplateObject { return object.field(key) }
        if key == "count", let list = value as? [Any] { return .some(list.count) }
        if key == "count", let list = value as? TemplateLazyList { return .some(list.count) }
        return nil
    }
}

/// One Mustache tag with its position.
package struct Tag {
    package enum Kind { case variable, section, inverted, close, partial, comment }
    package var kind: Kind
    package var name: String
    package var origin: String
    package var line: Int
    package var column: Int
    package var sourceLine: String

    package var location: ErrorLocation {
        .text(path: origin, line: line, column: column, sourceLine: sourceLine)
    }
}

/// Finds the `{{…}}` tags of a template (the default delimiters only).
package struct TagScanner {
    package let text: String
    package let origin: String

    package func scan() throws(BuildError) -> [Tag] {
        let lines = TemplateLines.split(text)
        var tags: [Tag] = []
        for (lineIndex, line) in lines.enumerated() {
            var rest = line[...]
            while let open = rest.range(of: "{{") {
                let column = TextColumns.column(of: open.lowerBound, in: line)
                var body = rest[open.upperBound...]
                let triple = body.hasPrefix("{")
                if triple { body = body.dropFirst() }
                guard let close = body.range(of: triple ? "}}}" : "}}") else {
                    throw BuildError(
                        .template, .text(path: origin, line: lineIndex + 1, column: column, sourceLine: line),
                        "tag is not closed on its line")
                }
                var content = body[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
                rest = body[close.upperBound...]
                var kind = Tag.Kind.variable
                if let first = content.first, "#^/>!&=%".contains(first) {
                    content.removeFirst()
                    content = content.trimmingCharacters(in: .whitespaces)
                    switch first {
                    case "#": kind = .section
                    case "^": kind = .inverted
                    case "/": kind = .close
                    case ">": kind = .partial
                    case "!", "%": kind = .comment  // a comment, or a pragma such as CONTENT_TYPE
                    case "=":
                        throw BuildError(
                            .template, .text(path: origin, line: lineIndex + 1, column: column, sourceLine: line),
                            "changing delimiters is not supported")
                    default: kind = .variable
                    }
                }
                if kind != .comment, let problem = Self.nameProblem(content) {
                    throw BuildError(
                        .template, .text(path: origin, line: lineIndex + 1, column: column, sourceLine: line), problem)
                }
                tags.append(
                    Tag(
                        kind: kind, name: content, origin: origin, line: lineIndex + 1, column: column, sourceLine: line
                    ))
            }
        }
        try Self.checkSections(tags)
        return tags
    }

    /// Every section opened is closed, in order, by its own name: otherwise an error in words at
    /// the tag to fix (the parser would only say `expectedSectionEnd`, at the end of the file).
    static func checkSections(_ tags: [Tag]) throws(BuildError) {
        var open: [Tag] = []
        for tag in tags {
            switch tag.kind {
            case .section, .inverted:
                open.append(tag)
            case .close:
                guard let innermost = open.last else {
                    throw BuildError(
                        .template, tag.location,
                        "{{/\(tag.name)}} closes no section: no {{#\(tag.name)}} or {{^\(tag.name)}} is open here")
                }
                guard innermost.name == tag.name else {
                    throw BuildError(
                        .template, tag.location,
                        "{{/\(tag.name)}} does not close the innermost open section, \(opening(innermost)) at line \(innermost.line), "
                            + "column \(innermost.column): close that one first with {{/\(innermost.name)}}")
                }
                open.removeLast()
            default:
                break
            }
        }
        if let unclosed = open.last {
            throw BuildError(
                .template, unclosed.location,
                "the section \(opening(unclosed)) is never closed: add {{/\(unclosed.name)}} where it ends")
        }
    }

    private static func opening(_ tag: Tag) -> String {
        "{{\(tag.kind == .inverted ? "^" : "#")\(tag.name)}}"
    }

    /// Why a tag's name cannot name anything (`{{}}`, `{{..}}`, `{{a..b}}`), or nil when it can.
    static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "the tag names nothing" }
        if name == "." { return nil }
        // A leading dot (`{{.name}}`) asks swift-mustache not to look up the context stack.
        let path = name.hasPrefix(".") ? name.dropFirst() : name[...]
        if path.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            return "\"\(name)\" is not a name: dots must separate names"
        }
        return nil
    }
}
