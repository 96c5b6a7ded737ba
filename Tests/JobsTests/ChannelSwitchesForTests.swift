import GazetteCore
import Jobs

/// The channels' switches and valued settings are declared by the channels (in `SiteBuild`, which
/// these tests do not link): the loader here is given switches like theirs, one on a report and
/// one on the job, and a valued setting on both named as the message's is, so their keys are read
/// and checked as the program's are. The message's own reading of `email:` is `JobEmailBlockTests`
/// (SiteBuildTests).
extension JobFileLoader {
    init() { self.init(switches: Self.testSwitches, settings: Self.testSettings) }

    static let testSwitches = [
        ChannelSwitch("pdf", key: .report, flag: "Also write each report as a PDF.", about: "also write report.pdf"),
        ChannelSwitch("site-extra", key: .job, flag: nil, about: "also write the site's extra file")
    ]

    static let testSettings = [
        ChannelSetting(
            "email", levels: [.report, .job],
            schema: { _ in .object(["type": .string("object"), "description": .string("a stand-in")]) },
            read: { entry, _ throws(BuildError) in StandInKeys(names: entry.keys.map(\.key)) })
    ]
}

/// The stand-in setting's value: the keys its mapping names.
struct StandInKeys: ChannelValue, Equatable {
    let names: [String]
}
