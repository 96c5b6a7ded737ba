import GazetteCore

/// What the place a site is published to takes: at most so many files, so many bytes. `host:` in
/// a job names a known host or gives the figures; a site over them is refused before it is
/// published, as the host would refuse (or half-publish) it after a long upload.
public struct HostLimits: Equatable, Sendable {
    /// The host's name as the job gives it (`cloudflare-pages-free`), or `host` for figures.
    public var name: String
    public var files: Int?
    public var bytes: Int?

    public init(name: String, files: Int? = nil, bytes: Int? = nil) {
        self.name = name
        self.files = files
        self.bytes = bytes
    }

    /// The hosts known by name, with the limits their documentation gives (the host table of docs/guide/publishing.md).
    /// A gigabyte is 10⁹ bytes here: the smaller reading of "1 GB", so a site that passes fits.
    public static let known: [HostLimits] = [
        HostLimits(name: "github-pages", bytes: 1_000_000_000),
        HostLimits(name: "cloudflare-pages", files: 100_000),
        HostLimits(name: "cloudflare-pages-free", files: 20_000),
        HostLimits(name: "gitlab-pages", files: 200_000, bytes: 1_000_000_000),
        // Netlify documents no file limit; deploys have been reported failing from about 16,000.
        HostLimits(name: "netlify", files: 16_000)
    ]

    /// The known host called `name`; nil for any other name.
    public static func named(_ name: String) -> HostLimits? {
        known.first { $0.name == name }
    }

    /// The names, for messages: `github-pages, cloudflare-pages, …`.
    public static var knownNames: String { known.map(\.name).joined(separator: ", ") }

    /// What of `weight` is over these limits, in words; empty when it fits.
    public func overruns(_ weight: SiteWeight) -> [String] {
        var over: [String] = []
        if let files, weight.files > files {
            over.append(
                "\(SiteWeight.grouped(weight.files)) files where it takes \(SiteWeight.grouped(files)) "
                    + "(\(SiteWeight.grouped(weight.files - files)) over)")
        }
        if let bytes, weight.bytes > bytes {
            over.append(
                "\(SiteWeight.grouped(weight.bytes)) bytes where it takes \(SiteWeight.grouped(bytes)) "
                    + "(\(SiteWeight.grouped(weight.bytes - bytes)) over)")
        }
        return over
    }
}
