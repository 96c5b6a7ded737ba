import Foundation
import XCTest
@_exported import GazetteMIMETestSupport

/// Paths, folders and programs shared by the test targets; whole builds are in
/// `GazetteBuildTestSupport` (`TestSupport.build`), so a module's tests link the module alone.
package enum TestSupport {
    /// The repository's root folder.
    package static var repoRoot: URL { SampleData.repositoryRoot }

    /// A recorded sample input from `../shared/data/`; skips the test on a bare clone.
    package static func sharedData(_ name: String) throws -> URL {
        try SampleData.url(name)
    }

    /// One of the project's own inputs in `Tests/Fixtures/`.
    package static func fixture(_ name: String) -> URL {
        Fixture.url(name)
    }

    /// A new empty folder, removed with the others when the tests end.
    package static func temporaryFolder() -> URL {
        Scratch.folder()
    }

    package static let fixedNow = Date(timeIntervalSince1970: 1_700_000_000)

    /// This process's environment with a cache folder of its own (`XDG_CACHE_HOME`), so a run of
    /// the binary shares no spare output or stat file with another test's.
    package static func environmentWithOwnCache() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = temporaryFolder().path
        return environment
    }

    package static func read(_ url: URL) -> String {
        (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }

    /// A JSON file that is not a report's (`manifest.json`) parsed as a dictionary.
    package static func jsonObject(_ url: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: url)
        return try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    /// Every path a site's manifest names: its files, its reports' records and their files.
    package static func manifestPaths(_ output: URL) throws -> Set<String> {
        let manifest = try jsonObject(output.appendingPathComponent("manifest.json"))
        var paths = Set((manifest["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String })
        for report in manifest["reports"] as? [[String: Any]] ?? [] {
            guard let path = report["path"] as? String else { continue }
            paths.insert(path)
            let record = try jsonObject(output.appendingPathComponent(path))
            for file in record["files"] as? [[String: Any]] ?? [] {
                if let path = file["path"] as? String { paths.insert(path) }
            }
        }
        return paths
    }

    /// Every file under a folder with its bytes, by relative path.
    package static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let root = folder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return files
        }
        for case let url as URL in walker {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[String(url.standardizedFileURL.path.dropFirst(root.count + 1))] = try? Data(contentsOf: url)
            }
        }
        return files
    }

    /// The `gazette` executable built beside the test bundle. `swift test` always builds it, so a
    /// missing one is a failure, never a skip that would hide every command-line test.
    package static func gazette() throws -> URL { try builtProgram("gazette") }

    /// A program this package builds (`gazette`, the `CompileTemplates` tool), found next to the tests.
    package static func builtProgram(_ name: String) throws -> URL {
        var folders = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL
        ]
        folders.append(repoRoot.appendingPathComponent(".build/debug"))
        for folder in folders {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        struct NotBuilt: Error, CustomStringConvertible {
            let name: String
            package var description: String {
                "the \(name) executable is not built next to the tests (run swift build first)"
            }
        }
        throw NotBuilt(name: name)
    }

    /// Runs a program to its end; standard output and error together. `input` is its standard
    /// input (none: an empty one); past `timeout` seconds it is killed, so a hang fails the test.
    package static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, input: URL? = nil,
        in folder: URL? = nil, timeout: TimeInterval = 300
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let folder { process.currentDirectoryURL = folder }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        if let input { process.standardInput = try FileHandle(forReadingFrom: input) }
        try process.run()
        let watchdog = DispatchWorkItem {
            if process.isRunning {
                process.interrupt()
                kill(process.processIdentifier, SIGKILL)
            }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog.cancel()
        return (process.terminationStatus, output)
    }

    /// Runs a program to its end with standard output and error kept apart (through files, so
    /// neither can fill a pipe).
    package static func runApart(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        in folder: URL? = nil
    ) throws -> (status: Int32, standardOutput: String, standardError: String) {
        let scratch = temporaryFolder()
        let outFile = scratch.appendingPathComponent("stdout"), errFile = scratch.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outFile.path, contents: nil)
        FileManager.default.createFile(atPath: errFile.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let folder { process.currentDirectoryURL = folder }
        process.standardOutput = try FileHandle(forWritingTo: outFile)
        process.standardError = try FileHandle(forWritingTo: errFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, read(outFile), read(errFile))
    }

    /// Fails unless the two folders hold the same files with the same bytes (and the first holds any).
    package static func assertSameTree(_ one: URL, _ other: URL, file: StaticString = #filePath, line: UInt = #line) {
        let a = snapshot(one), b = snapshot(other)
        XCTAssertFalse(a.isEmpty, file: file, line: line)
        let differing = Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
        XCTAssertEqual(differing, [], "files that differ", file: file, line: line)
    }

    package static func writeFile(_ text: String, to url: URL) {
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: url)
    }
}
