import Deterministic
import Localization
/// The spacing of ticks on a date axis, on calendar boundaries.
public enum DateStep: Equatable, Sendable, CustomStringConvertible {
    /// Every day (1), or every other day (2: even day numbers, so the spacing never breaks).
    case days(Int)
    /// Every Monday.
    case weeks
    /// The 1st of every month.
    case months
    /// The 1st of January, April, July and October.
    case quarters
    /// The 1st of January and July: a year and a half on a phone still gets more than one tick.
    /// Tried only for spans under three years; longer ones read better with a tick a year.
    case halfYears
    /// 1 January of every year divisible by the count (1, 2, 5, 10, …).
    case years(Int)

    public var description: String {
        switch self {
        case let .days(count): return count == 1 ? "days" : "\(count) days"
        case .weeks: return "weeks"
        case .months: return "months"
        case .quarters: return "quarters"
        case .halfYears: return "half years"
        case let .years(count): return count == 1 ? "years" : "\(count) years"
        }
    }

    /// The steps tried, finest first.
    public static let candidates: [DateStep] =
        [.days(1), .days(2), .weeks, .months, .quarters, .halfYears]
        + [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].map { .years($0) }
}

/// One labelled tick of a date axis.
public struct DateTick: Equatable, Sendable {
    /// Days since 1970-01-01.
    public var day: Int
    /// The first line: `12 Oct`, `Mar`, `2017`.
    public var label: String
    /// A second line under the first tick and the first tick of each new year, naming the year
    /// (never on a years axis, whose labels are years).
    public var yearLabel: String?

    public init(day: Int, label: String, yearLabel: String? = nil) {
        self.day = day
        self.label = label
        self.yearLabel = yearLabel
    }

    /// Both lines as one: `Jan 2017`, `9 Oct 2017`, `Mar`.
    public var text: String {
        yearLabel.map { "\(label) \($0)" } ?? label
    }
}

/// Ticks for a horizontal date axis: the finest calendar step whose labels, measured, fit
/// side by side with a gap, none reaching past the space allowed.
///
/// Labels are in the readers' conventions: `12 Oct` for days and weeks, `Mar` (the catalog's short name) for months, quarters and half years,
/// `2017` for years. The first tick, and the first of each new year, carries the year on a second
/// line (read together: `9 Oct 2017`, `Jan 2018`), so the axis always says which year it shows
/// without one wide label forcing a coarser step. A tick is as wide as its wider line.
public struct DateAxis: Equatable, Sendable {
    public let step: DateStep
    public let ticks: [DateTick]

    /// - Parameters:
    ///   - domain: the days shown, first to last (fractions allowed); `domain.lowerBound` is at
    ///     x = 0 and `domain.upperBound` at x = `width`.
    ///   - width: the plot width the domain spans, in px.
    ///   - overhang: how far labels (centred on their tick) may reach left of x = 0 and right of
    ///     x = `width`; a tick whose label would reach further is left out.
    ///   - gap: the least space between neighbouring labels.
    ///   - conventions: the readers' conventions, which spell a day's label.
    ///   - measure: a label's width in px (the drawing context's measured advance, or an estimate).
    public init(
        domain: ClosedRange<Double>, width: Double, overhang: (left: Double, right: Double) = (0, 0),
        gap: Double = 16, conventions: TextConventions, measure: (String) -> Double
    ) {
        let span = domain.upperBound - domain.lowerBound
        guard span > 0, width > 0, span.isFinite, width.isFinite else {
            self.step = .days(1)
            self.ticks = []
            return
        }
        let position = { (day: Int) in (Double(day) - domain.lowerBound) / span * width }
        let bounds = (-max(0, overhang.left))...(width + max(0, overhang.right))
        for step in DateStep.candidates {
            if step == .halfYears, span > 3 * 365 { continue }
            // Cheap rejection first: more ticks than could ever fit, whatever their labels.
            guard Self.tickCountEstimate(step, span: span) <= width / max(gap, 1) + 2 else { continue }
            var days = Self.tickDays(step, in: domain)
            // Leave out ticks whose label would stick out; labels depend on which tick is first.
            var labelled = Self.labels(step, days: days, conventions)
            while let first = days.first, !Self.fits(labelled[0], at: position(first), in: bounds, measure) {
                days.removeFirst()
                labelled = Self.labels(step, days: days, conventions)
            }
            while let last = days.last,
                !Self.fits(labelled[labelled.count - 1], at: position(last), in: bounds, measure)
            {
                days.removeLast()
                labelled.removeLast()
            }
            guard !days.isEmpty else { continue }
            if Self.labelsKeepApart(days.map(position), labelled, gap: gap, measure) {
                self.step = step
                self.ticks = labelled
                return
            }
        }
        self.step = DateStep.candidates.last!
        self.ticks = []
    }

    // MARK: Ticks

    /// Roughly how many ticks a step gives over `span` days.
    static func tickCountEstimate(_ step: DateStep, span: Double) -> Double {
        switch step {
        case let .days(count): return span / Double(count)
        case .weeks: return span / 7
        case .months: return span / 31
        case .quarters: return span / 92
        case .halfYears: return span / 184
        case let .years(count): return span / (366 * Double(count))
        }
    }

    /// The days in `domain` that fall on the step's calendar boundaries, in order.
    static func tickDays(_ step: DateStep, in domain: ClosedRange<Double>) -> [Int] {
        let first = Int(domain.lowerBound.rounded(.up))
        let last = Int(domain.upperBound.rounded(.down))
        guard first <= last else { return [] }
        switch step {
        case let .days(count):
            let start = first + CivilDate.floorModulo(-first, count)
            return start <= last ? Array(stride(from: start, through: last, by: count)) : []
        case .weeks:
            let monday = first + (7 - CivilDate.weekday(ofDayNumber: first)) % 7
            return monday <= last ? Array(stride(from: monday, through: last, by: 7)) : []
        case .months, .quarters, .halfYears:
            let monthStride = step == .months ? 1 : step == .quarters ? 3 : 6
            let start = CivilDate(dayNumber: first)
            // Month index counted from year 0, rounded up to the first boundary on or after `first`.
            var index = start.year * 12 + (start.month - 1) + (start.day > 1 ? 1 : 0)
            index += CivilDate.floorModulo(-index, monthStride)
            var days: [Int] = []
            while true {
                let day = CivilDate(
                    year: CivilDate.floorDivide(index, 12), month: CivilDate.floorModulo(index, 12) + 1, day: 1
                ).dayNumber
                if day > last { return days }
                days.append(day)
                index += monthStride
            }
        case let .years(count):
            let start = CivilDate(dayNumber: first)
            var year = start.year + (start.month > 1 || start.day > 1 ? 1 : 0)
            year += CivilDate.floorModulo(-year, count)
            var days: [Int] = []
            while true {
                let day = CivilDate(year: year, month: 1, day: 1).dayNumber
                if day > last { return days }
                days.append(day)
                year += count
            }
        }
    }

    /// The labelled tick of each day; the first tick and the first tick of each new year name the year.
    static func labels(_ step: DateStep, days: [Int], _ conventions: TextConventions) -> [DateTick] {
        var previousYear: Int?
        return days.map { day in
            let date = CivilDate(dayNumber: day)
            defer { previousYear = date.year }
            let newYear = previousYear.map { $0 != date.year } ?? true
            let year = newYear ? String(date.year) : nil
            switch step {
            case .days, .weeks:
                return DateTick(day: day, label: conventions.dayMonth(date), yearLabel: year)
            case .months, .quarters, .halfYears:
                return DateTick(
                    day: day, label: conventions.words.shortMonth(date.month),
                    yearLabel: year)
            case .years:
                return DateTick(day: day, label: String(date.year))
            }
        }
    }

    // MARK: Fitting

    /// The width of a tick's label: its wider line.
    static func width(_ tick: DateTick, _ measure: (String) -> Double) -> Double {
        max(measure(tick.label), tick.yearLabel.map(measure) ?? 0)
    }

    static func fits(_ tick: DateTick, at x: Double, in bounds: ClosedRange<Double>, _ measure: (String) -> Double)
        -> Bool
    {
        let half = width(tick, measure) / 2
        return x - half >= bounds.lowerBound && x + half <= bounds.upperBound
    }

    static func labelsKeepApart(_ positions: [Double], _ labels: [DateTick], gap: Double, _ measure: (String) -> Double)
        -> Bool
    {
        var previousEnd = -Double.infinity
        for (x, label) in zip(positions, labels) {
            let half = width(label, measure) / 2
            if x - half < previousEnd + gap { return false }
            previousEnd = x + half
        }
        return true
    }
}
