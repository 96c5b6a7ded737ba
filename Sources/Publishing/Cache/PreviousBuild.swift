import Foundation

/// What the previous output's `manifest.json` says: every file's SHA-256, and the cache section
/// that maps chart keys to files and report keys to what the front page needs of each report.
/// An output without a readable Gazette manifest is an empty previous build: nothing is reused.
struct PreviousBuild: Sendable {
    let folder: URL
    /// Path → SHA-256 (hex) of every file the manifest lists.
    let files: [String: String]
    /// The files of each report folder (by slug), in path order.
    let reportFiles: [String: [(path: String, sha256: String)]]
    let cache: CacheSection

    static func empty(_ folder: URL) -> PreviousBuild {
        PreviousBuild(folder: folder, files: [:], reportFiles: [:], cache: CacheSection())
    }

    private struct Manifest: Decodable {
        struct File: Decodable {
            var path: String
            var sha256: String
        }
        var generator: String
        var files: [File]
        var cache: CacheSection?
    }

    init(
        folder: URL, files: [String: String], reportFiles: [String: [(path: String, sha256: String)]],
        cache: CacheSection
    ) {
        self.folder = folder
        self.files = files
        self.reportFiles = reportFiles
        self.cache = cache
    }

    init(output folder: URL) {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("manifest.json").path),
            let manifest = try? JSONDecoder().decode(Manifest.self, from: data), manifest.generator == "Gazette"
        else {
            self = .empty(folder)
            return
        }
        var files: [String: String] = [:]
        var reportFiles: [String: [(path: String, sha256: String)]] = [:]
        for file in manifest.files {
            files[file.path] = file.sha256
            if let slash = file.path.firstIndex(of: "/") {
                reportFiles[String(file.path[..<slash]), default: []].append((file.path, file.sha256))
            }
        }
        self.init(folder: folder, files: files, reportFiles: reportFiles, cache: manifest.cache ?? CacheSection())
    }
}

/// The manifest's `cache` section.
struct CacheSection: Codable, Sendable {
    /// Chart key → the chart's file stem (`athlete-1/charts/back-squat`).
    var charts: [String: String] = [:]
    /// Report slug → its key and what the front page needs of it.
    var reports: [String: ReportRecord] = [:]
}
