/// How a job and the command line ask for an output a build does not always write: a boolean
/// key of the job file — on each report, or on the job for a site-wide output — and a flag of the
/// building commands, with the words that describe them. Each channel declares its own, as a
/// report kind declares its keys; the job loader, the schema and the command line are handed the
/// channels' switches (`SiteBuild`'s `OutputChannels.switches`) and name none of them.
public struct ChannelSwitch: Sendable, Hashable {
    /// Where a job file takes the key.
    public enum Level: Sendable, Hashable {
        /// On a report: `pdf: true`.
        case report
        /// On the job, for a site-wide output.
        case job
    }

    /// The job key and the flag's long name: `pdf` is `pdf: true` and `--pdf`.
    public let name: String
    /// Where a job file takes the key; nil when only the flag turns it on (the message, whose job
    /// keys are its `email:` addressing).
    public let key: Level?
    /// The flag's help; nil when the command line has none.
    public let flag: String?
    /// What the key asks for, for the schema (`also write report.pdf`).
    public let about: String

    public init(_ name: String, key: Level?, flag: String?, about: String) {
        self.name = name
        self.key = key
        self.flag = flag
        self.about = about
    }

    /// Whether the build asks for it for `spec`: by its flag, or by the report's key.
    public func isOn(for spec: ReportSpec, options: BuildOptions) -> Bool {
        options.switches.contains(name) || (key == .report && spec.switches[name] == true)
    }

    /// Whether the build asks for it for the site: by its flag, or by the job's key.
    public func isOn(for job: Job, options: BuildOptions) -> Bool {
        options.switches.contains(name) || (key == .job && job.switches[name] == true)
    }
}
