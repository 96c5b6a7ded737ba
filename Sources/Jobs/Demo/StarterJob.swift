import Foundation
import GazetteCore
import Reports

/// What `gazette init` writes: a job file with every report kind on the demo's own samples (as
/// files a user can open and replace), the job schema it names for editors, and a `static/`
/// folder. `now` dates the samples, as the demo's are dated from the build's clock.
public enum StarterJob {
    public struct File: Sendable, Equatable {
        public var path: String
        public var bytes: [UInt8]
    }

    public static let jobFileName = "gazette.yml"
    public static let schemaFileName = "gazette.schema.json"

    public static func files(now: Date) -> [File] {
        let demo = DemoJob.make(output: URL(fileURLWithPath: "Output"), now: now)
        var files: [File] = []
        var yaml = """
            # yaml-language-server: $schema=\(schemaFileName)
            # A Gazette job: the reports of one site. In this folder, `gazette build` builds it into
            # Output/ and `gazette serve` serves it, rebuilding as you edit. Every key is in
            # \(schemaFileName) (`gazette schema` writes it again); each input's format is in
            # Gazette's docs/inputs.md. Files in static/ are copied into the site as they are.
            title: My reports
            output: Output
            locale: en-GB
            timezone: UTC
            reports:

            """
        for report in demo.reports {
            guard case let .embedded(name, bytes)? = report.sources.first else { continue }
            let path = "data/" + (name.hasPrefix("demo-") ? String(name.dropFirst("demo-".count)) : name)
            files.append(File(path: path, bytes: bytes))
            yaml += "  - kind: \(report.kind.rawValue)\n    title: \(quoted(report.resolvedTitle))\n"
            if report.kind == .nextToGo {
                yaml += "    # A snapshot dated when gazette init ran: its races leave within the hour. For live\n"
                yaml += "    # races, a feed's URL: https://api.neds.com.au/rest/v1/racing/?method=nextraces&count=10\n"
            }
            yaml += "    input: \(path)\n"
            if case let .workouts(workouts) = report.options {
                yaml += "    formula: \(workouts.formula.rawValue)\n"
                yaml += "    # For an app's export instead (Strong, Hevy, FitNotes, Fitbod, JEFIT): the unit its\n"
                yaml += "    # weights are in when the file does not say (Strong's comma export), and the longest\n"
                yaml += "    # set that gives an estimate (12 for apps' exports, 36 for this line format).\n"
                yaml += "    # weights-in: kg\n"
                yaml += "    # max-reps: 12\n"
            }
        }
        files.insert(File(path: jobFileName, bytes: Array(yaml.utf8)), at: 0)
        files.insert(File(path: schemaFileName, bytes: Array((JobSchema.json + "\n").utf8)), at: 1)
        files.append(File(path: "static/robots.txt", bytes: Array("User-agent: *\nAllow: /\n".utf8)))
        return files
    }

    /// A YAML scalar in double quotes, for titles with `:` or `#`.
    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
