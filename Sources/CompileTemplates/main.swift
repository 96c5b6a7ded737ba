import CatalogFormat
import Foundation

// Usage: CompileTemplates OUTPUT.swift --messages en.yml --alias FROM=TO ... --templates FILE.mustache ... --contexts FILE.swift ...
// Compiles each template that a context struct names (`// gazette:template NAME`) into a Swift
// renderer over that struct. Errors are printed as `file:line:column: error: …`, so the build
// of Gazette stops at a template that names a field its context does not have.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

/// What the build plugin passes: the output file, the aliases, the templates, the context
/// declarations and the English catalog.
struct Arguments {
    var output: String
    var aliases: [String: String] = [:]
    var templateFiles: [String] = []
    var contextFiles: [String] = []
    var messagesFile: String?

    init(_ all: [String]) {
        var arguments = all
        guard !arguments.isEmpty else {
            fail("usage: CompileTemplates OUTPUT.swift --alias A=B … --templates … --contexts …")
        }
        output = arguments.removeFirst()
        var mode = ""
        for argument in arguments {
            if argument.hasPrefix("--") {
                mode = argument
                continue
            }
            switch mode {
            case "--alias":
                let pair = argument.split(separator: "=").map(String.init)
                guard pair.count == 2 else { fail("error: --alias takes FROM=TO, not \(argument)") }
                aliases[pair[0]] = pair[1]
            case "--templates": templateFiles.append(argument)
            case "--contexts": contextFiles.append(argument)
            case "--messages": messagesFile = argument
            default: fail("error: \(argument) follows no option")
            }
        }
    }
}

func readText(_ path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
        fail("\(path): error: not readable as UTF-8 text")
    }
    return text
}

/// The English catalog's messages: what `{{words.KEY}}` may name (plain texts only).
func plainMessages(_ messagesFile: String?) -> [String: Bool] {
    var messages: [String: Bool] = [:]
    guard let messagesFile else { return messages }
    do {
        for entry in try CatalogRules.entries(in: readText(messagesFile)) {
            if case .text = entry.forms { messages[entry.key] = true } else { messages[entry.key] = false }
        }
    } catch {
        fail("\(messagesFile):\(error.line):\(error.column): error: \(error.message)")
    }
    return messages
}

/// The whole run, in a function so everything it made is released before the process exits:
/// built with AddressSanitizer (the fuzzing build), the leak check at exit would otherwise count
/// the parsed templates as leaked.
func compileTemplates() {
    let arguments = Arguments(Array(CommandLine.arguments.dropFirst()))
    var templates: [String: [MustacheNode]] = [:]
    for path in arguments.templateFiles where path.hasSuffix(".mustache") {
        let name = String(URL(fileURLWithPath: path).lastPathComponent.dropLast(".mustache".count))
        do {
            templates[name] = try MustacheParser.parse(readText(path), file: path)
        } catch {
            fail("\(error.place.file):\(error.place.line):\(error.place.column): error: \(error.message)")
        }
    }
    var contexts = ContextDeclarations()
    for path in arguments.contextFiles.sorted() { contexts.read(readText(path)) }
    if ProcessInfo.processInfo.environment["COMPILE_TEMPLATES_DEBUG"] != nil {
        for (name, declaration) in contexts.structs.sorted(by: { $0.key < $1.key }) {
            print(name, declaration.qualifiedName, declaration.order)
        }
        print(contexts.roots)
    }
    var emitter = RendererEmitter(
        templates: templates, contexts: contexts, standaloneAliases: arguments.aliases,
        messages: plainMessages(arguments.messagesFile))
    let output = arguments.output
    do {
        let swift = try emitter.emitFile()
        let existing = try? String(contentsOfFile: output, encoding: .utf8)
        if existing != swift {
            do { try swift.write(toFile: output, atomically: true, encoding: .utf8) } catch {
                fail("\(output): error: \(error)")
            }
        }
    } catch {
        if let place = error.place {
            fail("\(place.file):\(place.line):\(place.column): error: \(error.message)")
        }
        fail("error: \(error.message)")
    }
}

compileTemplates()
