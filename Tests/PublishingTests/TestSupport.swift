import Foundation
@testable import Publishing

/// Paths and helpers shared by the Publishing tests.
enum TestSupport {
    /// The repository's root folder, found from this file's path.
    static let repoRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A recorded sample input from `../shared/data/`.
    static func sharedData(_ name: String) -> URL {
        repoRoot.deletingLastPathComponent().appendingPathComponent("shared/data/\(name)")
    }

    /// One folder for every test folder of this process, removed when the process ends.
    static let scratch: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-tests-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        atexit { try? FileManager.default.removeItem(at: TestSupport.scratch) }
        return root
    }()

    /// A new empty folder, removed with the others when the tests end.
    static func temporaryFolder() -> URL {
        let url = scratch.appendingPathComponent(UUID().uuidString)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let fixedNow = Date(timeIntervalSince1970: 1_700_000_000)

    /// Runs a whole build of `reports` into `output`.
    static func build(_ reports: [ReportSpec], output: URL, now: Date = fixedNow, jobs: Int = 2,
                      title: String = "Test site") async -> BuildResult {
        let job = Job(title: title, output: output, reports: reports)
        return await Pipeline(job: job, options: BuildOptions(now: now, jobs: jobs)).run()
    }

    static func read(_ url: URL) -> String {
        (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }

    /// A report.json parsed as a dictionary.
    static func reportJSON(_ url: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: url)
        return try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    /// Every file under a folder with its bytes, by relative path.
    static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let root = folder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return files }
        for case let url as URL in walker {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[String(url.standardizedFileURL.path.dropFirst(root.count + 1))] = try? Data(contentsOf: url)
            }
        }
        return files
    }

    static func writeFile(_ text: String, to url: URL) {
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: url)
    }
}
