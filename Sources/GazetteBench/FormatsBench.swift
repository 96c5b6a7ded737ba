import Deterministic
import Foundation
import SiteBuild
import Reports
import Workouts

/// Part 9 (issues 24, 40 and 51): the same million sets written in every workout format (today's
/// FitNotes, JEFIT, GymBook, Lyfta and Alpha Progression too), each parsed alone (MB/s on one core) and built whole to a site (its
/// time against the line format's); then a 30 MB quoted field of doubled quotes against a plain
/// one, read in 1 MiB pieces as a build reads.
enum FormatsBench {
    /// The bench's `csv` file: tabs, day-first dates, a unit column.
    static let csvColumns = CSVColumns(
        date: "Day", exercise: "Lift", reps: "Reps", weight: "Load", unit: "Unit", dateFormat: "DD/MM/YYYY")
    /// A `.tsv` file given to the child build is part 9's csv file, read with `csvColumns`.
    static let csvExtension = "tsv"

    struct Written {
        var format: WorkoutFormat
        /// The line's name: the format's, or a shape of it (`fitnotes-today`).
        var label: String
        var url: URL
        var bytes: Int
    }

    /// Every format estimates from sets of up to 36 reps here, so all give the same figures.
    static let maxReps = 36

    static func run(options: Options) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-bench-\(getpid())-formats")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = WorkoutLogGenerator.generateBytes(
            seed: 2024, exercises: ParseBench.exerciseNames, start: CivilDate(year: 1970, month: 1, day: 5),
            days: 60 * 366, sessionsPerWeek: 7, exercisesPerSession: 12, maxLines: options.lines)
        let files = try write(log, into: folder)
        print(
            "   \(files[0].bytes > 0 ? String(options.lines) : "0") sets in each format, best of \(options.runs) parses on one core:"
        )
        var baseline = Double.nan
        var baselineParse = Double.nan
        var digests: [String] = []
        for file in files {
            let data = try Data(contentsOf: file.url)
            var best = Double.infinity
            var summary: WorkoutSummary?
            for _ in 0..<options.runs {
                best = min(
                    best,
                    try measure {
                        var aggregator = OneRepMaxAggregator(log: logOptions(file.format))
                        try aggregator.ingest(data, file: file.url.lastPathComponent)
                        summary = aggregator.summary()
                    })
            }
            let output = folder.appendingPathComponent("site-\(file.label)")
            let build = try SiteBench.run(files: [file.url], output: output, jobs: options.jobs)
            try? FileManager.default.removeItem(at: output)
            if file.format == .gazette {
                baseline = build.total
                baselineParse = best
            }
            let sets = summary?.setCount ?? 0
            digests.append("\(summary?.exercises.count ?? 0)/\(sets)/\(summary?.dailyRecordCount ?? 0)")
            print(
                "   " + file.label.padding(toLength: 15, withPad: " ", startingAt: 0)
                    + String(
                        format:
                            "%6.1f MB  parse %@ (%.0f MB/s, %.2f×)  whole site %@ (%.2f× the line format's), %d sets",
                        Double(file.bytes) / 1e6, Figures.time(best) as NSString,
                        Double(file.bytes) / best / 1e6, best / baselineParse, Figures.time(build.total) as NSString,
                        build.total / baseline, sets))
        }
        print(
            "   every format gives the same exercises, sets and days: \(Set(digests).count == 1 ? "yes (\(digests[0]))" : "NO: \(digests)")"
        )
        try doubledQuotes(folder: folder, runs: options.runs)
    }

    /// A Strong file of one set whose note is a quoted field of `size` bytes: doubled quotes, or
    /// plain letters. Reading the first must cost about what the second does (issue 40).
    static func doubledQuotes(folder: URL, runs: Int, size: Int = 30_000_000) throws {
        let header = "Date,Exercise Name,Set Order,Weight,Weight Unit,Reps,Notes\n2024-01-01,Squat,1,100,kg,5,\""
        var times: [String: Double] = [:]
        for (name, filler) in [("plain", UInt8(ascii: "a")), ("doubled quotes", UInt8(ascii: "\""))] {
            var bytes = Array(header.utf8)
            bytes += [UInt8](repeating: filler, count: size)
            bytes += Array("\"\n2024-01-02,Squat,1,110,kg,2,\n".utf8)
            var best = Double.infinity
            for _ in 0..<max(runs, 3) {
                best = min(
                    best,
                    try measure {
                        var aggregator = OneRepMaxAggregator()
                        let pieces = stride(from: 0, to: bytes.count, by: 1 << 20).lazy.map {
                            Array(bytes[$0..<min($0 + (1 << 20), bytes.count)])
                        }
                        try aggregator.ingest(chunks: pieces, file: "notes.csv")
                        precondition(aggregator.summary().setCount == 2)
                    })
            }
            times[name] = best
            print(
                "   a \(size / 1_000_000) MB quoted note of \(name): read in 1 MiB pieces in \(Figures.time(best))")
        }
        // A plain file of the same size: ordinary Strong rows, read the same way.
        let row = Array("2024-01-01 18:00:00,\"Workout\",1h 5m,\"Squat (Barbell)\",1,100,5,0,0,\"\",,\n".utf8)
        var plainFile = Array(
            "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
                .utf8)
        plainFile.reserveCapacity(size + row.count)
        while plainFile.count < size { plainFile += row }
        var bestFile = Double.infinity
        for _ in 0..<max(runs, 3) {
            bestFile = min(
                bestFile,
                try measure {
                    var aggregator = OneRepMaxAggregator(log: WorkoutLogOptions(weightsIn: .kg))
                    let pieces = stride(from: 0, to: plainFile.count, by: 1 << 20).lazy.map {
                        Array(plainFile[$0..<min($0 + (1 << 20), plainFile.count)])
                    }
                    try aggregator.ingest(chunks: pieces, file: "plain.csv")
                })
        }
        print(
            "   a plain \(size / 1_000_000) MB Strong file of ordinary rows: read in 1 MiB pieces in \(Figures.time(bestFile))"
        )
        print(
            String(
                format:
                    "   the doubled quotes against the plain file: %.2f× (the aim: within 1.5×); against a plain note: %.2f×",
                times["doubled quotes"]! / bestFile, times["doubled quotes"]! / times["plain"]!))
    }

    static func logOptions(_ format: WorkoutFormat) -> WorkoutLogOptions {
        WorkoutLogOptions(
            format: .named(format), columns: format == .csv ? csvColumns : nil, weightsIn: .lb, maxReps: maxReps)
    }

    /// The report options of a file the child build was given.
    static func reportOptions(path: String) -> WorkoutsOptions {
        var options = WorkoutsOptions(weightsIn: .lb)
        options.maxReps = maxReps
        guard path.hasSuffix("." + csvExtension) else { return options }
        options.format = .named(.csv)
        options.columns = csvColumns
        return options
    }

    // MARK: Writing the sets in each format

    /// One set of the line format: `Oct 11 2017,Back Squat,1,5,225`.
    private struct LineSet {
        var date: CivilDate
        var monthName: Substring
        var name: Substring
        var reps: Substring
        var weight: Substring
    }

    private static func sets(_ log: [UInt8]) -> [LineSet] {
        String(decoding: log, as: UTF8.self).split(separator: "\n").map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            let date = fields[0].split(separator: " ")
            let month = CivilDate.monthAbbreviations.firstIndex { $0.lowercased() == date[0].lowercased() }! + 1
            return LineSet(
                date: CivilDate(year: Int(date[2])!, month: month, day: Int(date[1])!), monthName: date[0],
                name: fields[1], reps: fields[3], weight: fields[4])
        }
    }

    private static func two(_ n: Int) -> String { CivilDate.zeroPadded(n, width: 2) }

    /// The sets as each format writes them (weights in lb but for Fitbod, which writes kg).
    static func write(_ log: [UInt8], into folder: URL) throws -> [Written] {
        let sets = sets(log)
        var written: [Written] = []
        func file(
            _ format: WorkoutFormat, _ ext: String, label: String? = nil, header: String, row: (LineSet) -> String
        ) throws {
            var text = header + "\n"
            text.reserveCapacity(sets.count * 96)
            for set in sets {
                text += row(set)
                text += "\n"
            }
            let name = label ?? format.rawValue
            let url = folder.appendingPathComponent("\(name).\(ext)")
            try Data(text.utf8).write(to: url)
            written.append(Written(format: format, label: name, url: url, bytes: text.utf8.count))
        }
        let gazette = folder.appendingPathComponent("gazette.txt")
        try Data(log).write(to: gazette)
        written.append(Written(format: .gazette, label: "gazette", url: gazette, bytes: log.count))
        try file(
            .strong, "csv",
            header:
                "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"
        ) { s in
            "\(s.date.isoText) 18:00:00,\"Workout\",1h 5m,\"\(s.name)\",1,\(s.weight),\(s.reps),0,0,\"\",,"
        }
        try file(
            .hevy, "csv",
            header:
                "\"title\",\"start_time\",\"end_time\",\"description\",\"exercise_title\",\"superset_id\",\"exercise_notes\",\"set_index\",\"set_type\",\"weight_lbs\",\"reps\",\"distance_miles\",\"duration_seconds\",\"rpe\""
        ) { s in
            "\"Workout\",\"\(s.date.day) \(s.monthName) \(s.date.year), 18:00\",\"\(s.date.day) \(s.monthName) \(s.date.year), 19:00\",\"\",\"\(s.name)\",,\"\",0,\"normal\",\(s.weight),\(s.reps),,,"
        }
        try file(
            .fitbod, "csv",
            header: "Date,Exercise,Reps,Weight(kg),Duration(s),Distance(m),Incline,Resistance,isWarmup,Note,multiplier"
        ) { s in
            let kg = (Double(s.weight)! * WeightUnit.kilogramsPerPound * 10_000).rounded() / 10_000
            return
                "\(s.date.isoText) 18:00:00 +0000,\(s.name),\(s.reps),\(kg),0.0,0.0,0.0,0.0,false,,1.0"
        }
        try file(.fitnotes, "csv", header: "Date,Exercise,Category,Weight (lbs),Reps,Distance,Distance Unit,Time") {
            s in
            "\(s.date.isoText),\(s.name),Strength,\(s.weight),\(s.reps),,,"
        }
        try file(
            .fitnotes, "csv", label: "fitnotes-today",
            header: "Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time"
        ) { s in
            "\(s.date.isoText),\(s.name),Strength,\(s.weight),lbs,\(s.reps),,,"
        }
        try jefit(sets, into: folder, &written)
        try file(
            .gymbook, "csv",
            header:
                "Data,Programma,Orario,Esercizio,Zona,Gruppi muscolari (Primari),Gruppi muscolari (Secondari),"
                + "Set / Set di riscaldamento / Set di defaticamento,Ripetizioni / Tempo,Peso / Distanza,Appunti,Saltato"
        ) { s in
            let weight = s.weight.replacingOccurrences(of: ".", with: ",")
            return
                "\(two(s.date.day))/\(two(s.date.month))/\(two(s.date.year % 100)),Workout,18:00,\(s.name),Zona,,,Set,"
                + "\(s.reps) ripetizioni,\"\(weight) lb\",,No"
        }
        try file(
            .lyfta, "csv",
            header: " Title,Date,Duration,Exercise,\"Superset id\",Weight,Reps,Distance,Time,\"Set Type\""
        ) {
            s in
            "Workout,\"\(s.date.isoText) 18:00:00\",01:00:00,\"\(s.name)\",,\(s.weight),\(s.reps),,,NORMAL_SET"
        }
        try alphaProgression(sets, into: folder, &written)
        try file(.csv, csvExtension, header: "Day\tLift\tReps\tLoad\tUnit") { s in
            "\(two(s.date.day))/\(two(s.date.month))/\(s.date.year)\t\(s.name)\t\(s.reps)\t\(s.weight)\tlb"
        }
        return written
    }

    /// Alpha Progression's blocks: a workout a day, each exercise numbered with its sets under
    /// `#,LBS,REPS`.
    private static func alphaProgression(_ sets: [LineSet], into folder: URL, _ written: inout [Written]) throws {
        var text = "\n\n"
        text.reserveCapacity(sets.count * 12)
        var index = 0
        while index < sets.count {
            let day = sets[index].date
            text += "Workout\n\"\(day.isoText) 6:00 pm\",60 min\n\"Day 1 · Week 1 · Plan\"\n"
            var number = 0
            while index < sets.count && sets[index].date == day {
                let name = sets[index].name
                number += 1
                text += "\"\(number). \(name)\"\n\"10 reps\"\n#,LBS,REPS\n"
                var order = 0
                while index < sets.count && sets[index].date == day && sets[index].name == name {
                    order += 1
                    text += "\(order),\(sets[index].weight),\(sets[index].reps)\n"
                    index += 1
                }
            }
            text += "\n\n"
        }
        let url = folder.appendingPathComponent("alpha-progression.csv")
        try Data(text.utf8).write(to: url)
        written.append(Written(format: .alphaProgression, label: "alpha-progression", url: url, bytes: text.utf8.count))
    }

    /// JEFIT's export: a `SETTING` in lb, a `PROFILE`, then `EXERCISE LOGS` with each exercise's
    /// sets of a day packed in one row (`225x5,235x3`), and a `NOTES` section after.
    private static func jefit(_ sets: [LineSet], into folder: URL, _ written: inout [Written]) throws {
        var text = "\n### SETTING ####################\n\nrow_id,USERID,TIMESTAMP,gender,mass,length\n"
        text += "1,1,\"2024-01-01 00:00:00\",M, lbs, inches\n\n\n##############################\n\n"
        text +=
            "### PROFILE ####################\n\nrow_id,USERID,height\n1,1,70\n\n\n##############################\n\n"
        text += "### EXERCISE LOGS ##############\n\n"
        text +=
            "USERID,TIMESTAMP,belongSys,logs,_id,record,mydate,eid,ename,day_item_id,belongsession,logTime,interval_logs,auto_generated\n"
        text.reserveCapacity(sets.count * 20)
        var index = 0
        var row = 0
        while index < sets.count {
            var end = index
            var logs = ""
            while end < sets.count && sets[end].date == sets[index].date && sets[end].name == sets[index].name {
                logs += (end == index ? "" : ",") + "\(sets[end].weight)x\(sets[end].reps)"
                end += 1
            }
            row += 1
            let day = sets[index].date.isoText
            text += "1,\"\(day) 18:00:00\",1,\"\(logs)\",\(row),0,\(day),1,\(sets[index].name),1,\(row),0,,0\n"
            index = end
        }
        text +=
            "\n\n##############################\n\n### NOTES ######################\n\n_id,note\n1,\"Bench felt light.\nSquat heavy.\"\n"
        text += "\n\n##############################\n"
        let url = folder.appendingPathComponent("jefit.csv")
        try Data(text.utf8).write(to: url)
        written.append(Written(format: .jefit, label: "jefit", url: url, bytes: text.utf8.count))
    }
}
