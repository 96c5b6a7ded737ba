import ArgumentParser
import Foundation
import ReportFacts
import Reports

/// A git merge driver for the reports' histories kept on a branch (the action's memory): two runs
/// that each added a build to one report's `history.json` are merged into one history holding both.
struct MergeHistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-history",
        abstract:
            "Merge two versions of a report's history.json (a git merge driver): every build of both, in time order.",
        discussion: """
            For a repository that keeps the reports' histories (the GitHub Action's memory branch): \
            git config merge.gazette-history.driver 'gazette merge-history %O %A %B' and, in \
            .gitattributes, history/**/history.json merge=gazette-history. The result is written \
            over OURS. Exit status: 0 merged; 1 a file is not a history this Gazette reads.
            """
    )

    @Argument(help: "The common ancestor's version (read by git's convention; not needed for a union).")
    var base: String

    @Argument(help: "Ours: the version the merge result replaces.")
    var ours: String

    @Argument(help: "Theirs: the other side's version.")
    var theirs: String

    func run() throws {
        guard let mine = Self.read(ours), let other = Self.read(theirs) else {
            FileHandle.standardError.write(Data("gazette merge-history: \(ours) or \(theirs) is not a history\n".utf8))
            throw ExitCode(1)
        }
        try Data(mine.merged(with: other).encoded()).write(to: URL(fileURLWithPath: ours))
    }

    /// A history file; an empty or missing one (a side that had none) is an empty history.
    private static func read(_ path: String) -> ReportHistory? {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return ReportHistory() }
        return ReportHistory.decoded([UInt8](data), kinds: ReportKind.figuresTypes)
    }
}
