import Foundation

/// Writes a site into place atomically: everything goes into a temporary folder beside the
/// target, which replaces the target only once complete. A failed or interrupted build leaves
/// the previous output as it was.
public struct Publisher {
    public let target: URL
    private let fileManager = FileManager.default

    public init(target: URL) {
        self.target = target.standardizedFileURL
    }

    private var parent: URL { target.deletingLastPathComponent() }
    private var stagingPrefix: String { ".\(target.lastPathComponent).building-" }

    /// The files of the current output under `folder` (relative paths), for keeping a failed report's pages.
    public func previousFiles(under folder: String) -> [String: [UInt8]] {
        let root = target.appendingPathComponent(folder)
        guard let walker = fileManager.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
        var found: [String: [UInt8]] = [:]
        let rootPath = root.standardizedFileURL.path
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                  let data = fileManager.contents(atPath: url.path) else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(rootPath.count + 1))
            found[folder + "/" + relative] = [UInt8](data)
        }
        return found
    }

    public func publish(_ site: Site) throws(BuildError) {
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw BuildError(.io, .file(parent.path), "cannot create the output's folder: \(Self.reason(error))")
        }
        removeStaleStaging()
        let staging = parent.appendingPathComponent(stagingPrefix + String(ProcessInfo.processInfo.processIdentifier))
        try? fileManager.removeItem(at: staging)
        do {
            try write(site, into: staging)
            try keepRepositoryPlaceholders(site, in: staging)
        } catch {
            try? fileManager.removeItem(at: staging)
            throw error
        }
        try swap(staging)
    }

    private func write(_ site: Site, into staging: URL) throws(BuildError) {
        for path in site.paths {
            let url = staging.appendingPathComponent(path)
            do {
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(site.files[path]!).write(to: url)
            } catch {
                throw BuildError(.io, .file(url.path), "cannot write: \(Self.reason(error))")
            }
        }
    }

    /// The repository keeps `Output/` with a README (or `.gitkeep`); a build replaces the folder
    /// whole, so those two files are carried over rather than deleted from the working tree.
    private func keepRepositoryPlaceholders(_ site: Site, in staging: URL) throws(BuildError) {
        for name in ["README.md", ".gitkeep"] where site.files[name] == nil {
            let old = target.appendingPathComponent(name)
            guard let data = fileManager.contents(atPath: old.path) else { continue }
            do {
                try data.write(to: staging.appendingPathComponent(name))
            } catch {
                throw BuildError(.io, .file(staging.appendingPathComponent(name).path), "cannot write: \(Self.reason(error))")
            }
        }
    }

    /// Moves the old output aside, the new one in, then deletes the old; puts the old back if the move fails.
    private func swap(_ staging: URL) throws(BuildError) {
        let old = parent.appendingPathComponent(".\(target.lastPathComponent).previous-\(ProcessInfo.processInfo.processIdentifier)")
        try? fileManager.removeItem(at: old)
        let hadOutput = fileManager.fileExists(atPath: target.path)
        if hadOutput {
            guard rename(target.path, old.path) == 0 else {
                try? fileManager.removeItem(at: staging)
                throw BuildError(.io, .file(target.path), "cannot move the previous output aside: \(String(cString: strerror(errno)))")
            }
        }
        guard rename(staging.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            if hadOutput { _ = rename(old.path, target.path) }
            try? fileManager.removeItem(at: staging)
            throw BuildError(.io, .file(target.path), "cannot move the new output into place: \(reason)")
        }
        if hadOutput { try? fileManager.removeItem(at: old) }
    }

    /// Staging folders left by interrupted builds whose process is gone.
    private func removeStaleStaging() {
        guard let names = try? fileManager.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(stagingPrefix) {
            if let pid = Int32(name.dropFirst(stagingPrefix.count)), pid != ProcessInfo.processInfo.processIdentifier,
               kill(pid, 0) == 0 { continue }
            try? fileManager.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
