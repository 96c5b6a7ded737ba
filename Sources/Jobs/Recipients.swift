import Email
import Foundation
import GazetteCore
import Yams

/// A report's `recipients:`: who gets the message of which input, so `each: true` sends each
/// athlete their own report. Either a mapping from an input's file name (with or without its
/// extension) to an address or a list of them, or the path of a CSV file (relative to the job)
/// whose header is `input,to` and whose rows name one input and one address each.
package struct Recipients: Sendable, Equatable {
    /// Input name → addresses, in the order given.
    package var byInput: [String: [Mailbox]] = [:]
    /// Where each name was given, so a name that matches no input is an error at its place.
    package var places: [String: ErrorLocation] = [:]

    /// The addresses for the report of `sources`, in the sources' order.
    package func addresses(for sources: [Source]) -> [Mailbox] {
        var found: [Mailbox] = []
        for source in sources {
            for name in Self.names(of: source) {
                for address in byInput[name] ?? [] where !found.contains(address) { found.append(address) }
            }
        }
        return found
    }

    /// The names an input answers to: its file name, and that name without its extension.
    static func names(of source: Source) -> [String] {
        let name = source.displayName
        let stem = (name as NSString).deletingPathExtension
        return stem == name ? [name] : [name, stem]
    }

    static func read(_ node: Node, reader: NodeReader, base: URL) throws(BuildError) -> Recipients {
        var recipients = Recipients()
        switch node {
        case let .mapping(mapping):
            for (keyNode, value) in mapping {
                let name = try reader.string(keyNode)
                let items: [Node]
                if case let .sequence(list) = value { items = Array(list) } else { items = [value] }
                var addresses: [Mailbox] = []
                for item in items {
                    addresses.append(try address(try reader.string(item), at: reader.location(of: item)))
                }
                recipients.byInput[name, default: []] += addresses
                recipients.places[name] = reader.location(of: keyNode)
            }
        case .scalar:
            let file = JobFileLoader.folder(try reader.string(node), relativeTo: base)
            try recipients.readCSV(file, named: reader.location(of: node))
        default:
            throw reader.error(
                at: node, "recipients must map input file names to addresses, or name a CSV file with columns input,to")
        }
        return recipients
    }

    /// A CSV of `input,to` rows; fields may be quoted ("Lee, Sam <sam@example.org>").
    private mutating func readCSV(_ file: URL, named place: ErrorLocation) throws(BuildError) {
        guard let data = FileManager.default.contents(atPath: file.path), let text = String(data: data, encoding: .utf8)
        else {
            throw BuildError(
                .usage, place, "recipients: cannot read \(file.path) (\(JobFileLoader.whyUnreadable(file.path)))")
        }
        let lines = NodeReader.lines(of: text)
        for (index, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let number = index + 1
            let fields = try Self.fields(line, path: file.path, line: number)
            if index == 0 {
                guard fields.map({ $0.lowercased() }) == ["input", "to"] else {
                    throw BuildError(
                        .usage, .text(path: file.path, line: 1, column: 1, sourceLine: line),
                        "a recipients file starts with the header input,to")
                }
                continue
            }
            guard fields.count == 2, !fields[0].isEmpty else {
                throw BuildError(
                    .usage, .text(path: file.path, line: number, column: 1, sourceLine: line),
                    "a recipients row is an input's file name and one address: input,to")
            }
            let column = (line.firstIndex(of: ",").map { line.distance(from: line.startIndex, to: $0) } ?? 0) + 2
            byInput[fields[0], default: []].append(
                try Self.address(fields[1], at: .text(path: file.path, line: number, column: column, sourceLine: line)))
            places[fields[0]] = .text(path: file.path, line: number, column: 1, sourceLine: line)
        }
    }

    private static func address(_ text: String, at place: ErrorLocation) throws(BuildError) -> Mailbox {
        do {
            return try Mailbox.parse(text)
        } catch {
            throw BuildError(.usage, place, "recipients: \(error.description)")
        }
    }

    /// One CSV line's fields: commas separate, double quotes enclose (`""` is a quote).
    static func fields(_ line: String, path: String, line number: Int) throws(BuildError) -> [String] {
        var fields: [String] = [], current = "", quoted = false, atStart = true
        var characters = line.makeIterator()
        while let character = characters.next() {
            if quoted {
                if character == "\"" {
                    var peek = characters
                    if peek.next() == "\"" {
                        current.append("\"")
                        characters = peek
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(character)
                }
            } else if character == "\"", atStart {
                quoted = true
                atStart = false
            } else if character == "," {
                fields.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
                atStart = true
            } else {
                current.append(character)
                if character != " " { atStart = false }
            }
        }
        guard !quoted else {
            throw BuildError(
                .usage, .text(path: path, line: number, column: line.count, sourceLine: line),
                "a quoted field is not closed on its line")
        }
        fields.append(current.trimmingCharacters(in: .whitespaces))
        return fields
    }
}
