import Foundation
import GazetteTestSupport
import XCTest

/// The site's weight in the summary line, and `host:` refusing a site over its limits before
/// anything is published (issue 67, part 3).
final class HostLimitsCommandTests: XCTestCase {
    private var folder: URL!
    private var environment: [String: String] = [:]

    override func setUpWithError() throws {
        folder = TestSupport.temporaryFolder()
        environment = TestSupport.environmentWithOwnCache()
        TestSupport.writeFile(
            "Jan 01 2024,Bench Press,3,5,100\nJan 08 2024,Bench Press,3,5,105\nJan 08 2024,Squat,1,5,140\n",
            to: folder.appendingPathComponent("log.txt"))
    }

    private func job(_ host: String?) {
        TestSupport.writeFile(
            (host.map { "host: \($0)\n" } ?? "") + """
                reports:
                  - kind: workouts
                    title: Lifts
                    input: log.txt
                """, to: folder.appendingPathComponent("job.yml"))
    }

    private func build(_ arguments: [String] = []) throws -> (status: Int32, output: String) {
        let result = try TestSupport.run(
            try TestSupport.gazette(),
            ["build", "job.yml", "--now", "2024-01-10T12:00:00Z", "--output", "site"] + arguments,
            environment: environment, in: folder)
        return (result.status, result.output)
    }

    /// Every file under `site` and the sum of their sizes, as a host counts them.
    private func onDisk() throws -> (files: Int, bytes: Int) {
        let root = folder.appendingPathComponent("site")
        var (files, bytes) = (0, 0)
        for case let url as URL in FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey])!
        {
            let values = try url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
            guard values.isRegularFile == true else { continue }
            files += 1
            bytes += values.fileSize ?? 0
        }
        return (files, bytes)
    }

    /// "…: 37 files, 900 KB (…)": the files and bytes published, the same whether made, reused
    /// whole, or counted from a manifest that gives no report folder's weight (an older output).
    func testTheSummaryLineGivesTheSitesFilesAndBytes() throws {
        job(nil)
        let first = try build()
        XCTAssertEqual(first.status, 0, first.output)
        let disk = try onDisk()
        let expected = "\(grouped(disk.files)) files, \(megabytes(disk.bytes))"
        XCTAssertTrue(first.output.contains("/site: \(expected) (0 warnings, 0 errors)."), first.output)
        let again = try build()
        XCTAssertTrue(again.output.contains("/site: \(expected) (0 warnings"), again.output)
        // The manifest lists each report folder's files and bytes, its record included.
        let manifest = TestSupport.read(folder.appendingPathComponent("site/manifest.json"))
        XCTAssertTrue(manifest.contains("\"folderFiles\""), manifest)
        // An output written before folders were weighed: the record is read to count them.
        let stripped = manifest.replacingOccurrences(
            of: #""folderBytes": [0-9]+,\s*"folderFiles": [0-9]+,\s*"#, with: "", options: .regularExpression)
        XCTAssertNotEqual(stripped, manifest)
        try stripped.write(to: folder.appendingPathComponent("site/manifest.json"), atomically: true, encoding: .utf8)
        let older = try build()
        XCTAssertEqual(older.status, 0, older.output)
        let now = try onDisk()
        XCTAssertTrue(
            older.output.contains("/site: \(grouped(now.files)) files, \(megabytes(now.bytes)) (0 warnings"),
            older.output)
    }

    /// Over the host's limits: exit 64, what is over and by how much, and the previous output
    /// left exactly as it was.
    func testASiteOverTheHostsLimitsIsNotPublished() throws {
        job(nil)
        XCTAssertEqual(try build().status, 0)
        let before = TestSupport.read(folder.appendingPathComponent("site/manifest.json"))
        let disk = try onDisk()
        TestSupport.writeFile(
            "Jan 01 2024,Bench Press,3,5,100\nJan 08 2024,Bench Press,3,5,110\n",
            to: folder.appendingPathComponent("log.txt"))
        job("{files: 10, bytes: 20000}")
        let refused = try build()
        XCTAssertEqual(refused.status, 64, refused.output)
        XCTAssertTrue(
            refused.output.contains("the site is over the host's limits (host: in the job): "), refused.output)
        XCTAssertTrue(refused.output.contains(" files where it takes 10 ("), refused.output)
        XCTAssertTrue(refused.output.contains(" bytes where it takes 20,000 ("), refused.output)
        XCTAssertTrue(refused.output.contains("The previous output is unchanged."), refused.output)
        XCTAssertEqual(TestSupport.read(folder.appendingPathComponent("site/manifest.json")), before)
        XCTAssertEqual(try onDisk().files, disk.files)

        // Limits it keeps to: built and published.
        job("{files: \(disk.files + 10)}")
        let fits = try build()
        XCTAssertEqual(fits.status, 0, fits.output)
        XCTAssertNotEqual(TestSupport.read(folder.appendingPathComponent("site/manifest.json")), before)
    }

    /// A known host by name, from the job or `--host`; an unknown one is refused where it is written.
    func testKnownHostsByNameAndUnknownOnes() throws {
        job("cloudflare-pages-free")
        XCTAssertEqual(try build().status, 0)
        job(nil)
        let named = try build(["--host", "github-pages"])
        XCTAssertEqual(named.status, 0, named.output)
        let unknown = try build(["--host", "geocities"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(
            unknown.output.contains("\"geocities\" is not a host Gazette knows (github-pages, "), unknown.output)
        job("geocities")
        let written = try build()
        XCTAssertEqual(written.status, 64)
        XCTAssertTrue(written.output.contains("job.yml:1:7: error: host: \"geocities\" is not a host"), written.output)
        job("{files: 0}")
        XCTAssertTrue(try build().output.contains("host files must be a whole number above 0"))
        job("{pages: 3}")
        XCTAssertEqual(try build().status, 64)
    }

    private func grouped(_ value: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.locale = Locale(identifier: "en_US")
        return formatter.string(from: NSNumber(value: value))!
    }

    /// `900 KB`, `3.29 MB`: three significant figures, rounded down, in powers of 1000.
    private func megabytes(_ bytes: Int) -> String {
        var (value, unit) = (Double(bytes) / 1000, "KB")
        if value >= 1000 { (value, unit) = (value / 1000, "MB") }
        let digits = value < 10 ? 2 : value < 100 ? 1 : 0
        let scale = digits == 2 ? 100.0 : digits == 1 ? 10 : 1
        return String(format: "%.\(digits)f \(unit)", (value * scale).rounded(.down) / scale)
    }
}
