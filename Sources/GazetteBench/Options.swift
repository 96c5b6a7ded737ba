import Foundation

/// The benchmark's command line: `--lines N --runs N --athletes N --jobs N --peer-rounds N`, and the internal
/// `--parse FILE --mode M` that runs one measurement in a fresh child process.
struct Options {
    var lines = 1_000_000
    var runs = 5
    var athletes = 20
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var bigAthletes = 1000
    var rebuildAthletes = 100
    var tableRows = 20_000
    /// How many times Gazette and the peer each run, taking turns (at least 3).
    var peerRounds = 3
    var skipParse = false
    var skipAthletes = false
    /// `--only 5,6`: run just these parts (all when empty).
    var only: Set<Int> = []

    func runs(part: Int) -> Bool { only.isEmpty || only.contains(part) }

    init(_ arguments: [String]) {
        var index = 0
        var arguments = arguments
        for flag in ["--skip-parse", "--skip-athletes"] where arguments.contains(flag) {
            arguments.removeAll { $0 == flag }
            if flag == "--skip-parse" { skipParse = true } else { skipAthletes = true }
        }
        while index + 1 < arguments.count {
            let name = arguments[index]
            let text = arguments[index + 1]
            index += 2
            switch name {
            case "--only":
                let parts = text.split(separator: ",").compactMap { Int($0) }
                guard !parts.isEmpty else { Self.fail("--only needs part numbers, as in --only 5,6") }
                only = Set(parts)
            default:
                guard let value = Int(text), value > 0 else { Self.fail("\(name) needs a positive number") }
                switch name {
                case "--lines": lines = value
                case "--runs": runs = value
                case "--athletes": athletes = value
                case "--jobs": jobs = value
                case "--big-athletes": bigAthletes = value
                case "--rebuild-athletes": rebuildAthletes = value
                case "--table-rows": tableRows = value
                case "--peer-rounds": peerRounds = value
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
