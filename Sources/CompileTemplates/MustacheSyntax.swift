/// The part of Mustache the built-in templates use, parsed into a tree with the same line rules as
/// swift-mustache (the renderer of `--templates` overrides), so the compiled renderers write the
/// same bytes: a section, comment, partial or pragma tag alone on its line takes the line with it.
indirect enum MustacheNode {
    case text(String)
    case variable(name: String, escaped: Bool, place: TemplatePlace)
    case section(name: String, inverted: Bool, children: [MustacheNode], place: TemplatePlace)
    case partial(name: String, place: TemplatePlace)
    case contentType(String, place: TemplatePlace)
}

/// Where a tag starts: 1-based line and column of its `{{`.
struct TemplatePlace {
    var file: String
    var line: Int
    var column: Int
}

struct MustacheSyntaxError: Error {
    var place: TemplatePlace
    var message: String
}

/// Reads a template's characters once, front to back. The algorithm follows swift-mustache's
/// parser step for step (its whitespace and standalone-line handling decide the bytes written);
/// tags the built-in templates never use (delimiter changes, inheritance, transforms) are errors.
struct MustacheParser {
    private let characters: [Character]
    private let file: String
    private var position = 0

    init(text: String, file: String) {
        characters = Array(text)
        self.file = file
    }

    static func parse(_ text: String, file: String) throws(MustacheSyntaxError) -> [MustacheNode] {
        var parser = MustacheParser(text: text, file: file)
        return try parser.parseSection(name: nil, newLine: true)
    }

    private var atEnd: Bool { position >= characters.count }
    private var current: Character { atEnd ? "\0" : characters[position] }

    private func place(of index: Int) -> TemplatePlace {
        var line = 1
        var column = 1
        for character in characters[..<min(index, characters.count)] {
            if character.isNewline {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return TemplatePlace(file: file, line: line, column: column)
    }

    private func failure(_ message: String, at index: Int) -> MustacheSyntaxError {
        MustacheSyntaxError(place: place(of: index), message: message)
    }

    private mutating func parseSection(name: String?, newLine startsOnNewLine: Bool) throws(MustacheSyntaxError)
        -> [MustacheNode]
    {
        var nodes: [MustacheNode] = []
        var newLine = startsOnNewLine
        var whitespaceBefore = ""
        while !atEnd {
            if newLine { whitespaceBefore = read(while: { $0 == " " || $0 == "\t" }) }
            let text = readUntilTagOrNewline()
            if current.isNewline {
                nodes.append(.text(whitespaceBefore + text + String(current)))
                newLine = true
                position += 1
                continue
            }
            if !text.isEmpty {
                nodes.append(.text(whitespaceBefore + text))
                whitespaceBefore = ""
                newLine = false
            }
            if atEnd { break }
            // The tag's `{{` is just behind.
            let tagStart = position - 2
            let tagPlace = place(of: tagStart)
            var setNewLine = false
            switch current {
            case "#", "^":
                let inverted = current == "^"
                position += 1
                let sectionName = try readName(tagStart)
                if isStandalone(newLine) {
                    setNewLine = true
                } else if !whitespaceBefore.isEmpty {
                    nodes.append(.text(whitespaceBefore))
                    whitespaceBefore = ""
                }
                let children = try parseSection(name: sectionName, newLine: setNewLine && newLine)
                nodes.append(.section(name: sectionName, inverted: inverted, children: children, place: tagPlace))
            case "/":
                try closeSection(name, tagStart)
                if !isStandalone(newLine), !whitespaceBefore.isEmpty {
                    nodes.append(.text(whitespaceBefore))
                }
                return nodes
            case "!":
                try skipComment(tagStart)
                setNewLine = isStandalone(newLine)
            case "{", "&":
                if !whitespaceBefore.isEmpty {
                    nodes.append(.text(whitespaceBefore))
                    whitespaceBefore = ""
                }
                nodes.append(try unescapedVariable(tagStart, place: tagPlace))
            case ">":
                if !whitespaceBefore.isEmpty {
                    // swift-mustache would indent every line of the partial by this much.
                    throw failure("an indented partial tag is not supported in a built-in template", at: tagStart)
                }
                nodes.append(try partial(tagStart, place: tagPlace))
                setNewLine = isStandalone(newLine)
            case "%":
                nodes.append(try pragma(tagStart, place: tagPlace))
                setNewLine = isStandalone(newLine)
            case "=", "<", "$":
                throw failure(
                    "delimiter changes and template inheritance are not used by built-in templates", at: tagStart)
            default:
                if !whitespaceBefore.isEmpty {
                    nodes.append(.text(whitespaceBefore))
                    whitespaceBefore = ""
                }
                nodes.append(.variable(name: try readName(tagStart), escaped: true, place: tagPlace))
            }
            newLine = setNewLine
        }
        if let name { throw failure("{{#\(name)}} is never closed", at: characters.count) }
        return nodes
    }

    /// `{{/name}}`, from its `/`: it must close the section `name` that is open.
    private mutating func closeSection(_ name: String?, _ tagStart: Int) throws(MustacheSyntaxError) {
        position += 1
        let closing = try readName(tagStart)
        guard closing == name else {
            throw failure(
                name.map { "{{/\(closing)}} closes a section, but {{#\($0)}} is the one open" }
                    ?? "{{/\(closing)}} closes a section that was never opened", at: tagStart)
        }
    }

    /// `{{! … }}`, from its `!`: read past.
    private mutating func skipComment(_ tagStart: Int) throws(MustacheSyntaxError) {
        position += 1
        guard let end = find("}}") else { throw failure("the comment is never closed with }}", at: tagStart) }
        position = end + 2
    }

    /// `{{{name}}}` or `{{&name}}`, from its `{` or `&`.
    private mutating func unescapedVariable(_ tagStart: Int, place: TemplatePlace) throws(MustacheSyntaxError)
        -> MustacheNode
    {
        let triple = current == "{"
        position += 1
        let variable = try readName(tagStart)
        if triple {
            guard current == "}" else { throw failure("{{{\(variable)}} needs a third }", at: tagStart) }
            position += 1
        }
        return .variable(name: variable, escaped: false, place: place)
    }

    /// `{{> name}}`, from its `>`.
    private mutating func partial(_ tagStart: Int, place: TemplatePlace) throws(MustacheSyntaxError) -> MustacheNode {
        position += 1
        _ = read(while: \.isWhitespace)
        let partial = read(while: { $0.isLetter || $0.isNumber || "._-".contains($0) })
        _ = read(while: \.isWhitespace)
        guard readString("}}") else { throw failure("the partial's name is not closed with }}", at: tagStart) }
        return .partial(name: partial, place: place)
    }

    /// `{{% CONTENT_TYPE: HTML }}`, the one pragma built-in templates use, from its `%`.
    private mutating func pragma(_ tagStart: Int, place: TemplatePlace) throws(MustacheSyntaxError) -> MustacheNode {
        position += 1
        _ = read(while: \.isWhitespace)
        let key = read(while: { !$0.isWhitespace && $0 != ":" })
        _ = read(while: \.isWhitespace)
        guard readString(":") else { throw failure("a pragma reads {{% NAME: VALUE }}", at: tagStart) }
        _ = read(while: \.isWhitespace)
        let value = read(while: { !$0.isWhitespace && $0 != "}" })
        _ = read(while: \.isWhitespace)
        guard readString("}}"), key == "CONTENT_TYPE" else {
            throw failure("only {{% CONTENT_TYPE: HTML }} is supported", at: tagStart)
        }
        return .contentType(value, place: place)
    }

    /// Text up to a newline or an opening `{{` (which is consumed).
    private mutating func readUntilTagOrNewline() -> String {
        var text = ""
        while !atEnd {
            let character = current
            if character.isNewline { break }
            if character == "{", position + 1 < characters.count, characters[position + 1] == "{" {
                position += 2
                break
            }
            text.append(character)
            position += 1
        }
        return text
    }

    /// A tag's name and its closing `}}`.
    private mutating func readName(_ tagStart: Int) throws(MustacheSyntaxError) -> String {
        _ = read(while: \.isWhitespace)
        let name = read(while: { $0.isLetter || $0.isNumber || "._-?*".contains($0) })
        _ = read(while: \.isWhitespace)
        if current == "(" { throw failure("transforms are not used by built-in templates", at: tagStart) }
        guard readString("}}") else { throw failure("the tag is not closed with }}", at: tagStart) }
        return name
    }

    /// Whether the tag just read stands alone on its line; if so its line end is consumed.
    private mutating func isStandalone(_ newLine: Bool) -> Bool {
        guard newLine else { return false }
        if atEnd { return true }
        var look = position
        while look < characters.count, characters[look] == " " || characters[look] == "\t" { look += 1 }
        if look < characters.count, characters[look].isNewline {
            position = look + 1
            return true
        }
        return false
    }

    private mutating func read(while accept: (Character) -> Bool) -> String {
        var text = ""
        while !atEnd, accept(current) {
            text.append(current)
            position += 1
        }
        return text
    }

    private mutating func readString(_ string: String) -> Bool {
        let wanted = Array(string)
        guard position + wanted.count <= characters.count,
            Array(characters[position..<(position + wanted.count)]) == wanted
        else { return false }
        position += wanted.count
        return true
    }

    private func find(_ string: String) -> Int? {
        let wanted = Array(string)
        var index = position
        while index + wanted.count <= characters.count {
            if Array(characters[index..<(index + wanted.count)]) == wanted { return index }
            index += 1
        }
        return nil
    }
}
