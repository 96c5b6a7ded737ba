import Foundation
import GazetteCore
import Rendering
import SiteOutput
import Synchronization

/// The previous search index's entries, read a piece (`search/entries-N.js`) at a time as kept
/// front pages ask for them. A kept page shows the reports it showed before, in the same order, so
/// its entries follow one another in the previous index, and pages are asked for in order: one
/// cursor walks the pieces forward. Holding every entry at once was tens of MB at 100,000 reports.
final class PreviousSearchEntries: Sendable {
    typealias Entry = FrontPageReuse.SearchEntry

    private struct Piece {
        var path: String
        var digest: FileDigest
    }

    private struct Cursor {
        /// The piece read last, its entries, and the position of the next entry in it.
        var piece = -1
        var entries: [Entry] = []
        var next = 0
    }

    private let folder: URL
    /// The pieces in index order.
    private let pieces: [Piece]
    private let slugs: [String]
    private let cursor = Mutex(Cursor())

    /// `slugs`: this build's report slugs in job order, which ranges are asked in.
    init(_ previous: SiteManifest, slugs: [String]) {
        folder = previous.folder
        let prefix = SearchIndex.folder + "/entries-"
        pieces = previous.files.compactMap { path, digest -> (Int, Piece)? in
            guard path.hasPrefix(prefix), path.hasSuffix(".js"),
                let number = Int(path.dropFirst(prefix.count).dropLast(3))
            else { return nil }
            return (number, Piece(path: path, digest: digest))
        }.sorted { $0.0 < $1.0 }.map(\.1)
        self.slugs = slugs
    }

    /// The entries of the reports at `range`, in order; nil when the previous index does not hold
    /// them one after another (or a piece is not the one its manifest lists).
    func entries(_ range: Range<Int>) -> [Entry]? {
        cursor.withLock { cursor in
            let saved = cursor
            guard let first = range.first, seek(slugs[first], &cursor) else {
                cursor = saved
                return nil
            }
            var found: [Entry] = []
            found.reserveCapacity(range.count)
            for index in range {
                guard let entry = take(&cursor), entry.slug == slugs[index] else {
                    cursor = saved
                    return nil
                }
                found.append(entry)
            }
            return found
        }
    }

    /// Moves the cursor forward to the entry of `slug`, without taking it.
    private func seek(_ slug: String, _ cursor: inout Cursor) -> Bool {
        while true {
            if cursor.next < cursor.entries.count {
                if cursor.entries[cursor.next].slug == slug { return true }
                cursor.next += 1
                continue
            }
            guard load(cursor.piece + 1, &cursor) else { return false }
        }
    }

    /// The entry at the cursor, moving it on.
    private func take(_ cursor: inout Cursor) -> Entry? {
        while cursor.next == cursor.entries.count {
            guard load(cursor.piece + 1, &cursor) else { return nil }
        }
        cursor.next += 1
        return cursor.entries[cursor.next - 1]
    }

    /// Reads piece `number` into the cursor; false past the last piece or at one whose bytes are
    /// not those its manifest lists.
    private func load(_ number: Int, _ cursor: inout Cursor) -> Bool {
        guard number < pieces.count else { return false }
        let piece = pieces[number]
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(piece.path).path),
            FileDigest(of: data) == piece.digest, let entries = SearchIndex.entries(inPiece: Array(data))
        else { return false }
        cursor = Cursor(piece: number, entries: entries, next: 0)
        return true
    }
}
