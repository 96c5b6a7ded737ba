import CreditScore
import Deterministic
import Foundation
import GazetteCore
import Jobs
import JSONSupport
import Racing
import Rendering
import Reports
import Localization
import Workouts

/// One parser under test, with the properties the SPEC implies of what it accepts and the rule
/// that every error it gives carries a place. A broken property stops the run (`fatalError`), so
/// libFuzzer saves the input that broke it.
enum Harness: String, CaseIterable {
    case workouts, csv, raceCard = "race-card", nextToGo = "next-to-go", credit, json, job, template

    nonisolated(unsafe) static var selected = Harness.workouts
    nonisolated(unsafe) private static var templates: TemplateLibrary?

    /// A library that fails to build would make every template input return at once, and the
    /// run would look clean: that is a crash, not a skip.
    func prepare() {
        guard self == .template else { return }
        do {
            Self.templates = try TemplateLibrary()
        } catch {
            fatalError("the built-in template library failed to build: \(error)")
        }
    }

    func run(_ data: Data) {
        switch self {
        case .workouts: Self.workouts(data)
        case .csv: Self.csv(data)
        case .raceCard: Self.raceCard(data)
        case .nextToGo: Self.nextToGo(data)
        case .credit: Self.credit(data)
        case .json: Self.json(data)
        case .job: Self.job(data)
        case .template: Self.template(data)
        }
    }

    static func check(_ condition: Bool, _ what: @autoclosure () -> String) {
        if !condition { fatalError("property broken: \(what())") }
    }

    // MARK: Workout logs: a 1RM is finite and positive, the best is the highest day, days in order.

    static func workouts(_ data: Data) {
        for policy in [InvalidLinePolicy.fail, .skip] {
            var aggregator = OneRepMaxAggregator(formula: .epley, invalidLines: policy)
            do {
                try aggregator.ingest([UInt8](data), file: "fuzz.txt")
            } catch {
                check(error.line >= 1 && error.column >= 1, "a log error without a place: \(error)")
                continue
            }
            for exercise in aggregator.summary().exercises {
                check(
                    zip(exercise.days, exercise.days.dropFirst()).allSatisfy { $0.date < $1.date }, "days out of order")
                for day in exercise.days { check(day.oneRepMax.isFinite && day.oneRepMax > 0, "1RM \(day.oneRepMax)") }
                if let best = exercise.best {
                    check(exercise.days.allSatisfy { $0.oneRepMax <= best.oneRepMax }, "best is not the highest")
                }
            }
        }
    }

    // MARK: App exports (CSV): read whole or in pieces alike; 1RMs finite and positive; errors placed.

    /// The formats and options a CSV input is read with: found from the header, and each named.
    private static let csvReadings: [WorkoutLogOptions] = [
        WorkoutLogOptions(),
        WorkoutLogOptions(unit: .lb, includeWarmups: true, exerciseNames: ["Squat (Barbell)": "Squat"]),
        WorkoutLogOptions(format: .named(.strong)),
        WorkoutLogOptions(format: .named(.hevy)),
        WorkoutLogOptions(format: .named(.fitbod), unit: .kg),
        WorkoutLogOptions(format: .named(.fitnotes)),
        WorkoutLogOptions(format: .named(.jefit), maxReps: 36),
        WorkoutLogOptions(format: .named(.alphaProgression), includeWarmups: true),
        WorkoutLogOptions(format: .named(.gymbook)),
        WorkoutLogOptions(format: .named(.lyfta), weightsIn: .lb),
        WorkoutLogOptions(format: .named(.liftosaur), includeWarmups: true),
        WorkoutLogOptions(format: .named(.gymrun), unit: .lb),
        WorkoutLogOptions(format: .named(.wger), maxReps: 36),
        WorkoutLogOptions(
            format: .named(.csv),
            columns: CSVColumns(
                date: "Day", exercise: "Lift", reps: "Reps", weight: "Load",
                unit: "Unit", sets: "Sets", warmup: "Warm", dateFormat: "DD/MM/YYYY"))
    ]

    static func csv(_ data: Data) {
        let bytes = [UInt8](data)
        // The input's first byte picks a piece size, so pieces cut records everywhere over a run.
        let size = 1 + Int(bytes.first ?? 0) % 61
        let pieces = stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
        for log in csvReadings {
            for policy in [InvalidLinePolicy.fail, .skip] {
                var whole = OneRepMaxAggregator(formula: .brzycki, invalidLines: policy, log: log)
                var streamed = whole
                let wholeError: WorkoutLogError?
                do {
                    try whole.ingest(bytes, file: "fuzz.csv")
                    wholeError = nil
                } catch { wholeError = error }
                let streamedError: WorkoutLogError?
                do {
                    try streamed.ingest(chunks: pieces, file: "fuzz.csv")
                    streamedError = nil
                } catch { streamedError = error }
                check(
                    wholeError == streamedError,
                    "whole: \(String(describing: wholeError)); in pieces of \(size): \(String(describing: streamedError))"
                )
                if let wholeError {
                    check(wholeError.line >= 1 && wholeError.column >= 1, "an error without a place: \(wholeError)")
                    continue
                }
                let summary = whole.summary()
                check(summary == streamed.summary(), "pieces of \(size) read otherwise than the whole")
                for exercise in summary.exercises {
                    check(
                        zip(exercise.days, exercise.days.dropFirst()).allSatisfy { $0.date < $1.date },
                        "days out of order")
                    for day in exercise.days {
                        check(day.oneRepMax.isFinite && day.oneRepMax > 0, "1RM \(day.oneRepMax)")
                    }
                    if let best = exercise.best {
                        check(exercise.days.allSatisfy { $0.oneRepMax <= best.oneRepMax }, "best is not the highest")
                    }
                }
                // Each record is a set, a left-out row or a skipped line, and a day holds one set
                // or more; a record takes a line or (a StrongLifts row's sets, wger's JSON logs) a
                // cell or an object of its own: rows left out and days together never outnumber the
                // file's lines and its separators and objects.
                let places = bytes.reduce(1) { count, byte in
                    count
                        + ([UInt8(ascii: "\n"), UInt8(ascii: ","), UInt8(ascii: ";"), 9, UInt8(ascii: "{")]
                            .contains(byte) ? 1 : 0)
                }
                check(
                    summary.leftOut.total + summary.dailyRecordCount <= places,
                    "\(summary.leftOut.total) rows left out and \(summary.dailyRecordCount) days from \(places) "
                        + "lines, cells and objects")
            }
        }
    }

    // MARK: Race cards: orderings are permutations of the runners, form scores in 1…10, chances in (0, 1].

    static func raceCard(_ data: Data) {
        let card: RaceCard
        do {
            // Every race format, found by shape as a build finds it.
            let zone = data.count % 2 == 0 ? "UTC" : "Australia/Sydney"
            card = try RaceCardReaders.decode(data, format: nil, timeZone: zone)
        } catch {
            placed(error)
            return
        }
        for race in card.races {
            market(race)
            let runners = race.runners.map(\.cloth).sorted()
            check(race.byOdds.map(\.cloth).sorted() == runners, "byOdds is not a permutation")
            check(race.byForm.map(\.cloth).sorted() == runners, "byForm is not a permutation")
            for ride in race.rides {
                if let score = ride.form.score { check(score >= 1 && score <= 10, "form score \(score)") }
                if let chance = ride.odds.impliedProbability { check(chance > 0 && chance <= 1, "chance \(chance)") }
            }
        }
        let stillToRun = card.races.map { _ in true }
        if let featured = FeaturedRacePicker.featured(in: card.races, stillToRun: stillToRun, seed: 7) {
            check(card.races.indices.contains(featured), "featured race \(featured) out of range")
        }
    }

    /// The market memory over a race's prices: a list has no repeat in a row and only prices, the
    /// book is a finite positive percentage, and every mover moved at least the threshold its way.
    static func market(_ race: Race) {
        var lists: [Int: PriceList] = [:]
        for ride in race.runners {
            var list = PriceList()
            list.observe(ride.flucs, at: 1)
            list.observe(ride.flucs + [ride.odds], at: 2)
            for (before, after) in zip(list.points, list.points.dropFirst()) {
                check(!before.odds.isSamePrice(as: after.odds), "a price repeated in a row")
            }
            check(list.points.allSatisfy(\.odds.isPriced), "an unpriced point")
            if let move = list.moveSinceOpening { check(move.isFinite && abs(move) <= 100, "move \(move)") }
            lists[ride.cloth] = list
        }
        let market = RaceMarket(race: race, prices: lists)
        if let percentage = market.percentage { check(percentage.isFinite && percentage > 0, "book \(percentage)") }
        check(
            market.steamers.allSatisfy { $0.points >= RaceMarket.defaultThreshold - 1e-9 },
            "a steamer under the threshold")
        check(
            market.drifters.allSatisfy { $0.points <= -RaceMarket.defaultThreshold + 1e-9 },
            "a drifter under the threshold")
    }

    // MARK: Next to go: countdowns follow the SPEC's grammar.

    nonisolated(unsafe) private static let countdownGrammar = try! NSRegularExpression(
        pattern: #"^-?(\d+h( \d+m)?|\d+m( \d+s)?|\d+s)$"#)

    static func nextToGo(_ data: Data) {
        let feed: NextToGoFeed
        do {
            feed = try NextToGoReaders.decode(data)
        } catch {
            placed(error)
            return
        }
        // The clock comes from the input, so the property is checked at offsets the fuzzer steers:
        // FNV-1a of the bytes seeds a SplitMix64 stream of Δ up to ±60 hours.
        var state = FNV1a.hash64(data)
        func nextDelta() -> Int64 {
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            z ^= z >> 31
            // Small offsets as often as large ones: the seconds and minutes forms live near zero.
            let range: Int64 = [90, 3_700, 216_000][Int(z % 3)]
            return Int64(bitPattern: (z >> 2) % UInt64(2 * range + 1)) - range
        }
        // As the pages do: the races visible at `now` (NextToGoSelection), each countdown in the
        // readers' words (CountdownText), at clocks near each race's start.
        let english = CountdownText(.english)
        let others = Words.builtInLanguages.filter { $0 != "en" }.compactMap(Words.builtIn).map(CountdownText.init)
        for race in feed.races {
            for _ in 0..<4 {
                let (now, overflow) = race.advertisedStart.subtractingReportingOverflow(nextDelta())
                if overflow { continue }
                let visible = NextToGoSelection.visible(feed.races, now: now, categories: [])
                check(
                    visible.allSatisfy { NextToGoSelection.isVisible($0, now: now) },
                    "a race shown after its minute of grace")
                check(
                    zip(visible, visible.dropFirst()).allSatisfy { !RaceSummary.startsBefore($1, $0) },
                    "races shown out of start order")
                check(
                    visible.count == feed.races.filter { now < NextToGoSelection.expiry(of: $0) }.count,
                    "a visible race left out")
                for shown in visible {
                    let (delta, overflow) = shown.advertisedStart.subtractingReportingOverflow(now)
                    if overflow { continue }
                    let text = english.format(seconds: delta)
                    check(
                        countdownGrammar.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil,
                        "countdown \"\(text)\"")
                    checkCountdownValue(text, delta: delta)
                    // Every language shows the same numbers, in the same order.
                    let numbers = text.split { !$0.isNumber }
                    for other in others {
                        let translated = other.format(seconds: delta)
                        check(
                            translated.split { !$0.isNumber } == numbers,
                            "\(other.words.language) \"\(translated)\" against \"\(text)\"")
                    }
                }
            }
        }
    }

    /// The countdown's value is Δ truncated: never more than |Δ|, less by under a minute, exact
    /// when it shows seconds; a leading `-` exactly when the race has started.
    private static func checkCountdownValue(_ text: String, delta: Int64) {
        check(text.hasPrefix("-") == (delta < 0), "sign of \"\(text)\" for Δ \(delta)")
        var value: Int64 = 0
        var showsSeconds = false
        for part in text.drop(while: { $0 == "-" }).split(separator: " ") {
            guard let number = Int64(part.dropLast()) else { return check(false, "part \"\(part)\" of \"\(text)\"") }
            switch part.last {
            case "h": value += number * 3600
            case "m": value += number * 60
            default:
                value += number
                showsSeconds = true
            }
        }
        let magnitude = Int64(delta.magnitude)
        check(value <= magnitude && magnitude - value < 60, "\"\(text)\" for Δ \(delta)")
        if showsSeconds { check(value == magnitude, "\"\(text)\" shows seconds but is not Δ \(delta)") }
    }

    // MARK: Credit reports: the score lies in its range.

    static func credit(_ data: Data) {
        do {
            let report = try CreditReport.decode(from: data)
            // The gauge against an independent reckoning: the score's place in its range, in
            // exact integers; a score outside the range clamped to the end it passed, and said.
            let low = report.minScore, high = report.maxScore, score = report.score
            let outside = score < low || score > high
            check(report.isScoreClamped == outside, "clamped \(report.isScoreClamped) for \(score) in \(low)…\(high)")
            check(report.warningReasons.contains(.scoreClamped) == outside, "clamp warning for \(score)")
            if score < low { check(report.fill == 0, "fill \(report.fill) below the range") }
            if score > high { check(report.fill == 1, "fill \(report.fill) above the range") }
            if !outside {
                let span = Double(high) - Double(low)
                let expected = (Double(score) - Double(low)) / span
                check(abs(report.fill - expected) <= 1e-9, "fill \(report.fill), expected \(expected)")
            }
            for section in [report.shortTerm, report.longTerm] {
                guard let utilisation = section.utilisation else {
                    check(section.utilisationFill == nil, "a fill without a utilisation")
                    continue
                }
                let expected = utilisation <= 0 ? 0 : utilisation >= 100 ? 1 : Double(utilisation) / 100
                check(
                    section.utilisationFill == expected,
                    "utilisation \(utilisation) fills \(String(describing: section.utilisationFill))")
                check(
                    section.isUtilisationClamped == !(0...100).contains(utilisation), "utilisation clamp \(utilisation)"
                )
            }
        } catch {
            placed(error)
        }
    }

    /// A JSON input's error names a key path or a line; only faults of the whole document
    /// ("expected an array of races…") may have neither.
    static func placed(_ error: JSONInputError) {
        check(
            // An input of no known shape is refused whole: the error names the shapes read.
            !error.keyPath.isEmpty || error.line != nil || error.message.hasPrefix("expected")
                || error.message.hasPrefix("not a "),
            "an error without a place: \(error)")
        if let line = error.line {
            check(line >= 1 && (error.column ?? 0) >= 1, "position \(line):\(String(describing: error.column))")
        }
    }

    // MARK: The JSON syntax locator: positions inside the text.

    static func json(_ data: Data) {
        guard let fault = JSONSyntaxLocator.firstError(in: data) else { return }
        check(fault.offset >= 0 && fault.offset <= data.count, "offset \(fault.offset) of \(data.count)")
        check(fault.line >= 1 && fault.column >= 1, "position \(fault.line):\(fault.column)")
    }

    // MARK: Job files: every error has a place.

    static func job(_ data: Data) {
        guard let text = String(data: data, encoding: .utf8) else { return }
        do {
            // The channels' switches are declared in SiteBuild, which the parsers' product leaves
            // out: one of each level stands for them, read as the program reads its own.
            let switches = [
                ChannelSwitch("pdf", key: .report, flag: nil, about: "a report's switch"),
                ChannelSwitch("site-extra", key: .job, flag: nil, about: "a site's switch")
            ]
            _ = try JobFileLoader(switches: switches).parse(text, file: URL(fileURLWithPath: "/fuzz/job.yml"))
        } catch {
            check(error.location != .none, "a job error without a place: \(error)")
        }
    }

    // MARK: Templates with the strict checker, against a context with text, lists and objects.

    private struct Context: Encodable {
        struct Item: Encodable {
            var name: String
            var value: Int
            var note: String?
        }
        var title = "Fuzz <&>"
        var flag = true
        var empty: String? = nil
        var items = [Item(name: "a", value: 1, note: nil), Item(name: "b", value: 2, note: "x")]
        var nested = Item(name: "n", value: 3, note: "y")
    }

    static func template(_ data: Data) {
        guard let library = templates else { fatalError("the template library was not prepared") }
        guard let text = String(data: data, encoding: .utf8) else { return }
        do {
            _ = try library.replacing("fuzz", with: text).render("fuzz", Context())
        } catch {
            check(error.kind == .template, "a template error of kind \(error.kind)")
        }
    }
}
