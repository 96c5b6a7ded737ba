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

    /// An entry of an earlier feed, carried as its bytes (a report reused whole has the same
    /// entry): a range of that feed's bytes, which every kept entry shares rather than copies.
    package struct KeptEntry: Equatable, Sendable {
        package var feed: [UInt8]
        package var range: Range<Int>
        package var updated: Date

        package var bytes: ArraySlice<UInt8> { feed[range] }

        package static func == (lhs: KeptEntry, rhs: KeptEntry) -> Bool {
            lhs.bytes == rhs.bytes && lhs.updated == rhs.updated
        }
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
        pieces.map(\.text).joined()
    }

    /// The feed as pieces to write one after another: its head, each entry (a kept one as the
    /// bytes it was), its end. A site's feed has an entry per report and is never one string.
    package var pieces: [PagePiece] {
        let head = [
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
        var pieces: [PagePiece] = [.text(head.joined(separator: "\n") + "\n")]
        pieces.reserveCapacity(entries.count + 2)
        for piece in entries {
            switch piece {
            case let .made(entry): pieces.append(.text(Self.xml(entry)))
            case let .kept(entry): pieces.append(.bytes(entry.bytes))
            }
        }
        pieces.append(.text("</feed>\n"))
        return pieces
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
    package static func entries(in feed: [UInt8]) -> [String: KeptEntry] {
        var found: [String: KeptEntry] = [:]
        let newline = UInt8(ascii: "\n")
        let opening = Array("  <entry>".utf8), closing = Array("  </entry>".utf8)
        var start: Int?
        var id: String?
        var updated: Date?
        // The two fields' tags, made once: a site's feed has some 70,000 lines at 10,000 reports.
        let idTags = (Array("    <id>".utf8), Array("</id>".utf8))
        let updatedTags = (Array("    <updated>".utf8), Array("</updated>".utf8))
        func field(_ tags: ([UInt8], [UInt8]), _ line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
            let (open, close) = tags
            guard line.count >= open.count + close.count, line.starts(with: open),
                line.suffix(close.count).elementsEqual(close)
            else { return nil }
            return line.dropFirst(open.count).dropLast(close.count)
        }
        var lineStart = 0
        while lineStart < feed.count {
            let lineEnd = feed[lineStart...].firstIndex(of: newline) ?? feed.count
            let line = feed[lineStart..<lineEnd]
            if line.elementsEqual(opening) {
                (start, id, updated) = (lineStart, nil, nil)
            } else if let entryStart = start {
                if let value = field(idTags, line) { id = String(decoding: value, as: UTF8.self) }
                if let value = field(updatedTags, line) { updated = UTCTime.parseISO(utf8: value) }
                if line.elementsEqual(closing) {
                    if let id, let updated, lineEnd < feed.count {
                        found[id] = KeptEntry(feed: feed, range: entryStart..<(lineEnd + 1), updated: updated)
                    }
                    start = nil
                }
            }
            lineStart = lineEnd + 1
        }
        return found
    }

    /// Text for XML character data and attribute values; control characters XML 1.0 forbids
    /// become U+FFFD.
    static func escaped(_ text: String) -> String {
        // Most texts (every id and link of a big site's feed) need nothing: checked by bytes first.
        if !text.utf8.contains(where: needsEscape) { return text }
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
        // The groups of 8-4-4-4-12 hex digits, cut from one spelling of the bytes (a front page
        // names 10,000 of these).
        let hex = Array(bytes.withUnsafeBytes { hexText($0) }.utf8)
        var out = Array("urn:uuid:".utf8)
        out.reserveCapacity(45)
        for (start, end) in [(0, 8), (8, 12), (12, 16), (16, 20), (20, 32)] {
            if start > 0 { out.append(UInt8(ascii: "-")) }
            out += hex[start..<end]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether a byte of UTF-8 may need `escaped` to change it: a character XML spells as an
    /// entity, a control character, or the first byte of U+FFFE/U+FFFF (EF BF BE/BF).
    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        case 0..<0x20: byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r")
        case 0xEF: true
        default: false
        }
    }
}
