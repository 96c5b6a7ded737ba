import GazetteCore
import Jobs

/// Every channel's switches and valued settings — the report channels' and the site's — as the
/// job loader, the schema and the command line take them: the one place they learn which outputs
/// a job may ask for, and what each takes.
public enum OutputChannels {
    /// In the channels' order: the report channels', then the site's.
    public static var switches: [ChannelSwitch] { ReportChannels.switches + SiteChannels.switches }

    /// The channels' settings with a value, in the channels' order.
    package static var settings: [ChannelSetting] { ReportChannels.valuedSettings }

    /// The switch of the report's message (`--email`), which `gazette build --send` turns on.
    public static var message: ChannelSwitch { MessageChannel.settings }

    /// The command-line options of the valued settings, in the channels' order.
    package static var options: [ChannelOption] { settings.flatMap(\.options) }

    /// The build's values of the settings from the options given (by name, values in order) and
    /// the environment.
    package static func commandLineSettings(_ given: [String: [String]], environment: [String: String])
        throws(BuildError) -> ChannelValues
    {
        var values = ChannelValues()
        for setting in settings {
            if let value = try setting.given(given, environment) { values.set(setting.name, value) }
        }
        return values
    }

    /// The server `gazette send` delivers through, from the job's `email: {smtp: URL}`.
    public static func smtpServer(of job: Job) -> String? { MessageAddressing.job(job)?.smtp }
}

extension JobFileLoader {
    /// The program's loader: its keys and every channel's switches and settings.
    public init() {
        self.init(switches: OutputChannels.switches, settings: OutputChannels.settings)
    }
}

extension JobSchema {
    /// The schema of the program's job files (`gazette schema`).
    public static var json: String { json(switches: OutputChannels.switches, settings: OutputChannels.settings) }
}
