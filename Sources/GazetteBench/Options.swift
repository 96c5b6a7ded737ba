import Foundation

/// The benchmark's command line: `--lines N --runs N --athletes N --jobs N --peer-rounds N --scale-counts A,B`,
/// and the internal `--parse FILE --mode M` that runs one measurement in a fresh child process.
struct Options {
    var lines = 1_000_000
    var runs = 5
    var athletes = 20
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var bigAthletes = 1000
    /// `--big-runs N`: part 3 builds the 1M-line log N times (each into a new folder) and gives
    /// the median and range of the whole build and its peak.
    var bigRuns = 1
    var rebuildAthletes = 100
    var tableRows = 20_000
    /// How many times Gazette and the peer each run, taking turns (at least 5).
    var peerRounds = 5
    var skipParse = false
    var skipAthletes = false
    /// `--scale-rebuilds-only`: the scale part's cold build and rebuilds, without shards, merge
    /// or a second cold build.
    var scaleRebuildsOnly = false
    /// `--scale-keep`: the scale part leaves its folder (logs, job, site) behind and says where, so
    /// a rebuild can be looked into with `gazette build -v`.
    var scaleKeep = false
    /// The athlete counts of the scale part (`--scale-counts 100,1000`).
    var scaleCounts = [100, 1000, 10_000]
    /// `--market-days N`: the days of meetings the market part builds before its timed rebuild.
    var marketDays = 365
    /// `--only 5,6`: run just these parts (all when empty).
    var only: Set<Int> = []
    /// `--only scale`, `--only market`, `--only weight`: the parts named rather than numbered. They
    /// run only when named.
    var onlyNamed: Set<String> = []

    func runs(part: Int) -> Bool { (only.isEmpty && onlyNamed.isEmpty) || only.contains(part) }
    func runs(part: String) -> Bool { onlyNamed.contains(part) }

    init(_ arguments: [String]) {
        var index = 0
        var arguments = arguments
        for flag in ["--skip-parse", "--skip-athletes", "--scale-rebuilds-only", "--scale-keep"]
        where arguments.contains(flag) {
            arguments.removeAll { $0 == flag }
            switch flag {
            case "--skip-parse": skipParse = true
            case "--skip-athletes": skipAthletes = true
            case "--scale-keep": scaleKeep = true
            default: scaleRebuildsOnly = true
            }
        }
        while index + 1 < arguments.count {
            let name = arguments[index]
            let text = arguments[index + 1]
            index += 2
            switch name {
            case "--only":
                let parts = text.split(separator: ",")
                only = Set(parts.compactMap { Int($0) })
                onlyNamed = Set(parts.filter { Int($0) == nil }.map(String.init))
                guard !parts.isEmpty, onlyNamed.isSubset(of: ["scale", "market", "weight"]) else {
                    Self.fail("--only needs part numbers or names, as in --only 5,6, --only scale or --only weight")
                }
            case "--scale-counts":
                let counts = text.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
                guard !counts.isEmpty, counts.count == text.split(separator: ",").count else {
                    Self.fail("--scale-counts needs positive numbers, as in --scale-counts 100,1000")
                }
                scaleCounts = counts
            default:
                guard let value = Int(text), value > 0 else { Self.fail("\(name) needs a positive number") }
                switch name {
                case "--lines": lines = value
                case "--runs": runs = value
                case "--athletes": athletes = value
                case "--jobs": jobs = value
                case "--big-athletes": bigAthletes = value
                case "--big-runs": bigRuns = value
                case "--rebuild-athletes": rebuildAthletes = value
                case "--table-rows": tableRows = value
                case "--peer-rounds": peerRounds = value
                case "--market-days": marketDays = value
                default: Self.fail("unknown option \(name)")
                }
            }
        }
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("GazetteBench: \(message)\n".utf8))
        exit(64)
    }
}
