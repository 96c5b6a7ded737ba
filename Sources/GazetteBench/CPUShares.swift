/// A build's CPU samples by who does the work, from `perf report --sort dso`: the drawing and
/// compression libraries Gazette calls, and everything else, which is Gazette's own work counted
/// whole (its binary with the SHA-256 it runs, the Swift runtime and Concurrency, Foundation,
/// dispatch, the C library's malloc and memcpy, and the kernel's work for its reads and writes).
struct CPUShares {
    let groups: [(name: String, percent: Double)]
    let largest: [(object: String, percent: Double)]

    /// The libraries that draw and compress; every other object's samples are Gazette's work.
    static let libraryPrefixes = [
        "libcairo", "libpixman", "libfreetype", "libfontconfig", "libexpat", "libpng", "libdeflate", "libz."
    ]

    private static let gazetteGroups: [(String, [String])] = [
        (
            "the binary (Gazette's Swift and C, the libraries' Swift, swift-crypto's SHA-256)",
            ["GazetteBench", "gazette"]
        ),
        ("Swift runtime and Concurrency", ["libswift"]),
        ("Foundation", ["libFoundation"]),
        ("dispatch", ["libdispatch", "libBlocksRuntime"]),
        ("C library (malloc, memcpy)", ["libc.", "libc-", "libm.", "ld-linux", "libstdc++", "libgcc"]),
        ("kernel", ["[kernel", "[unknown]"])
    ]

    init(_ shares: [(object: String, percent: Double)]) {
        func sum(_ prefixes: [String]) -> Double {
            shares.filter { share in prefixes.contains { share.object.hasPrefix($0) } }.map(\.percent).reduce(0, +)
        }
        let total = shares.map(\.percent).reduce(0, +)
        let libraries = sum(Self.libraryPrefixes)
        var groups = Self.gazetteGroups.map { (name: $0.0, percent: sum($0.1)) }
        let named = groups.map(\.percent).reduce(0, +)
        groups.append((name: "other objects", percent: max(0, total - libraries - named)))
        groups.append(
            (name: "drawing and compression libraries (cairo, pixman, freetype, deflate)", percent: libraries))
        self.groups = groups
        largest = Array(shares.prefix(8))
    }

    /// Gazette's work: every sample but those of the libraries it calls to draw and compress.
    var gazetteWork: Double { groups.dropLast().map(\.percent).reduce(0, +) }

    var lines: [String] {
        var lines = [
            String(
                format:
                    "CPU samples, Gazette's work counted whole: %.1f%% (the rest is the drawing and compression libraries)",
                gazetteWork)
        ]
        for group in groups where group.percent >= 0.05 {
            lines.append(String(format: "  %@ %.1f%%", group.name, group.percent))
        }
        lines.append(
            "largest objects: "
                + largest.map { String(format: "%@ %.1f%%", $0.object, $0.percent) }.joined(separator: ", "))
        return lines
    }
}
