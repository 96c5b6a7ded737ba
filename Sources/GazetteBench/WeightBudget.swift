import Foundation

/// Issue 67, point 2: what a site weighs. Files and bytes per report for the scale part's typical
/// athlete (240 lines, 3 exercises) and for each of the demo's reports, as `manifest.json` gives
/// them (`folderFiles`, `folderBytes`: a report's folder, its record included); the site's files
/// and bytes as a host counts them (every regular file); and the issue's targets beside.
enum WeightBudget {
    /// The issue's targets: a typical report, and whole sites at 1,000 and 10,000 reports.
    static let reportFiles = 12
    static let reportBytes = 120_000
    static let thousandFiles = 20_000
    static let tenThousandBytes = 1_200_000_000
    /// The demo's clock, as CI builds it.
    static let demoNow = "2023-11-04T05:50:00Z"

    struct Weight {
        var files: Int
        var bytes: Int
    }

    /// A site: every regular file, and each report's folder by slug in the job's order.
    struct Site {
        var total: Weight
        var reports: [(slug: String, weight: Weight)]

        /// The report of median bytes (the lower middle of an even count).
        var typical: Weight? {
            let sorted = reports.map(\.weight).sorted { $0.bytes < $1.bytes }
            return sorted.isEmpty ? nil : sorted[(sorted.count - 1) / 2]
        }
    }

    /// The site in `folder`, with its regular files' sizes (`ScaleBench.regularFiles`) when the
    /// caller has them.
    static func measure(_ folder: URL, files: [String: Int]? = nil) throws -> Site {
        let sizes = try files ?? ScaleBench.regularFiles(in: folder)
        let data = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        guard let manifest = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let reports = manifest["reports"] as? [[String: Any]]
        else { throw BenchError("\(folder.path)/manifest.json has no reports") }
        let weights = try reports.map { report -> (String, Weight) in
            guard let slug = report["slug"] as? String, let files = report["folderFiles"] as? Int,
                let bytes = report["folderBytes"] as? Int
            else { throw BenchError("a report of \(folder.path)/manifest.json lacks slug, folderFiles or folderBytes") }
            return (slug, Weight(files: files, bytes: bytes))
        }
        return Site(total: Weight(files: sizes.count, bytes: sizes.values.reduce(0, +)), reports: weights)
    }

    /// Builds the demo (`gazette build --now …` with no job) into `folder` and measures it.
    static func demo(gazette: URL, folder: URL) throws -> Site {
        let here = FileManager.default.currentDirectoryPath
        for name in ["gazette.yml", "gazette.yaml", "gazette.json"]
        where FileManager.default.fileExists(atPath: here + "/" + name) {
            throw BenchError(
                "\(here) holds \(name), which gazette build would take for the demo: run the bench elsewhere")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let site = folder.appendingPathComponent("demo")
        let exit = try ChildProcess.run(
            gazette, ["build", "--now", demoNow, "--output", site.path, "--quiet"],
            log: folder.appendingPathComponent("demo.log"))
        guard exit.status == 0 else { throw BenchError("the demo's build failed: see \(folder.path)/demo.log") }
        return try measure(site)
    }

    /// `36 files, 629.1 KB`; `360,152 files, 6.29 GB`.
    static func said(_ weight: Weight) -> String {
        let bytes = Double(weight.bytes)
        let size =
            bytes >= 1e9
            ? String(format: "%.2f GB", bytes / 1e9)
            : bytes >= 1e6 ? String(format: "%.2f MB", bytes / 1e6) : String(format: "%.1f KB", bytes / 1e3)
        return "\(grouped(weight.files)) files, \(size)"
    }

    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }

    /// The budget: the typical athlete's report, the demo's reports, each count's site, and each
    /// target with `met` or `not met` and the figure measured.
    static func printBudget(sites: [(count: Int, site: Site)], demo: Site?) {
        print("\nWeight (issue 67, point 2; KB, MB and GB: 10³, 10⁶ and 10⁹ bytes):")
        let typical = sites.first?.site.typical
        if let typical, let first = sites.first {
            print("- the typical athlete's report (the median of \(grouped(first.count))): \(said(typical))")
        }
        if let demo {
            let reports = demo.reports.map { "\($0.slug) \(said($0.weight))" }.joined(separator: "; ")
            print("- the demo: \(said(demo.total)) in all; \(reports)")
        }
        for (count, site) in sites {
            let perReport = Weight(files: site.total.files / max(1, count), bytes: site.total.bytes / max(1, count))
            print(
                "- \(grouped(count)) athletes: \(said(site.total)) (\(said(perReport)) a report, the site's own files shared out)"
            )
        }
        print("Targets:")
        if let typical {
            let met = typical.files <= reportFiles && typical.bytes <= reportBytes
            print(
                "- ≤ \(reportFiles) files and ≤ \(reportBytes / 1000) KB a report: \(met ? "met" : "not met") "
                    + "(\(typical.files), \(String(format: "%.0f", Double(typical.bytes) / 1e3)) KB)")
        } else {
            print("- ≤ \(reportFiles) files and ≤ \(reportBytes / 1000) KB a report: not measured")
        }
        let thousand = sites.first { $0.count == 1000 }?.site.total
        print(
            "- 1,000 reports ≤ \(grouped(thousandFiles)) files: "
                + (thousand.map { "\($0.files <= thousandFiles ? "met" : "not met") (\(grouped($0.files)))" }
                    ?? "not measured (--scale-counts without 1000)"))
        let tenThousand = sites.first { $0.count == 10_000 }?.site.total
        print(
            "- 10,000 reports ≤ \(String(format: "%.1f", Double(tenThousandBytes) / 1e9)) GB: "
                + (tenThousand.map {
                    "\($0.bytes <= tenThousandBytes ? "met" : "not met") (\(String(format: "%.2f", Double($0.bytes) / 1e9)) GB)"
                } ?? "not measured (--scale-counts without 10000)"))
    }
}
