#if canImport(Glibc)
    import Glibc
#endif

/// Every regular file under a folder of the output, with its stat, found by reading the folders
/// themselves: how a rebuild sees a report folder without reading its record's list of files.
package enum FolderStats {
    /// The files under `root/folder`, as paths from `root` (`slug/charts/x.png`), in no set order;
    /// nil when the folder cannot be read or holds anything but regular files and folders.
    package static func files(in folder: String, under root: String) -> [(path: String, stat: FileStat)]? {
        var found: [(path: String, stat: FileStat)] = []
        var pending = [folder]
        while let next = pending.popLast() {
            guard let directory = opendir(root + "/" + next) else { return nil }
            defer { closedir(directory) }
            // Each name is looked up in its open folder, not walked to from the root again.
            let descriptor = dirfd(directory)
            while let entry = readdir(directory) {
                let looked: (name: String, info: stat?)? = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    let name = raw.bindMemory(to: CChar.self).baseAddress!
                    if name[0] == 46, name[1] == 0 || (name[1] == 46 && name[2] == 0) { return nil }
                    var info = stat()
                    return (
                        String(cString: name), fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
                    )
                }
                guard let looked else { continue }
                guard let info = looked.info else { return nil }
                let path = next + "/" + looked.name
                switch info.st_mode & S_IFMT {
                case S_IFDIR: pending.append(path)
                case S_IFREG: found.append((path, FileStat(info)))
                default: return nil
                }
            }
        }
        return found
    }

    /// One digest of a folder's files' paths and inode numbers, whatever order they are found in
    /// (`FolderDigest`): two folders with the same digest hold hard links to the very same files.
    /// `FolderSeal` takes it in the walk that finds them.
    package static func linkDigest(_ files: [(path: String, stat: FileStat)]) -> FileDigest {
        var digest = FolderDigest()
        for file in files { digest.add(path: file.path, file.stat.inode) }
        return digest.digest
    }

    /// The names in a folder but `.` and `..`, each with whether the folder's entry says it is a
    /// folder (nil where the file system does not say); nil when it cannot be read.
    package static func entries(in path: String) -> [(name: String, isFolder: Bool?)]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var entries: [(name: String, isFolder: Bool?)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            guard name != "." && name != ".." else { continue }
            let type = entry.pointee.d_type
            entries.append((name, type == UInt8(DT_UNKNOWN) ? nil : type == UInt8(DT_DIR)))
        }
        return entries
    }

    /// The names in a folder but `.` and `..`; nil when it cannot be read.
    package static func names(in path: String) -> [String]? {
        entries(in: path)?.map(\.name)
    }
}
