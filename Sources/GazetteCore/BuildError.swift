import Deterministic
import Foundation

/// Where an error happened, in the form a user can jump to.
public enum ErrorLocation: Equatable, Sendable, Codable {
    /// A text file position: 1-based line and column, with the line's text for a caret display
    /// (only part of a long line: `cut` says which, see `LineCut`).
    case text(path: String, line: Int, column: Int, sourceLine: String?, cut: LineCut? = nil)
    /// A key path inside a JSON document.
    case json(path: String, keyPath: String)
    /// A URL, with the HTTP status when there was one.
    case url(String, status: Int?)
    /// A file or folder as a whole.
    case file(String)
    /// Nowhere in particular (a usage or internal error).
    case none
}

/// One error type for the whole build, so tests can compare whole errors.
public struct BuildError: Error, Equatable, Sendable, CustomStringConvertible, Codable {
    public enum Kind: String, Equatable, Sendable, Codable {
        /// The input of one report is wrong: that report fails, the others go on.
        case input
        /// The command line or job file is wrong.
        case usage
        /// Reading or writing files failed.
        case io
        /// A template is wrong.
        case template
    }

    public var kind: Kind
    public var location: ErrorLocation
    public var message: String
    /// The build step an error that stopped the build happened in (`build reports`).
    public var step: String?
    /// The report it happened in, by title, when it belongs to one.
    public var report: String?
    /// Where in a structured file (a job file's `reports[1].inptu`) a text location is, when known.
    public var keyPath: String?
    /// Further mistakes found in the same pass (a job file's every wrong key), each with its own
    /// place: all are printed, so one run shows them all.
    public var more: [BuildError] = []
    /// Lines printed after the error's place: a fix ready to paste (a guessed `columns:` block).
    public var hint: String?

    public init(_ kind: Kind, _ location: ErrorLocation, _ message: String, step: String? = nil, report: String? = nil)
    {
        self.kind = kind
        self.location = location.bounded
        self.message = message
        self.step = step
        self.report = report
    }

    /// Where in the build it happened, for the terminal: `(in step "build reports", report "Alex")`.
    public var context: String? {
        switch (step, report) {
        case (nil, nil): return nil
        case let (step?, nil): return "(in step \"\(step)\")"
        case let (nil, report?): return "(in report \"\(report)\")"
        case let (step?, report?): return "(in step \"\(step)\", report \"\(report)\")"
        }
    }

    /// `path:line:column: error: message`, then the source line and a caret under the column
    /// (Stencil's format), or `path: key.path: error: message` for JSON.
    public var description: String {
        ([single] + more.map(\.single)).joined(separator: "\n")
    }

    /// This error alone, without `more`.
    private var single: String {
        let message = VisibleText.escaped(VisibleText.capped(message), keepingLineEnds: true)
        switch location {
        case let .text(path, line, column, sourceLine, cut):
            var text = "\(VisibleText.escaped(path)):\(line):\(column): error: \(message)"
            if let sourceLine {
                let shown = VisibleText.window(sourceLine, column: column, cut: cut)
                text += "\n" + shown.line + "\n" + shown.caretIndent + "^"
            }
            if let hint { text += "\n" + VisibleText.escaped(hint, keepingLineEnds: true) }
            return text
        case let .json(path, keyPath):
            let path = VisibleText.escaped(path), keyPath = VisibleText.escaped(keyPath)
            var text = keyPath.isEmpty ? "\(path): error: \(message)" : "\(path): \(keyPath): error: \(message)"
            if let hint { text += "\n" + VisibleText.escaped(hint, keepingLineEnds: true) }
            return text
        case let .url(url, status):
            let url = VisibleText.escaped(url)
            return status.map { "\(url): error: HTTP \($0): \(message)" } ?? "\(url): error: \(message)"
        case let .file(path):
            return "\(VisibleText.escaped(path)): error: \(message)"
        case .none:
            return "error: \(message)"
        }
    }

    /// The description with files named by their file name only: what pages show, so a page does
    /// not depend on (or reveal) the folders of the machine that built it.
    public var portableDescription: String {
        var portable = withFiles { URL(fileURLWithPath: $0).lastPathComponent }
        portable.more = []
        return ([portable.description] + more.map(\.portableDescription)).joined(separator: "\n")
    }

    /// The error (and those it carries) with each file path it names mapped by `rename`: a page's
    /// file name only, a summary's path relative to the workspace.
    public func withFiles(_ rename: (String) -> String) -> BuildError {
        var error = self
        switch location {
        case let .text(path, line, column, source, cut):
            error.location = .text(path: rename(path), line: line, column: column, sourceLine: source, cut: cut)
        case let .json(path, keyPath): error.location = .json(path: rename(path), keyPath: keyPath)
        case let .file(path): error.location = .file(rename(path))
        case .url, .none: break
        }
        error.more = more.map { $0.withFiles(rename) }
        return error
    }

    /// The error without its hint: what a page shows above the hint, which it shows apart (a
    /// block to copy, never wrapped).
    public var withoutHint: BuildError {
        var error = self
        error.hint = nil
        return error
    }

    /// The first line of `description`, for summaries and pages.
    public var headline: String {
        String(description.prefix { $0 != "\n" })
    }
}
