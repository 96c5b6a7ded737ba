import GazetteCore
import ReportFacts
import Reports

/// The JSON Schema of job files, made from the tables the loader reads (`JobFileLoader.topKeys`,
/// `.commonKeys`, `.severalInputKeys`, each kind's `OptionKey`s, and the channels' switches and
/// settings, each with its own schema), so an editor that checks a job file against it agrees with
/// Gazette. `gazette schema` prints it (`JobSchema.json`, which `SiteBuild` makes with every channel's).
public enum JobSchema {
    package static func json(switches: [ChannelSwitch], settings: [ChannelSetting] = []) -> String {
        document(switches: switches, settings: settings).rendered()
    }

    static func document(switches: [ChannelSwitch], settings: [ChannelSetting]) -> JSONValue {
        let reports = ReportKind.allCases.map { report($0, switches: switches, settings: settings) }
        return .object([
            "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
            "$id": .string("https://gazette.invalid/job.schema.json"),
            "title": .string("Gazette job file"),
            "description": .string("The reports of one site, for `gazette build JOB`."),
            "type": .string("object"),
            "additionalProperties": .bool(false),
            "required": .array([.string("reports")]),
            "properties": .object(top(reports: reports, switches: switches, settings: settings))
        ])
    }

    private static func top(reports: [JSONValue], switches: [ChannelSwitch], settings: [ChannelSetting])
        -> [String: JSONValue]
    {
        var properties: [String: JSONValue] = [:]
        for channel in switches where channel.key == .job { properties[channel.name] = flag(channel) }
        for setting in settings where setting.levels.contains(.job) { properties[setting.name] = setting.schema(.job) }
        for key in JobFileLoader.ownTopKeys + JobFileLoader.closingKeys {
            switch key {
            case "title": properties[key] = text("the site's title (default Gazette)")
            case "output": properties[key] = text("the output folder, relative to the job file (default Output)")
            case "locale":
                properties[key] = text(
                    "the readers' language and region, BCP 47 (default en-GB): dates, numbers, currency, <html lang>")
            case "language":
                properties[key] = text(
                    "the language of the pages' words, such as de, fr, es or ja (default: the locale's language)")
            case "timezone":
                properties[key] = text("the readers' time zone, IANA (default UTC): times of day on the pages")
            case "fresh": properties[key] = JobFileLoader.freshSchema
            case "static":
                properties[key] = text(
                    "a folder of files copied into the site as they are (default: static beside the job file)")
            case "now":
                properties[key] = .object([
                    "type": .array([.string("string"), .string("integer")]),
                    "description": .string("the build's clock: ISO 8601 or Unix seconds")
                ])
            case "base-url":
                properties[key] = .object([
                    "type": .string("string"), "pattern": .string("^[Hh][Tt][Tt][Pp][Ss]?://"),
                    "description": .string("the site's address, for the Atom feeds' absolute links")
                ])
            case "index":
                properties[key] = .object([
                    "type": .string("boolean"),
                    "description": .string(
                        "false: ask search engines not to index the site (robots.txt and a noindex meta on every page)")
                ])
            case "host":
                properties[key] = .object([
                    "description": .string(
                        "where the site is published: a build over its limits is refused before publishing"),
                    "oneOf": .array([
                        .object(["enum": .array(HostLimits.known.map { .string($0.name) })]),
                        .object([
                            "type": .string("object"), "additionalProperties": .bool(false),
                            "minProperties": .int(1),
                            "properties": .object([
                                "files": .object(["type": .string("integer"), "minimum": .int(1)]),
                                "bytes": .object(["type": .string("integer"), "minimum": .int(1)])
                            ])
                        ])
                    ])
                ])
            case "reports": properties[key] = .object(["type": .string("array"), "items": reportItem(reports)])
            default: properties[key] = .object([:])
            }
        }
        return properties
    }

    /// A report: its `kind` first, then that kind's keys selected by it (`if`/`then`), so a checker
    /// names the wrong key of a workouts report rather than answering that another kind was expected.
    private static func reportItem(_ reports: [JSONValue]) -> JSONValue {
        let kinds = ReportKind.allCases.map { JSONValue.string($0.rawValue) }
        let selected = zip(ReportKind.allCases, reports).map { kind, schema in
            JSONValue.object([
                "if": .object([
                    "properties": .object(["kind": .object(["const": .string(kind.rawValue)])]),
                    "required": .array([.string("kind")])
                ]),
                "then": schema
            ])
        }
        return .object([
            "type": .string("object"),
            "required": .array([.string("kind")]),
            "properties": .object([
                "kind": .object(["enum": .array(kinds), "description": .string("what the report is made from")])
            ]),
            "allOf": .array(selected)
        ])
    }

    private static func report(_ kind: ReportKind, switches: [ChannelSwitch], settings: [ChannelSetting]) -> JSONValue {
        var properties: [String: JSONValue] = [:]
        for channel in switches where channel.key == .report { properties[channel.name] = flag(channel) }
        for setting in settings where setting.levels.contains(.report) {
            properties[setting.name] = setting.schema(.report)
        }
        for key in JobFileLoader.keys(of: kind, switches: []) {
            switch key {
            case "kind": properties[key] = .object(["const": .string(kind.rawValue)])
            case "title": properties[key] = text("the report's title; its slug names the report's folder")
            case "history":
                properties[key] = .object([
                    "type": .string("boolean"),
                    "description": .string(
                        "keep the report's figures of earlier builds and say what changed (default true)")
                ])
            case "recipients":
                properties[key] = .object([
                    "type": .array([.string("object"), .string("string")]),
                    "additionalProperties": .object([
                        "type": .array([.string("string"), .string("array")]),
                        "items": .object(["type": .string("string")])
                    ]),
                    "description": .string(
                        "who gets each input's message: input file name → address or list, or a CSV file with columns input,to"
                    )
                ])
            case "locale":
                properties[key] = text("this report's readers' BCP 47 locale (over the job's), such as de-DE")
            case "language":
                properties[key] = text("this report's words' language (over the job's): de, en, es, fr, ja")
            case "timezone": properties[key] = text("this report's readers' IANA time zone (over the job's)")
            case "fresh": properties[key] = JobFileLoader.freshSchema
            case "input": properties[key] = text("one source: a path (relative to the job file) or an http(s) URL")
            case "inputs":
                properties[key] = .object([
                    "type": .array([.string("array"), .string("string")]),
                    "items": .object(["type": .string("string")]),
                    "description": .string("several sources merged into one log; a glob in a file name matches files")
                ])
            case "each":
                properties[key] = .object([
                    "type": .string("boolean"), "description": .string("one report per input file")
                ])
            default:
                properties[key] = kind.unit.keys.first { $0.name == key }?.schema ?? .object([:])
            }
        }
        let inputs: [JSONValue] =
            kind.unit.takesSeveralInputs
            ? [.object(["required": .array([.string("input")])]), .object(["required": .array([.string("inputs")])])]
            : [.object(["required": .array([.string("input")])])]
        return .object([
            "type": .string("object"),
            "additionalProperties": .bool(false),
            "required": .array([.string("kind")]),
            "oneOf": .array(inputs),
            "properties": .object(properties)
        ])
    }

    /// A channel's switch: a boolean that asks for it.
    private static func flag(_ channel: ChannelSwitch) -> JSONValue {
        .object(["type": .string("boolean"), "description": .string(channel.about)])
    }

    private static func text(_ description: String) -> JSONValue {
        .object(["type": .string("string"), "description": .string(description)])
    }
}
