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

    /// Reads `text` from its UTF-8 bytes where they lie, without a string or an array (a build
    /// reads one for every input); nil unless it is three fields split by one space each, the
    /// last two numbers split by a dot (seconds may be negative, for a file dated before 1970).
    package init?(utf8 text: UnsafeBufferPointer<UInt8>) {
        let space = UInt8(ascii: " ")
        guard let firstSpace = text.firstIndex(of: space),
            let secondSpace = text[(firstSpace + 1)...].firstIndex(of: space),
            let dot = text[(secondSpace + 1)...].firstIndex(of: UInt8(ascii: ".")),
            let inode = Self.number(text, firstSpace, from: 0),
            let size = Self.number(text, secondSpace, from: firstSpace + 1), size <= UInt64(Int.max),
            let nanoseconds = Self.number(text, text.count, from: dot + 1), nanoseconds < 1_000_000_000
        else { return nil }
        let negative = text[secondSpace + 1] == UInt8(ascii: "-")
        guard let magnitude = Self.number(text, dot, from: secondSpace + (negative ? 2 : 1)),
            magnitude <= UInt64(Int.max)
        else { return nil }
        self.init(
            inode: inode, size: Int(size), seconds: negative ? -Int(magnitude) : Int(magnitude),
            nanoseconds: Int(nanoseconds))
    }

    /// The decimal number of one or more digits and nothing else in `text[start..<end]`; nil when
    /// it overflows.
    private static func number(_ text: UnsafeBufferPointer<UInt8>, _ end: Int, from start: Int) -> UInt64? {
        guard start < end else { return nil }
        var value: UInt64 = 0
        for index in start..<end {
            let byte = text[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum
        }
        return value
    }
}
