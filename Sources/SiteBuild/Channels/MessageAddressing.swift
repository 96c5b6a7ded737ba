import Email
import Foundation
import GazetteCore
import Jobs

/// Where the e-mail of a report goes.
struct EmailOptions: Equatable, Sendable, Encodable, ChannelValue {
    var from: Mailbox?
    var to: [Mailbox]
    var replyTo: Mailbox?
    var subject: String?

    init(from: Mailbox? = nil, to: [Mailbox] = [], replyTo: Mailbox? = nil, subject: String? = nil) {
        self.from = from
        self.to = to
        self.replyTo = replyTo
        self.subject = subject
    }

    /// These options with each field not set here taken from `defaults`.
    func over(_ defaults: EmailOptions) -> EmailOptions {
        EmailOptions(
            from: from ?? defaults.from, to: to.isEmpty ? defaults.to : to, replyTo: replyTo ?? defaults.replyTo,
            subject: subject ?? defaults.subject)
    }
}

/// The job's `email:` block: From, To and Reply-To for every report that sets none of its own,
/// and the server `gazette send` delivers through (`smtp:`, no password: those come from the
/// environment or `~/.netrc`).
struct JobMail: Equatable, Sendable, ChannelValue {
    var addressing: EmailOptions
    var smtp: String?
}

/// The command line's addressing: `--email-from` and `--email-to` over the job's and the
/// reports', and `GAZETTE_EMAIL_FROM` under them.
struct CommandLineMail: Equatable, Sendable, ChannelValue {
    var override = EmailOptions()
    var fallbackSender: Mailbox?
}

/// The message channel's valued setting: the `email:` blocks of the job and of each report, and
/// the command line's addresses. Declared here, read by the job loader, the schema and the
/// command line without their naming it.
enum MessageAddressing {
    static let setting = ChannelSetting(
        "email", levels: [.report, .job], schema: schema, read: read,
        options: [
            ChannelOption(
                "email-from", valueName: "address",
                help:
                    "The sender of every report.eml, over the job file's (default: GAZETTE_EMAIL_FROM, else gazette@localhost)."
            ),
            ChannelOption(
                "email-to", valueName: "address",
                help: "A recipient of every report.eml, over the job file's (repeatable).",
                repeats: true)
        ], given: commandLine)

    /// A report's own addressing: its `email:` block, with its inputs' recipients first in its `to`.
    static func report(_ spec: ReportSpec) -> EmailOptions? {
        let own = spec.settings[setting.name, as: EmailOptions.self]
        guard !spec.recipients.isEmpty else { return own }
        var addressed = own ?? EmailOptions()
        addressed.to = spec.recipients + addressed.to.filter { !spec.recipients.contains($0) }
        return addressed
    }

    /// The job's `email:` block.
    static func job(_ job: Job) -> JobMail? { job.settings[setting.name, as: JobMail.self] }

    /// The command line's and the environment's.
    static func commandLine(_ options: BuildOptions) -> CommandLineMail {
        options.settings[setting.name, as: CommandLineMail.self] ?? CommandLineMail()
    }

    /// An `email:` block: `from`, `to` (one address or a list), `reply-to`; a report's also
    /// `subject`, the job's also `smtp`.
    private static func read(_ entry: JobEntry, _ level: ChannelSwitch.Level) throws(BuildError) -> any ChannelValue {
        try refuseSecrets(entry)
        let fields = try entry.fields(allowed: keys(level), what: "email")
        var options = EmailOptions()
        options.from = try address(fields["from"], "from")
        options.replyTo = try address(fields["reply-to"], "reply-to")
        options.subject = try fields["subject"]?.optionalString()
        for item in fields["to"]?.items ?? [] { options.to.append(try address(item, "to")!) }
        if let subject = fields["subject"], let value = options.subject, ControlCharacter.contains(in: value) {
            throw subject.error("email subject must be one line without control characters")
        }
        guard level == .job else { return options }
        return JobMail(addressing: options, smtp: try fields["smtp"].map(smtpURL))
    }

    private static func keys(_ level: ChannelSwitch.Level) -> [String] {
        ["from", "to", "reply-to"] + (level == .report ? ["subject"] : ["smtp"])
    }

    /// A password (or a user's secret of any name) in a job file would be committed with it: a usage
    /// error naming the key, pointing at where secrets go.
    private static func refuseSecrets(_ entry: JobEntry) throws(BuildError) {
        for key in entry.keys
        where ["password", "pass", "smtp-password", "secret", "user", "username", "smtp-user"].contains(
            key.key.lowercased())
        {
            throw key.error(
                "email \(key.key): a job file holds no credentials; set GAZETTE_SMTP_USER and "
                    + "GAZETTE_SMTP_PASSWORD, or put the server in ~/.netrc")
        }
    }

    /// The job's `email: {smtp: URL}`: an smtp:// or smtps:// URL without a password.
    private static func smtpURL(_ entry: JobEntry) throws(BuildError) -> String {
        let text = try entry.string()
        guard let url = URL(string: text), ["smtp", "smtps"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else {
            throw entry.error(
                "email smtp must be smtp://host:port (STARTTLS) or smtps://host:port (TLS), found \"\(text)\"")
        }
        if url.password != nil {
            throw entry.error(
                "email smtp: the URL holds a password; a job file holds no credentials (set GAZETTE_SMTP_PASSWORD or use ~/.netrc)"
            )
        }
        return text
    }

    /// An address of an `email:` block, checked as an RFC 5322 mailbox at its own line and column.
    private static func address(_ entry: JobEntry?, _ field: String) throws(BuildError) -> Mailbox? {
        guard let entry, let text = try entry.optionalString() else { return nil }
        do {
            return try Mailbox.parse(text)
        } catch {
            throw entry.error("email \(field) \(error.description)")
        }
    }

    /// `--email-from`, `--email-to` and `GAZETTE_EMAIL_FROM`; nil when none is given.
    private static func commandLine(_ given: [String: [String]], _ environment: [String: String]) throws(BuildError)
        -> (any ChannelValue)?
    {
        var mail = CommandLineMail()
        if let from = given["email-from"]?.last { mail.override.from = try argument(from, "--email-from") }
        for to in given["email-to"] ?? [] { mail.override.to.append(try argument(to, "--email-to")) }
        if let text = environment["GAZETTE_EMAIL_FROM"], !text.isEmpty {
            mail.fallbackSender = try argument(text, "GAZETTE_EMAIL_FROM")
        }
        return mail == CommandLineMail() ? nil : mail
    }

    /// A mailbox given on the command line or in the environment: a bad one is a usage error
    /// naming where it came from.
    private static func argument(_ text: String, _ flag: String) throws(BuildError) -> Mailbox {
        do {
            return try Mailbox.parse(text)
        } catch {
            throw BuildError(.usage, .none, "\(flag) \(error.description)")
        }
    }

    /// The key's schema: the job's block names the server, a report's its subject.
    private static func schema(_ level: ChannelSwitch.Level) -> JSONValue {
        let text = { (description: String) in
            JSONValue.object(["type": .string("string"), "description": .string(description)])
        }
        var properties: [String: JSONValue] = [
            "from": text("the sender: an address or Name <address>"),
            "to": .object([
                "type": .array([.string("string"), .string("array")]), "items": .object(["type": .string("string")]),
                "description": .string("one recipient or a list")
            ]),
            "reply-to": text("where replies go")
        ]
        if level == .report {
            properties["subject"] = text("the message's subject (default: the report's title)")
        } else {
            properties["smtp"] = .object([
                "type": .string("string"), "pattern": .string("^smtps?://"),
                "description": .string(
                    "the server gazette send delivers through: smtp://host:587 (STARTTLS) or smtps://host:465; "
                        + "no password here (GAZETTE_SMTP_PASSWORD or ~/.netrc)")
            ])
        }
        return .object([
            "type": .string("object"), "additionalProperties": .bool(false), "properties": .object(properties)
        ])
    }
}
