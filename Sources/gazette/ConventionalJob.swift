import ArgumentParser
import Foundation

/// The job a command runs when it is given none: `gazette.yml` (or `.yaml`, `.json`) in the
/// current folder, as `make` finds its Makefile; without one, `build` and `serve` make the demo.
enum ConventionalJob {
    static let names = ["gazette.yml", "gazette.yaml", "gazette.json"]

    /// The job file in `folder`, nil when there is none; two of them is a usage error, since
    /// either could be meant.
    static func find(in folder: URL) throws -> URL? {
        let found = names.map { folder.appendingPathComponent($0) }.filter { url in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue
        }
        guard found.count <= 1 else {
            throw ValidationError(
                "\(found.map(\.lastPathComponent).joined(separator: " and ")) are both here; "
                    + "keep one, or name the job file to use")
        }
        return found.first
    }

    /// Said when a command falls back on the demo, so a job file with another name is not silently passed over.
    static let demoNote =
        "note: no job file given and no gazette.yml here, so this is the demo site "
        + "(gazette init writes a starter job)"
}
