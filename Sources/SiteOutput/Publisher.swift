import CFileExchange
import Foundation
import GazetteCore

/// Writes a site into place atomically: everything goes into a temporary folder beside the
/// target, which replaces the target only once complete. A failed or interrupted build leaves
/// the previous output as it was.
public struct Publisher: Sendable {
    public let target: URL
    private var fileManager: FileManager { .default }

    public init(target: URL) {
        self.target = target.standardizedFileURL
    }

    private var parent: URL { target.deletingLastPathComponent() }
    private var stagingPrefix: String { ".\(target.lastPathComponent).building-" }
    private var asidePrefix: String { ".\(target.lastPathComponent).previous-" }

    /// Puts back an output that an interrupted swap left aside, then checks that the target is
    /// Gazette's to replace: missing, empty (but for the repository's README), or a Gazette site.
    /// A folder of other files is never replaced: that would delete someone's work.
    public func prepare() throws(BuildError) {
        restoreInterruptedSwap()
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: target.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw BuildError(.usage, .file(target.path), "the output is a file, not a folder; choose another --output")
        }
        let names = ((try? fileManager.contentsOfDirectory(atPath: target.path)) ?? []).filter {
            !Self.placeholders.contains($0)
        }
        guard !names.isEmpty else { return }
        guard SiteManifest.isGazettes(target) else {
            throw BuildError(
                .usage, .file(target.path),
                "refusing to replace a folder Gazette did not write (it has no Gazette manifest.json); "
                    + "choose an empty or new --output folder")
        }
    }

    /// Files the repository keeps in `Output/`, which never make a folder count as someone else's.
    package static let placeholders: Set<String> = ["README.md", ".gitkeep"]

    /// What a build or a merge says of the user's files it carried into the new output: the
    /// count and the first three names; nil when there were none.
    package static func keptNote(_ carried: [String]) -> String? {
        guard !carried.isEmpty else { return nil }
        let named = carried.prefix(3).joined(separator: ", ") + (carried.count > 3 ? ", …" : "")
        return
            "note: kept \(carried.count) file\(carried.count == 1 ? "" : "s") in the output that Gazette did not write (\(named))"
    }

    /// When the current output's `folder/report.json` says it was made (its `generatedAt`).
    public func previousBuildTime(of folder: String) -> Date? {
        guard let data = fileManager.contents(atPath: target.appendingPathComponent("\(folder)/report.json").path),
            let fields = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let seconds = fields["generatedAt"] as? Int
        else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Whether the current output has a page at `path`, so a failed report can keep its pages.
    public func hasPrevious(_ path: String) -> Bool {
        fileManager.fileExists(atPath: target.appendingPathComponent(path).path)
    }

    /// Carries the current output's files under `folder` into the staging folder: a report that
    /// failed keeps the pages of its last good build. Only files the report's record lists are
    /// Gazette's (the user's own files there are carried over at the swap like any other), and
    /// each is checked against the SHA-256 recorded for it, as the cache checks what it reuses.
    /// Returns false, having kept nothing, when a file is missing or its bytes changed since: the
    /// caller then writes the report's error page rather than a half-kept, unverified report.
    /// `rewriting` may give a kept file new bytes (a page its notice); nil keeps the file as it is.
    package func keepPrevious(
        _ folder: String, of previous: SiteManifest, in staging: Staging,
        rewriting: (_ path: String, _ bytes: [UInt8]) -> [UInt8]? = { _, _ in nil }
    ) throws(BuildError) -> Bool {
        guard let (record, _) = previous.record(folder) else { return false }
        var verified: [(String, Staging.VerifiedFile)] = []
        for file in record.files {
            guard let checked = Staging.verify(target.appendingPathComponent(file.path), sha256: file.sha256) else {
                return false
            }
            verified.append((file.path, checked))
        }
        guard !verified.isEmpty else { return false }
        for (path, file) in verified {
            if path.hasSuffix(".html"), let bytes = FileManager.default.contents(atPath: file.source.path),
                let rewritten = rewriting(path, Array(bytes))
            {
                try staging.write(path, rewritten)
            } else {
                try staging.adopt(path, file)
            }
        }
        return true
    }

    /// Makes a fresh staging folder beside the target for a build to write into.
    public func begin() throws(BuildError) -> Staging {
        try prepare()
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw BuildError(.io, .file(parent.path), "cannot create the output's folder: \(Self.reason(error))")
        }
        removeStaleStaging()
        let folder = parent.appendingPathComponent(stagingPrefix + String(ProcessInfo.processInfo.processIdentifier))
        try? fileManager.removeItem(at: folder)
        do {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw BuildError(.io, .file(folder.path), "cannot create the staging folder: \(Self.reason(error))")
        }
        return Staging(folder: folder)
    }

    /// Swaps a complete staging folder into place; on failure the staging folder is removed and
    /// the previous output stays as it was.
    /// Files of the current output that its manifest does not list (the user's) are carried
    /// over; their paths are returned so the build can say so.
    /// With `retiring`, the output replaced becomes the next spare instead of being removed.
    /// `manifest` is the output's manifest as the build read it (read again only if it changed).
    @discardableResult
    package func commit(
        _ staging: Staging, ownFolders: @escaping @Sendable (String) -> Bool = { _ in false },
        manifest: SiteManifest? = nil,
        retiring: Retirement? = nil
    )
        throws(BuildError) -> [String]
    {
        let carried: [String]
        do {
            try prepare()
            let manifest = manifest.flatMap { $0.folder.standardizedFileURL.path == target.path ? $0 : nil }
            carried = try ForeignFiles(
                target: target, staging: staging.folder, ownFolders: ownFolders, manifest: manifest
            )
            .carry()
        } catch {
            discard(staging)
            throw error
        }
        staging.removeSideFiles()
        try swap(staging.folder, retiring: retiring)
        return carried
    }

    /// What becomes of the output a commit replaces: the next spare (`SpareOutput.retire`), sharing
    /// the report folders the new output took whole and linking the ones it made.
    package struct Retirement: Sendable {
        package var spare: SpareOutput
        /// Whether a top-level folder was taken whole by the new output (asked, not listed: a set
        /// of 100,000 slugs is some 4 MB).
        package var shared: @Sendable (String) -> Bool
        package var made: [String]
        package var workers: Int

        package init(spare: SpareOutput, shared: @escaping @Sendable (String) -> Bool, made: [String], workers: Int) {
            self.spare = spare
            self.shared = shared
            self.made = made
            self.workers = workers
        }
    }

    /// Drops a build that will not be published.
    public func discard(_ staging: Staging) {
        staging.removeSideFiles()
        try? fileManager.removeItem(at: staging.folder)
    }

    /// Swaps the new output in with one atomic exchange where the file system offers it, so there is
    /// never a moment without an output; otherwise moves the old one aside, the new one in, and
    /// puts the old one back if the second move fails.
    private func swap(_ staging: URL, retiring: Retirement?) throws(BuildError) {
        FaultPoint.beforeSwap.reach()
        if fileManager.fileExists(atPath: target.path), gazette_exchange_paths(staging.path, target.path) == 0 {
            FaultPoint.afterSwap.reach()
            retire(staging, retiring)
            return
        }
        let old = parent.appendingPathComponent(asidePrefix + String(ProcessInfo.processInfo.processIdentifier))
        try? fileManager.removeItem(at: old)
        let hadOutput = fileManager.fileExists(atPath: target.path)
        if hadOutput {
            guard rename(target.path, old.path) == 0 else {
                // errno first: removing the staging folder makes calls of its own.
                let reason = String(cString: strerror(errno))
                try? fileManager.removeItem(at: staging)
                throw BuildError(.io, .file(target.path), "cannot move the previous output aside: \(reason)")
            }
        }
        guard rename(staging.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            if hadOutput { _ = rename(old.path, target.path) }
            try? fileManager.removeItem(at: staging)
            throw BuildError(.io, .file(target.path), "cannot move the new output into place: \(reason)")
        }
        if hadOutput {
            FaultPoint.afterSwap.reach()
            retire(old, retiring)
        } else if let retiring, mkdir(retiring.spare.claimed.path, 0o755) == 0 {
            // A first build: its spare is all links.
            retire(retiring.spare.claimed, retiring)
        }
    }

    /// Makes the swapped-out output the next spare, or removes it.
    private func retire(_ old: URL, _ retiring: Retirement?) {
        guard let retiring else { return removeOldOutput(old) }
        if !retiring.spare.retire(
            old, shared: retiring.shared, made: retiring.made, output: target, workers: retiring.workers)
        {
            removeOldOutput(old)
        }
    }

    /// Removes the previous output once it is swapped out. A folder the user made read-only
    /// (mode 0555) cannot be emptied as it is, so its folders are made writable first: it is
    /// Gazette's old copy, and leaving it would leave a `.building-PID` folder for good.
    private func removeOldOutput(_ folder: URL) {
        if FolderRemoval.remove(folder.path) { return }
        if (try? fileManager.removeItem(at: folder)) != nil { return }
        chmod(folder.path, 0o755)
        if let walker = fileManager.enumerator(atPath: folder.path) {
            for case let path as String in walker {
                var status = stat()
                let full = folder.appendingPathComponent(path).path
                if lstat(full, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR { chmod(full, 0o755) }
            }
        }
        try? fileManager.removeItem(at: folder)
    }

    /// An output moved aside by a build killed between its two renames is put back when there is
    /// no output; otherwise it is stale and removed.
    private func restoreInterruptedSwap() {
        guard let names = try? fileManager.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names.sorted() where name.hasPrefix(asidePrefix) {
            guard let pid = Int32(name.dropFirst(asidePrefix.count)),
                pid == ProcessInfo.processInfo.processIdentifier || kill(pid, 0) != 0
            else { continue }
            let aside = parent.appendingPathComponent(name)
            if !fileManager.fileExists(atPath: target.path), rename(aside.path, target.path) == 0 { continue }
            try? fileManager.removeItem(at: aside)
        }
    }

    /// Staging folders left by interrupted builds whose process is gone.
    private func removeStaleStaging() {
        guard let names = try? fileManager.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(stagingPrefix) {
            // `.Output.building-PID` and its side folder `.Output.building-PID.manifest`.
            if let pid = Int32(name.dropFirst(stagingPrefix.count).prefix { $0.isNumber }),
                pid != ProcessInfo.processInfo.processIdentifier,
                kill(pid, 0) == 0
            {
                continue
            }
            try? fileManager.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    package static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
