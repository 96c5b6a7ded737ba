import Deterministic
import Foundation
import GazetteCore

/// One of N shards of a job: the reports whose slug hashes to `index` modulo `count`.
///
/// A report's shard depends on its slug and N only, so adding or removing a report moves no other
/// report between shards — unless it changes another report's slug (a second report with the same
/// title takes `title-2`, and removing the first renames it back). Changing N moves most reports,
/// as with any modulo partition; the merge checks every shard of one N is there.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
    /// 0-based.
    public let index: Int
    public let count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, index >= 0, index < count else { return nil }
        self.index = index
        self.count = count
    }

    /// `K/N` as the command line gives it: K from 1 to N, as Playwright's, Jest's and Vitest's
    /// `--shard` count (`1/3 … 3/3`).
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let number = Int(parts[0]), let count = Int(parts[1]), number >= 1 else { return nil }
        self.init(index: number - 1, count: count)
    }

    /// Why `text` is not a shard, for the usage error.
    public static func problem(with text: String) -> String {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2, parts[0] == "0", let count = Int(parts[1]), count >= 1 {
            return
                "--shard counts from 1, as Playwright's, Jest's and Vitest's do: the first of \(count) is 1/\(count), not 0/\(count)"
        }
        return "--shard must be K/N with 1 ≤ K ≤ N (such as 2/7), or auto; not \"\(text)\""
    }

    /// `K/N` as the user counts: from 1.
    public var description: String { "\(index + 1)/\(count)" }

    /// Whether the report with `slug` is this shard's: FNV-1a (64 bits) of the slug's UTF-8, modulo N.
    public func contains(slug: String) -> Bool {
        Self.index(of: slug, count: count) == index
    }

    public static func index(of slug: String, count: Int) -> Int {
        Int(FNV1a.hash64(slug) % UInt64(count))
    }

    /// The shard a cluster engine gave this process, from its environment: a Kubernetes Indexed
    /// Job (`JOB_COMPLETION_INDEX`, the count from `shards` or `GAZETTE_SHARDS`), a Slurm array
    /// (`SLURM_ARRAY_TASK_ID` from `SLURM_ARRAY_TASK_MIN`, `SLURM_ARRAY_TASK_COUNT`) or a GitLab
    /// parallel job (`CI_NODE_INDEX`, 1-based, `CI_NODE_TOTAL`).
    public static func fromEnvironment(_ environment: [String: String], shards: Int?) throws(BuildError) -> Shard {
        func number(_ name: String) throws(BuildError) -> Int {
            guard let text = environment[name] else {
                throw BuildError(.usage, .none, "--shard auto: \(name) is not set")
            }
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw BuildError(.usage, .none, "--shard auto: \(name) is \"\(text)\", not a whole number")
            }
            return value
        }
        func shard(_ index: Int, _ count: Int, _ names: String) throws(BuildError) -> Shard {
            guard count >= 1 else {
                throw BuildError(
                    .usage, .none, "--shard auto: the shard count (\(names)) is \(count); it must be at least 1")
            }
            guard let shard = Shard(index: index, count: count) else {
                throw BuildError(
                    .usage, .none, "--shard auto: the shard index (\(names)) is \(index), outside 0 to \(count - 1)")
            }
            return shard
        }
        if environment["JOB_COMPLETION_INDEX"] != nil {
            let count: Int
            if let shards {
                count = shards
            } else if environment["GAZETTE_SHARDS"] != nil {
                count = try number("GAZETTE_SHARDS")
            } else {
                throw BuildError(
                    .usage, .none,
                    "--shard auto: JOB_COMPLETION_INDEX is set (Kubernetes) but the shard count is not: give --shards N or GAZETTE_SHARDS"
                )
            }
            return try shard(
                try number("JOB_COMPLETION_INDEX"), count, "JOB_COMPLETION_INDEX of --shards/GAZETTE_SHARDS")
        }
        if environment["SLURM_ARRAY_TASK_ID"] != nil {
            let id = try number("SLURM_ARRAY_TASK_ID")
            let minimum = environment["SLURM_ARRAY_TASK_MIN"] != nil ? try number("SLURM_ARRAY_TASK_MIN") : 0
            let count = try number("SLURM_ARRAY_TASK_COUNT")
            if let shards, shards != count {
                throw BuildError(
                    .usage, .none, "--shard auto: --shards \(shards) disagrees with SLURM_ARRAY_TASK_COUNT \(count)")
            }
            return try shard(
                id - minimum, count, "SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN of SLURM_ARRAY_TASK_COUNT")
        }
        if environment["CI_NODE_INDEX"] != nil {
            let count = try number("CI_NODE_TOTAL")
            if let shards, shards != count {
                throw BuildError(
                    .usage, .none, "--shard auto: --shards \(shards) disagrees with CI_NODE_TOTAL \(count)")
            }
            return try shard(try number("CI_NODE_INDEX") - 1, count, "CI_NODE_INDEX − 1 of CI_NODE_TOTAL")
        }
        throw BuildError(
            .usage, .none,
            "--shard auto: no engine's variables are set (JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or CI_NODE_INDEX); give --shard K/N"
        )
    }
}
