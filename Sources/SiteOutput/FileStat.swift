#if canImport(Glibc)
    import Glibc
#endif

/// What `stat` says of a file that changes whenever its bytes do, short of a deliberate forgery:
/// its inode, size and modification time to the nanosecond. A rebuild compares these with what
/// it recorded before it trusts a file without reading it (`--verify` reads every file instead).
package struct FileStat: Hashable, Sendable {
    package var inode: UInt64
    package var size: Int
    package var seconds: Int
    package var nanoseconds: Int

    package init(inode: UInt64, size: Int, seconds: Int, nanoseconds: Int) {
        self.inode = inode
        self.size = size
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    init(_ info: stat) {
        self.init(
            inode: UInt64(info.st_ino), size: Int(info.st_size), seconds: Int(info.st_mtim.tv_sec),
            nanoseconds: Int(info.st_mtim.tv_nsec))
    }

    /// The stat of the regular file at `path` (links are not followed); nil for anything else.
    package init?(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.init(info)
    }

    /// The stat of an open file.
    package init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    /// `inode size seconds.nanoseconds`, as the stat file keeps it.
    package var text: String { "\(inode) \(size) \(seconds).\(nanoseconds)" }

    package init?(text: Substring) {
        // Split on bytes: a build reads one of these for every input.
        let fields = text.utf8.split(separator: UInt8(ascii: " ")).map { Substring($0) }
        guard fields.count == 3, let inode = UInt64(fields[0]), let size = Int(fields[1]) else { return nil }
        let time = fields[2].utf8.split(separator: UInt8(ascii: ".")).map { Substring($0) }
        guard time.count == 2, let seconds = Int(time[0]), let nanoseconds = Int(time[1]) else { return nil }
        self.init(inode: inode, size: size, seconds: seconds, nanoseconds: nanoseconds)
    }
}
