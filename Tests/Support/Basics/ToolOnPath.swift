import Foundation
import XCTest

/// The optional programs some tests drive (qpdf, pdftotext, rsvg-convert, setpriv, chromium, rsync), found on
/// `PATH` as a user's shell finds them. A test asks for its tools first, outside any assertion:
/// swift-corelibs-xctest counts an `XCTSkip` thrown inside `XCTAssert…` as a failure.
public enum ToolOnPath {
    /// The Debian package that brings each tool, for the skip message.
    private static let packages = [
        "qpdf": "qpdf", "pdftotext": "poppler-utils", "pdffonts": "poppler-utils", "pdfinfo": "poppler-utils",
        "rsvg-convert": "librsvg2-bin", "setpriv": "util-linux", "chromium": "chromium", "man": "man-db",
        "valgrind": "valgrind", "rsync": "rsync"
    ]

    /// The tool's path, or nil when no folder of `PATH` holds it.
    public static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The tool's path; skips the calling test, saying what to install, when it is not on `PATH`.
    public static func require(_ name: String) throws -> URL {
        if let found = find(name) { return found }
        SkipCount.shared.addTool(name)
        throw XCTSkip(
            "\(name) is not on PATH: apt-get install \(packages[name] ?? name) (the README's second command installs it)"
        )
    }

    /// Skips the calling test (counted, like a missing tool) unless fontconfig has a font for
    /// `language` (`ja`), saying which Debian package brings one.
    public static func requireFont(forLanguage language: String, package: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-list")
        process.arguments = [":lang=\(language)", "family"]
        let pipe = Pipe()
        process.standardOutput = pipe
        var found = false
        if (try? process.run()) != nil {
            found = !pipe.fileHandleForReading.readDataToEndOfFile().isEmpty
            process.waitUntilExit()
        }
        guard !found else { return }
        throw skip(
            "no font for the language \(language)",
            "apt-get install \(package) (the README's second command installs it)")
    }

    /// A skip of the calling test for something this machine lacks (`missing`), counted and
    /// listed when the tests end like a missing tool; `remedy` says how to get it.
    public static func skip(_ missing: String, _ remedy: String) -> XCTSkip {
        SkipCount.shared.addMissing(missing)
        return XCTSkip("\(missing): \(remedy)")
    }
}
