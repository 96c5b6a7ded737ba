import Graphics
import Charts

/// Deterministic synthetic data for chart tests: no wall clock, no system randomness.
enum TestData {
    /// A 64-bit linear congruential generator: the same numbers on every machine.
    struct Generator {
        var state: UInt64

        /// A number in 0..<bound.
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// A training log: a day every `gaps` days (chosen at random), values drifting from `start`
    /// by `gain` over the span with ±`noise` of jitter, rounded to hundredths.
    static func log(
        firstDay: Int, lastDay: Int, gaps: ClosedRange<Int>, start: Double, gain: Double,
        noise: Double, seed: UInt64
    ) -> [DatedValue] {
        var generator = Generator(state: seed)
        var points: [DatedValue] = []
        var day = firstDay
        while day <= lastDay {
            let progress = Double(day - firstDay) / Double(max(1, lastDay - firstDay))
            let jitter = (Double(generator.next(2001)) - 1000) / 1000 * noise
            points.append(DatedValue(day: day, value: ((start + gain * progress + jitter) * 100).rounded() / 100))
            day += gaps.lowerBound + generator.next(gaps.count)
        }
        return points
    }

    /// The highest value, the earliest day on ties.
    static func best(_ points: [DatedValue]) -> DatedValue? {
        points.max { ($0.value, -$0.day) < ($1.value, -$1.day) }
    }

    /// 11 Oct 2017.
    static let onePoint = [DatedValue(day: 17450, value: 225.5)]

    /// 2018, a session every 2–4 days (about 120 points).
    static let typicalYear = log(
        firstDay: 17532, lastDay: 17896, gaps: 2...4, start: 185, gain: 70, noise: 9, seed: 2018)

    /// 2014 to 2017, a session every 3–8 days, through the thousands.
    static let multiYear = log(
        firstDay: 16071, lastDay: 17531, gaps: 3...8, start: 620, gain: 780, noise: 40, seed: 2014)

    /// 2018, every day, swinging between about 200 and 300: a band of line across the plot.
    static let denseBand = (0..<150).map { (index: Int) -> DatedValue in
        DatedValue(day: 17532 + index, value: index % 2 == 0 ? 200 + Double(index % 7) : 300 - Double(index % 5))
    }

    /// The phone size of the workouts pages.
    static let phone = Size(width: 360, height: 300)

    static func lineChart(
        _ points: [DatedValue], title: String = "Back Squat", highlight: DatedValue?? = nil,
        size: Size = Size(width: 720, height: 360)
    ) -> LineChart {
        LineChart(
            title: title, seriesName: title, unit: "lb", points: points, highlight: highlight ?? best(points),
            size: size)
    }

    /// A made-up field: a clear favourite, a tie, long shots, a name too long for its column,
    /// and two unpriced runners.
    static let market = [
        MarketEntry(label: "1 Quillfeather", probability: 8.0 / 21.0, odds: "13/8"),
        MarketEntry(label: "4 Tin Lantern", probability: 0.25, odds: "3/1"),
        MarketEntry(label: "10 Marigold Express Of The Northern Downs", probability: 2.0 / 16.0, odds: "14/2"),
        MarketEntry(label: "13 Second Breakfast", probability: 1.0 / 8.0, odds: "7/1"),
        MarketEntry(label: "9 Copper Kettle", probability: 1.0 / 11.0, odds: "10/1"),
        MarketEntry(label: "6 Slow Puncture", probability: 1.0 / 26.0, odds: "25/1"),
        MarketEntry(label: "3 Long Odds", probability: 1.0 / 101.0, odds: "100/1"),
        MarketEntry(label: "14 Mystery Guest", probability: nil, odds: "SP"),
        MarketEntry(label: "2 Blank Slate", probability: nil, odds: "")
    ]
}
