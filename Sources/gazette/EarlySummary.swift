import ArgumentParser
import Foundation
import GazetteCore
import Sending
import SiteBuild

/// `gazette build`, `merge` or `send --summary FORMAT` with an option ArgumentParser refuses
/// before the command runs (a bad `--now`, `--jobs 0`, `--shards` without `--shard auto`, an
/// unknown option): the error reaches the CI page as every other error does, then is printed and
/// exits as ArgumentParser does (64).
enum EarlySummary {
    /// Parses `arguments` as `main` will; on a refused option writes the summary the arguments ask for.
    static func check(_ arguments: [String]) {
        guard let command = arguments.first, ["build", "merge", "send"].contains(command),
            let name = formatName(in: arguments)
        else { return }
        do {
            _ = try Gazette.parseAsRoot(arguments)
        } catch {
            // Help and --version are clean exits, not errors.
            guard Gazette.exitCode(for: error) == .validationFailure else { return }
            let stopped = BuildError(.usage, .none, Gazette.message(for: error))
            if command == "send" {
                guard let format = SendSummaryFormat(rawValue: name) else { return }
                var result = SendResult()
                result.fatal = stopped
                _ = SummaryOutput.write(format, result, output: URL(fileURLWithPath: "."))
            } else {
                guard let format = SummaryFormat(rawValue: name) else { return }
                SummaryOutput.stopped(format, stopped)
            }
            Gazette.exit(withError: error)
        }
    }

    /// The build's summary format named by the arguments, when it is one.
    static func format(in arguments: [String]) -> SummaryFormat? {
        formatName(in: arguments).flatMap(SummaryFormat.init(rawValue:))
    }

    /// The word after `--summary` (or in `--summary=FORMAT`).
    private static func formatName(in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { return nil }
            if argument == "--summary", index + 1 < arguments.count {
                return arguments[index + 1]
            }
            if argument.hasPrefix("--summary=") { return String(argument.dropFirst(10)) }
        }
        return nil
    }
}
