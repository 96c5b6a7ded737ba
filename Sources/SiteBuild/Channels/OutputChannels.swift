import Jobs

/// Every channel's switches — the report channels' and the site's — as the job loader, the schema
/// and the command line take them: the one place they learn which outputs a job may ask for.
public enum OutputChannels {
    /// In the channels' order: the report channels', then the site's.
    public static var switches: [ChannelSwitch] { ReportChannels.switches + SiteChannels.switches }

    /// The switch of the report's message (`--email`), which `gazette build --send` turns on.
    public static var message: ChannelSwitch { MessageChannel.settings }
}

extension JobFileLoader {
    /// The program's loader: its keys and every channel's switches.
    public init() {
        self.init(switches: OutputChannels.switches)
    }
}

extension JobSchema {
    /// The schema of the program's job files (`gazette schema`).
    public static var json: String { json(switches: OutputChannels.switches) }
}
