import Foundation
import GazetteTestSupport
import XCTest

/// The recorded digest of output a version number stands for (`BuildCache.outputVersion`,
/// `ChartRenderer.drawingVersion`): a rebuild reuses files whose key holds the same version, so
/// bytes that change under an unchanged version would be mixed with files older code made.
///
/// The file holds three lines: the version, the machine's libraries and fonts, the digest. The
/// check fails when the bytes changed on the recording machine and the version did not, and
/// recording (`GAZETTE_RECORD_GOLDENS=1`) fails the same way rather than writing the old version
/// beside new bytes, so a forgotten version is caught either way.
public struct VersionRecord {
    public enum Verdict: Equatable {
        /// The bytes and version agree with the record.
        case matches
        /// The bytes changed and so did the version: record the new digest.
        case stale
        /// The bytes changed under the recorded version.
        case versionNotRaised
        /// Recorded on a machine with other libraries or fonts: the bytes cannot be compared.
        case otherEnvironment
        /// Nothing recorded yet.
        case missing
    }

    public let file: URL
    public let version: String
    public let environment: String
    public let digest: String

    public init(file: URL, version: String, environment: String, digest: String) {
        self.file = file
        self.version = version
        self.environment = environment.replacingOccurrences(of: "\n", with: " | ")
        self.digest = digest
    }

    public static func verdict(recorded: [Substring], version: String, environment: String, digest: String) -> Verdict {
        guard recorded.count >= 3 else { return .missing }
        guard recorded[1] == environment else { return .otherEnvironment }
        if recorded[2] == digest { return recorded[0] == version ? .matches : .stale }
        return recorded[0] == version ? .versionNotRaised : .stale
    }

    /// What a check comes to: the test passes, fails with a message, or skips with a reason.
    public enum Outcome: Equatable {
        case pass
        case fail(String)
        case skip(String)
    }

    /// Checks the output against the record, or records it under `GAZETTE_RECORD_GOLDENS=1`.
    public func check(name: String, file testFile: StaticString = #filePath, line: UInt = #line) throws {
        switch try outcome(name: name, recording: Golden.recording) {
        case .pass: return
        case let .fail(message): XCTFail(message, file: testFile, line: line)
        case let .skip(reason):
            SkipCount.shared.addMissing("recorded with other libraries or fonts than this machine's")
            throw XCTSkip(reason)
        }
    }

    /// The check without XCTest's side: `recording` writes the record when it differs, and a run
    /// that wrote one fails, so a recording is reviewed before a run passes.
    public func outcome(name: String, recording: Bool) throws -> Outcome {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let recorded = text.split(separator: "\n", omittingEmptySubsequences: false)
        let verdict = Self.verdict(recorded: recorded, version: version, environment: environment, digest: digest)
        if verdict == .versionNotRaised {
            return .fail(
                "the bytes changed but \(name) is still \(version): raise it, then record with GAZETTE_RECORD_GOLDENS=1"
            )
        }
        if recording {
            guard verdict != .matches else { return .pass }
            try "\(version)\n\(environment)\n\(digest)\n".write(to: file, atomically: true, encoding: .utf8)
            // As every golden: a recording is reviewed, so the run that wrote it fails.
            return .fail(
                "recorded \(name) \(version) (\(verdict)): review the change, then run the tests without GAZETTE_RECORD_GOLDENS"
            )
        }
        switch verdict {
        case .matches, .versionNotRaised: return .pass
        case .missing: return .fail("no recorded \(name): record with GAZETTE_RECORD_GOLDENS=1")
        case .stale: return .fail("\(name) was raised to \(version): record with GAZETTE_RECORD_GOLDENS=1")
        case .otherEnvironment:
            return .skip(
                "recorded with other libraries or fonts (\(recorded.count > 1 ? recorded[1] : "")); the bytes cannot be compared here"
            )
        }
    }
}
