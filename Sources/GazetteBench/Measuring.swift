import Foundation

/// Seconds taken by `body`. The clock only measures; nothing it reads reaches any output.
func measure(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    return (ContinuousClock.now - start).seconds
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}

enum Figures {
    static func mib(_ value: Double?) -> String {
        value.map { String(format: "%.1f MiB", $0) } ?? "n/a"
    }

    static func time(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "n/a" }
        return value < 1 ? String(format: "%.1f ms", value * 1000) : String(format: "%.2f s", value)
    }
}

/// CPU seconds (user + system) used so far by this process's finished, waited-for children.
func childrenCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// Every regular file under `folder`, by relative path, for comparing two outputs byte for byte.
func treeContents(_ folder: URL) throws -> [String: Data] {
    var contents: [String: Data] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
        let url = folder.appendingPathComponent(path)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
            contents[path] = try Data(contentsOf: url)
        }
    }
    return contents
}

/// The files that differ between two trees (missing on one side, or other bytes), sorted.
func treeDifferences(_ one: [String: Data], _ other: [String: Data]) -> [String] {
    Set(one.keys).union(other.keys).filter { one[$0] != other[$0] }.sorted()
}
