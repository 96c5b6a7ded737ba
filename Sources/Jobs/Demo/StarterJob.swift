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

    /// `schema`: the job schema's text (`JobSchema.json`).
    public static func files(now: Date, schema: String) -> [File] {
        let demo = DemoJob.make(output: URL(fileURLWithPath: "Output"), now: now)
        var files: [File] = []
        var yaml = """
            # yaml-language-server: $schema=\(schemaFileName)
            # A Gazette job: the reports of one site. In this folder, `gazette build` builds it into
            # Output/ and `gazette serve` serves it, rebuilding as you edit. Every key is in
            # \(schemaFileName) (`gazette schema` writes it again); each input's format is in
            # Gazette's docs/reference/inputs.md. Files in static/ are copied into the site as they are.
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
        files.insert(File(path: schemaFileName, bytes: Array((schema + "\n").utf8)), at: 1)
        files.append(File(path: "static/robots.txt", bytes: Array("User-agent: *\nAllow: /\n".utf8)))
        return files
    }

    /// `gazette init --from FILE`: a job of one workouts report on the lifter's own file (copied
    /// into `data/`), carrying `columns` (a guessed block, its comments kept) when no format knows
    /// the file; with the schema and `static/` as the starter job has them.
    public static func files(workoutsFile name: String, bytes: [UInt8], columns: String?, schema: String) -> [File] {
        let path = "data/" + name
        var yaml = """
            # yaml-language-server: $schema=\(schemaFileName)
            # A Gazette job made by `gazette init --from \(name)`: one workouts report on your file.
            # In this folder, `gazette build` builds it into Output/ and `gazette serve` serves it,
            # rebuilding as you edit. Every key is in \(schemaFileName); the formats Gazette reads
            # are in its docs/guide/workouts.md.
            title: \(quoted(Self.title(of: name)))
            output: Output
            reports:
              - kind: workouts
                title: \(quoted(Self.title(of: name)))
                input: \(path)

            """
        if let columns {
            yaml += "    # No format Gazette knows wrote this file: the columns below are a guess from its header\n"
            yaml += "    # and first rows, each with its evidence. Check them before you trust the figures.\n"
            yaml += columns + "\n"
        }
        return [
            File(path: jobFileName, bytes: Array(yaml.utf8)),
            File(path: schemaFileName, bytes: Array((schema + "\n").utf8)),
            File(path: path, bytes: bytes),
            File(path: "static/robots.txt", bytes: Array("User-agent: *\nAllow: /\n".utf8))
        ]
    }

    /// A report's title from its file's name: `my-lifts.csv` → `My lifts`.
    private static func title(of name: String) -> String {
        let stem = (name as NSString).deletingPathExtension.replacingOccurrences(of: "_", with: " ")
            .replacingOccurrences(of: "-", with: " ").trimmingCharacters(in: .whitespaces)
        guard let first = stem.first else { return "Workouts" }
        return first.uppercased() + stem.dropFirst()
    }

    /// A YAML scalar in double quotes, for titles with `:` or `#`.
    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
