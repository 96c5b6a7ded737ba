import Reports

/// A report's options in an unchanging box: a job's reports mostly have equal options, and the
/// loader gives those one box (`ReportSpec.shareOptions(with:)`). Inline, options were 96 bytes of
/// every report of a job, held through the build.
final class SharedOptions: Sendable {
    let value: ReportOptions

    init(_ value: ReportOptions) { self.value = value }
}
