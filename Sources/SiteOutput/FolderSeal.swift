#if canImport(Glibc)
    import Glibc
#endif

/// A report folder's two digests taken in one walk, without a string per file: its files' stats
/// (`fingerprint`, what `StatFile.fingerprint` gives for `FolderStats.files`) and its files'
/// paths and inodes (`links`, what `FolderStats.linkDigest` gives). A rebuild takes one of these
/// for every unchanged report, so it is the cost of "nothing changed": each name is hashed from
/// the folder's entry as it is read, on top of its folder's hash, and each file is looked up in
/// its open folder.
package struct FolderSeal: Equatable, Sendable {
    /// The files' paths, inodes, sizes and modification times; nil when only links were read.
    package var fingerprint: FileDigest?
    /// The files' paths and inodes.
    package var links: FileDigest
    package var files: Int

    /// The seal of `root/folder`, every file stat-ed; nil when the folder cannot be read or holds
    /// anything but regular files and folders.
    package static func stats(of folder: String, under root: String) -> FolderSeal? {
        walk(folder, under: root, statting: true)
    }

    /// The seal of `root/folder` from its folders' entries alone (no file is stat-ed where the
    /// file system gives each entry's type): enough to tell it holds the very files of another.
    package static func links(of folder: String, under root: String) -> FolderSeal? {
        walk(folder, under: root, statting: false)
    }

    private static func walk(_ folder: String, under root: String, statting: Bool) -> FolderSeal? {
        var stats = FolderDigest()
        var links = FolderDigest()
        var files = 0
        let top = open(root + "/" + folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard top >= 0 else { return nil }
        var pending: [(descriptor: Int32, prefix: UInt64)] = [(top, FolderDigest.pathHash(folder + "/"))]
        var failed = false
        while let (descriptor, prefix) = pending.popLast() {
            guard !failed, let directory = fdopendir(descriptor) else {
                close(descriptor)
                failed = true
                continue
            }
            defer { closedir(directory) }
            while !failed, let entry = readdir(directory) {
                withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    let name = raw.bindMemory(to: CChar.self).baseAddress!
                    if name[0] == 46, name[1] == 0 || (name[1] == 46 && name[2] == 0) { return }
                    var type = entry.pointee.d_type
                    var info = stat()
                    if statting || type == UInt8(DT_UNKNOWN) {
                        guard fstatat(dirfd(directory), name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                            failed = true
                            return
                        }
                        let kind = info.st_mode & S_IFMT
                        type = UInt8(kind == S_IFDIR ? DT_DIR : kind == S_IFREG ? DT_REG : DT_UNKNOWN)
                    }
                    let pathHash = FolderDigest.pathHash(name, after: prefix)
                    switch type {
                    case UInt8(DT_DIR):
                        let sub = openat(dirfd(directory), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                        guard sub >= 0 else {
                            failed = true
                            return
                        }
                        pending.append((sub, FolderDigest.pathHash("/", after: pathHash)))
                    case UInt8(DT_REG):
                        // With stats, the inode `stat` gives, as `FolderStats.linkDigest` takes it.
                        links.add(pathHash: pathHash, statting ? UInt64(info.st_ino) : UInt64(entry.pointee.d_ino))
                        if statting {
                            stats.add(pathHash: pathHash, stat: FileStat(info))
                        }
                        files += 1
                    default: failed = true
                    }
                }
            }
        }
        guard !failed else { return nil }
        return FolderSeal(fingerprint: statting ? stats.digest : nil, links: links.digest, files: files)
    }
}
