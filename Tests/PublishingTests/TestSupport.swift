import Foundation
import GazetteTestSupport
@testable import Publishing
@testable import GazetteCore
@testable import Jobs

/// Paths and helpers shared by the Publishing tests.
enum TestSupport {
    /// The repository's root folder.
    static var repoRoot: URL { SampleData.repositoryRoot }

    /// A recorded sample input from `../shared/data/`.
    static func sharedData(_ name: String) -> URL {
        SampleData.url(name)
    }

    /// A new empty folder, removed with the others when the tests end.
    static func temporaryFolder() -> URL {
        Scratch.folder()
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
