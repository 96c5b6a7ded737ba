import Foundation
import GazetteCore

/// The man page, made from the command's own help (swift-argument-parser's description of every
/// command, argument and option), so it says exactly what `--help` says and is never out of date.
/// `gazette man` prints it; the release packs it as `gazette.1`.
enum ManualPage {
    /// The parts of swift-argument-parser's help description (`--experimental-dump-help`) a page shows.
    struct Dump: Decodable {
        var command: Command
    }

    struct Command: Decodable {
        var commandName: String
        var abstract: String?
        var discussion: String?
        var shouldDisplay: Bool?
        var subcommands: [Command]?
        var arguments: [Argument]?
    }

    struct Argument: Decodable {
        struct Name: Decodable {
            var kind: String
            var name: String
        }

        var kind: String
        var names: [Name]?
        var valueName: String?
        var abstract: String?
        var discussion: String?
        var shouldDisplay: Bool?
        var isOptional: Bool?
        var isRepeating: Bool?
        var defaultValue: String?
    }

    static func render(help json: String) throws -> String {
        let dump = try JSONDecoder().decode(Dump.self, from: Data(json.utf8))
        let root = dump.command
        var page = """
            .TH GAZETTE 1 "" "gazette \(GazetteVersion.current)" "User Commands"
            .SH NAME
            gazette \\- \(escape(root.abstract ?? ""))
            .SH SYNOPSIS
            .B gazette
            .I command
            [\\fIoptions\\fR]

            """
        let commands = (root.subcommands ?? []).filter { $0.shouldDisplay ?? true }
        page += ".SH DESCRIPTION\n\(escape(root.abstract ?? ""))\nThe commands:\n"
        for command in commands {
            page += ".TP\n.B \(command.commandName)\n\(escape(command.abstract ?? ""))\n"
        }
        for command in commands {
            page += section(command, path: "gazette \(command.commandName)")
        }
        page += """
            .SH EXIT STATUS
            0 every report built; 1 a report failed on its input; 64 usage error; 65 template error;
            74 the output could not be written.
            .SH SEE ALSO
            \\fBgazette schema\\fR for the job file's keys; \\fBgazette init\\fR for a starter job.

            """
        return page
    }

    private static func section(_ command: Command, path: String) -> String {
        var text = ".SH \"\(path.uppercased())\"\n\(escape(command.abstract ?? ""))\n"
        if let discussion = command.discussion, !discussion.isEmpty {
            text += ".PP\n" + paragraphs(discussion)
        }
        let arguments = (command.arguments ?? []).filter { ($0.shouldDisplay ?? true) && !isStandard($0) }
        if !arguments.isEmpty { text += ".SS Arguments and options\n" }
        for argument in arguments {
            text += ".TP\n\(label(argument))\n"
            var help = argument.abstract ?? ""
            if let value = argument.defaultValue, !value.isEmpty, !help.contains("default") {
                help += " (default: \(value))"
            }
            text += escape(help) + "\n"
            if let discussion = argument.discussion, !discussion.isEmpty { text += paragraphs(discussion) }
        }
        for sub in (command.subcommands ?? []) where sub.shouldDisplay ?? true {
            text += section(sub, path: "\(path) \(sub.commandName)")
        }
        return text
    }

    /// -h/--help and --version are on every command; the page says so once, not under each.
    private static func isStandard(_ argument: Argument) -> Bool {
        let names = Set((argument.names ?? []).map(\.name))
        return names == ["help", "h"] || names == ["version"]
    }

    private static func label(_ argument: Argument) -> String {
        let value = argument.valueName.map { " \\fI\(escape($0))\\fR" } ?? ""
        guard argument.kind != "positional" else {
            return "\\fI\(escape(argument.valueName ?? "value"))\\fR" + (argument.isRepeating == true ? " ..." : "")
        }
        let names = (argument.names ?? []).sorted { $0.kind == "short" && $1.kind != "short" }.map { name -> String in
            let dashes = name.kind == "short" || name.kind == "longWithSingleDash" ? "\\-" : "\\-\\-"
            return "\\fB\(dashes)\(escape(name.name))\\fR"
        }
        return names.joined(separator: ", ") + (argument.kind == "option" ? value : "")
    }

    private static func paragraphs(_ text: String) -> String {
        text.components(separatedBy: "\n\n").map { escape($0.replacingOccurrences(of: "\n", with: " ")) + "\n" }
            .joined(separator: ".PP\n")
    }

    /// roff's escapes: backslashes, hyphens that are minus signs, and a line that would start with a control character.
    static func escape(_ text: String) -> String {
        var out = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out.replacingOccurrences(of: "\n.", with: "\n\\&.").replacingOccurrences(of: "\n'", with: "\n\\&'")
    }
}
