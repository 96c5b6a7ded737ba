import Foundation
import XCTest

/// The recorded sample inputs in `../shared/data/`, beside the repository (SPEC §6's oracles).
public enum SampleData {
    /// The repository's root folder, found from this file's path.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The sample `name`'s location.
    public static func url(_ name: String) -> URL {
        repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/\(name)")
    }

    /// The sample's bytes; a clear failure when the samples are not beside the clone.
    public static func data(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Data {
        let location = url(name)
        guard let data = FileManager.default.contents(atPath: location.path) else {
            XCTFail("sample \(name) not found at \(location.path): the tests read ../shared/data beside the clone",
                    file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        return data
    }

    public static func text(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        String(decoding: try data(name, file: file, line: line), as: UTF8.self)
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
