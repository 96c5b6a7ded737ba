import Jobs

/// The channels' switches are declared by the channels (in `SiteBuild`, which these tests do not
/// link): the loader here is given two like theirs, one on a report and one on the job, so the
/// switches' keys are read and checked as the program's are.
extension JobFileLoader {
    init() { self.init(switches: Self.testSwitches) }

    static let testSwitches = [
        ChannelSwitch("pdf", key: .report, flag: "Also write each report as a PDF.", about: "also write report.pdf"),
        ChannelSwitch("site-extra", key: .job, flag: nil, about: "also write the site's extra file")
    ]
}
