import ArgumentParser
import GazetteCore
import SiteBuild

/// `gazette build --summary FORMAT` with an option ArgumentParser refuses before `build` runs
/// (a bad `--now`, `--jobs 0`, `--shards` without `--shard auto`): the error reaches the CI page
/// as every other error does, then is printed and exits as ArgumentParser does (64).
enum EarlySummary {
    /// Parses `arguments` as `main` will; on a refused option writes the summary the arguments ask for.
    static func check(_ arguments: [String]) {
        guard arguments.first == "build", let format = format(in: arguments) else { return }
        do {
            _ = try Gazette.parseAsRoot(arguments)
        } catch {
            // Help and --version are clean exits, not errors.
            guard Gazette.exitCode(for: error) == .validationFailure else { return }
            SummaryOutput.stopped(format, BuildError(.usage, .none, Gazette.message(for: error)))
            Gazette.exit(withError: error)
        }
    }

    /// The format after `--summary` (or in `--summary=FORMAT`), when it is one.
    static func format(in arguments: [String]) -> SummaryFormat? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { return nil }
            if argument == "--summary", index + 1 < arguments.count {
                return SummaryFormat(rawValue: arguments[index + 1])
            }
            if argument.hasPrefix("--summary=") { return SummaryFormat(rawValue: String(argument.dropFirst(10))) }
        }
        return nil
    }
}
