import Foundation
import GazetteCore

/// Where and how messages are delivered: the server's URL, the TLS it needs, who logs in.
public struct SMTPServer: Sendable, Equatable {
    public let url: URL
    /// A private CA's certificates (`--smtp-ca`), or nil for the system's.
    public var caFile: String?
    public var user: String?
    public var password: String?
    /// STARTTLS or nothing on `smtp://`: always, except on the loopback (unless asked for).
    public var requireTLS: Bool
    public var connectTimeout: TimeInterval = 10
    /// The whole message: connecting, the dialogue and the data.
    public var messageTimeout: TimeInterval = 60

    /// `smtp://host:587` (STARTTLS) or `smtps://host:465` (TLS from the start). A user name or
    /// password in the URL is refused: they come from the environment or `~/.netrc`.
    public init(
        parsing text: String, caFile: String? = nil, user: String? = nil, password: String? = nil,
        requireTLSOnLoopback: Bool = false
    ) throws(BuildError) {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "smtp" || scheme == "smtps",
            let host = url.host, !host.isEmpty
        else {
            throw BuildError(
                .usage, .none,
                "the SMTP server must be smtp://host:port (STARTTLS) or smtps://host:port (TLS); not \"\(text)\"")
        }
        guard url.password == nil else {
            throw BuildError(
                .usage, .none, "the SMTP URL holds a password: give it in GAZETTE_SMTP_PASSWORD or ~/.netrc instead")
        }
        self.url = url
        self.caFile = caFile
        self.user = user ?? url.user
        self.password = password
        requireTLS = scheme == "smtp" && (requireTLSOnLoopback || !Self.isLoopback(host))
    }

    /// `localhost`, 127.0.0.0/8 and ::1: the only hosts where a message may go in clear text.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" || host.hasSuffix(".localhost") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
