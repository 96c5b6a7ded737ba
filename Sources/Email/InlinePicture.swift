import Deterministic
import Foundation
import GazetteCore

/// A PNG carried inside a message and named in its HTML by `cid:` + `contentID`.
public struct InlinePicture: Sendable {
    public var contentID: String
    /// The part's file name: its Content-ID's left side, short enough for one header line.
    public var fileName: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        contentID = Self.contentID(for: path)
        fileName = String(contentID.prefix { $0 != "@" }) + ".png"
        self.bytes = bytes
    }

    /// A Content-ID made from the file's site path: readable, at most 48 characters before the
    /// domain, and the same for the same path in every build.
    public static func contentID(for path: String) -> String {
        let name = String(path.split(separator: "/").last ?? "part").replacingOccurrences(of: "@", with: "-at-")
        let slug = Slug.make(name, fallback: "part")
        let short =
            slug.count <= 48
            ? slug
            : String(slug.prefix(39)) + "-" + String(format: "%08x", UInt32(truncatingIfNeeded: FNV1a.hash64(path)))
        return short + "@gazette.invalid"
    }
}
