import Foundation
import XCTest

/// The recorded sample inputs in `../shared/data/`, beside the repository (SPEC §6's oracles).
/// A bare clone has no such folder: the tests that check the samples then skip, each with the
/// same message, and the count of skipped sample checks is printed when the tests end.
public enum SampleData {
    /// The repository's root folder, found from this file's path.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The folder of recorded samples: `GAZETTE_SAMPLE_DATA` where set (CI points it at a folder
    /// that does not exist to run the suite as a bare clone would, without building it again).
    public static let folder: URL = {
        if let chosen = ProcessInfo.processInfo.environment["GAZETTE_SAMPLE_DATA"], !chosen.isEmpty {
            return URL(fileURLWithPath: chosen)
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
    }()

    /// Whether the recorded samples are beside the clone.
    public static let isPresent: Bool = {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue
    }()

    public static let skipMessage =
        "sample check skipped: the recorded samples (../shared/data) are not beside this clone"

    /// The sample `name`'s location; skips the calling test when the samples are absent.
    public static func url(_ name: String) throws -> URL {
        guard isPresent else {
            SkipCount.shared.add()
            throw XCTSkip(skipMessage)
        }
        return folder.appendingPathComponent(name)
    }

    /// The sample's bytes; skips when the samples are absent, fails when one sample is missing.
    public static func data(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Data {
        let location = try url(name)
        guard let data = FileManager.default.contents(atPath: location.path) else {
            XCTFail("sample \(name) not found at \(location.path)", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        return data
    }

    public static func text(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        String(decoding: try data(name, file: file, line: line), as: UTF8.self)
    }
}

/// Counts the skipped sample checks and the tests skipped for a missing tool, and says how many
/// of each when the test process ends.
package final class SkipCount: @unchecked Sendable {
    package static let shared = SkipCount()
    private let lock = NSLock()
    private var count = 0
    private var tools: [String: Int] = [:]
    private var registered = false

    func add() {
        record { $0.count += 1 }
    }

    func addTool(_ name: String) {
        addMissing("\(name) is not on PATH")
    }

    /// A skip for something this machine lacks (a tool, a font), said as `what`.
    package func addMissing(_ what: String) {
        record { $0.tools[what, default: 0] += 1 }
    }

    private func record(_ change: (SkipCount) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change(self)
        if !registered {
            registered = true
            atexit { SkipCount.shared.report() }
        }
    }

    private func report() {
        var lines = ""
        if count > 0 {
            lines +=
                "\(count) sample check\(count == 1 ? "" : "s") skipped: the recorded samples (../shared/data) are not beside this clone\n"
        }
        for (tool, skipped) in tools.sorted(by: { $0.key < $1.key }) {
            lines += "\(skipped) test\(skipped == 1 ? "" : "s") skipped: \(tool)\n"
        }
        FileHandle.standardError.write(Data(lines.utf8))
    }
}

/// The project's own small inputs in `Tests/Fixtures/` (see its README): what every test that
/// needs an input but not the recorded samples reads.
public enum Fixture {
    public static let folder = SampleData.repositoryRoot.appendingPathComponent("Tests/Fixtures")

    public static func url(_ name: String) -> URL {
        folder.appendingPathComponent(name)
    }

    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }

    public static func text(_ name: String) throws -> String {
        String(decoding: try data(name), as: UTF8.self)
    }
}

/// Folders for one test process, removed when it ends.
public enum Scratch {
    public static let root: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-tests-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        atexit { try? FileManager.default.removeItem(at: Scratch.root) }
        return root
    }()

    /// A new empty folder.
    public static func folder() -> URL {
        let url = root.appendingPathComponent(UUID().uuidString)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
