import Crypto
import Deterministic
import Foundation
import GazetteCore

/// An Atom 1.0 feed (RFC 4287) as text: the feed's title, id, last update and links, then its
/// entries, each with a title, an id, its update, a link and a summary in words. Everything is
/// escaped for XML; ids are stable across builds (a URL under the site's address, or a `urn:uuid:`
/// made from the site and the report when the site has none).
package struct AtomFeed: Equatable, Sendable {
    package struct Entry: Equatable, Sendable {
        package var title: String
        package var id: String
        package var updated: Date
        package var link: String
        package var summary: String

        package init(title: String, id: String, updated: Date, link: String, summary: String) {
            self.title = title
            self.id = id
            self.updated = updated
            self.link = link
            self.summary = summary
        }
    }

    /// An entry of an earlier feed, carried as its text (a report reused whole has the same entry).
    package struct KeptEntry: Equatable, Sendable {
        package var xml: String
        package var updated: Date
    }

    /// An entry made now, or one carried from the previous feed.
    package enum Piece: Equatable, Sendable {
        case made(Entry)
        case kept(KeptEntry)

        var updated: Date {
            switch self {
            case let .made(entry): entry.updated
            case let .kept(entry): entry.updated
            }
        }
    }

    package var title: String
    package var id: String
    /// The feed's own address (`rel="self"`) and the page it follows (`rel="alternate"`).
    package var selfLink: String
    package var alternate: String
    /// `xml:lang`: the readers' language.
    package var language: String
    package var entries: [Piece]
    /// When the feed has no entry: its `updated`.
    package var built: Date

    package init(
        title: String, id: String, selfLink: String, alternate: String, language: String, entries: [Entry],
        built: Date
    ) {
        self.init(
            title: title, id: id, selfLink: selfLink, alternate: alternate, language: language,
            pieces: entries.map(Piece.made), built: built)
    }

    package init(
        title: String, id: String, selfLink: String, alternate: String, language: String, pieces: [Piece],
        built: Date
    ) {
        self.title = title
        self.id = id
        self.selfLink = selfLink
        self.alternate = alternate
        self.language = language
        self.entries = pieces
        self.built = built
    }

    /// The feed's `updated`: its newest entry's (RFC 4287 §4.2.15: the last significant change).
    package var updated: Date { entries.map(\.updated).max() ?? built }

    package var xml: String {
        var lines = [
            #"<?xml version="1.0" encoding="utf-8"?>"#,
            #"<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\#(Self.escaped(language))">"#,
            "  <title>\(Self.escaped(title))</title>",
            "  <id>\(Self.escaped(id))</id>",
            "  <updated>\(UTCTime.iso(updated))</updated>",
            #"  <link rel="self" type="application/atom+xml" href="\#(Self.escaped(selfLink))"/>"#,
            #"  <link rel="alternate" type="text/html" href="\#(Self.escaped(alternate))"/>"#,
            "  <author><name>\(Self.escaped(title))</name></author>",
            "  <generator>Gazette</generator>"
        ]
        var text = lines.joined(separator: "\n") + "\n"
        for piece in entries {
            switch piece {
            case let .made(entry): text += Self.xml(entry)
            case let .kept(entry): text += entry.xml
            }
        }
        return text + "</feed>\n"
    }

    /// One entry's lines, each ending in a line feed.
    static func xml(_ entry: Entry) -> String {
        [
            "  <entry>",
            "    <title>\(escaped(entry.title))</title>",
            "    <id>\(escaped(entry.id))</id>",
            "    <updated>\(UTCTime.iso(entry.updated))</updated>",
            #"    <link rel="alternate" type="text/html" href="\#(escaped(entry.link))"/>"#,
            "    <summary>\(escaped(entry.summary))</summary>",
            "  </entry>"
        ].joined(separator: "\n") + "\n"
    }

    /// The entries of a feed this type wrote, by id (as written, escaped), each as its text and
    /// its `updated`; an entry not in that shape is left out (it is made again). One pass over
    /// the lines: a site's feed has an entry per report.
    package static func entries(in text: String) -> [String: KeptEntry] {
        var found: [String: KeptEntry] = [:]
        var entry: [Substring]?
        var id: Substring?
        var updated: Date?
        func field(_ name: String, _ line: Substring) -> Substring? {
            let open = "    <\(name)>", close = "</\(name)>"
            guard line.hasPrefix(open), line.hasSuffix(close) else { return nil }
            return line.dropFirst(open.count).dropLast(close.count)
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "  <entry>" {
                (entry, id, updated) = ([line], nil, nil)
                continue
            }
            guard entry != nil else { continue }
            entry?.append(line)
            if let value = field("id", line) { id = value }
            if let value = field("updated", line) { updated = UTCTime.parseISO(String(value)) }
            if line == "  </entry>" {
                if let id, let updated, let lines = entry {
                    found[String(id)] = KeptEntry(xml: lines.joined(separator: "\n") + "\n", updated: updated)
                }
                entry = nil
            }
        }
        return found
    }

    /// Text for XML character data and attribute values; control characters XML 1.0 forbids
    /// become U+FFFD.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let allowed = value >= 0x20 && !(0xFFFE...0xFFFF).contains(value)
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return out
    }

    /// A `urn:uuid:` (version 5 form, from SHA-256) for `name`: the same name, the same id.
    package static func uuid(_ name: String) -> String {
        var bytes = Array(SHA256.hash(data: Array(name.utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        let parts = [
            hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4),
            hex.dropFirst(20)
        ]
        return "urn:uuid:" + parts.joined(separator: "-")
    }
}
