@testable import ChartDrawing
import Graphics
import Canvas
import XCTest
@testable import Charts
import Deterministic
import Localization

final class DateAxisTests: XCTestCase {
    /// The plot width of a 720 px line chart, give or take the y labels.
    private let plotWidth = 620.0

    /// Runs `body` with the real measure of 14 px DejaVu Sans, as the line chart uses.
    private func withFontMeasure(_ body: (@escaping (String) -> Double) -> Void) throws {
        _ = try Canvas.render(
            size: Size(width: 10, height: 10), format: .svg, info: DocumentInfo(title: "", description: "")
        ) { context in
            context.setFont(size: 14)
            body { context.measure($0).advance }
        }
    }

    /// A deliberately generous estimate of 14 px text: wider than DejaVu Sans for digits and
    /// month names.
    private let estimate = { (text: String) in Double(text.count) * 10.5 }

    private func axis(_ first: Int, _ last: Int, width: Double? = nil, measure: @escaping (String) -> Double)
        -> DateAxis
    {
        // The overhangs a 720 px line chart allows: its y labels' column and its right margin.
        DateAxis(
            domain: Double(first)...Double(last), width: width ?? plotWidth, overhang: (left: 40, right: 14), gap: 18,
            conventions: .standard, measure: measure)
    }

    // MARK: Calendar arithmetic

    func testDayNumbersConvertToCalendarDates() {
        XCTAssertEqual(CivilDate(dayNumber: 0), CivilDate(year: 1970, month: 1, day: 1))
        XCTAssertEqual(CivilDate(dayNumber: -1), CivilDate(year: 1969, month: 12, day: 31))
        XCTAssertEqual(CivilDate(dayNumber: 17450), CivilDate(year: 2017, month: 10, day: 11))
        XCTAssertEqual(CivilDate(dayNumber: 11016), CivilDate(year: 2000, month: 2, day: 29))
        XCTAssertEqual(CivilDate(dayNumber: -135_080), CivilDate(year: 1600, month: 3, day: 1))
        XCTAssertEqual(CivilDate(dayNumber: 2_932_896), CivilDate(year: 9999, month: 12, day: 31))
        XCTAssertEqual(TextConventions.standard.longDay(CivilDate(dayNumber: 17450)), "11 Oct 2017")
    }

    func testConversionRoundTrips() {
        // Every day from 0160 to 4160: each converts back, and the dates only go forwards by one day.
        var previous = CivilDate(dayNumber: -661_001)
        var failures: [Int] = []
        for day in -661_000...800_000 {
            let date = CivilDate(dayNumber: day)
            let nextOfPrevious =
                previous.day < 28 ? CivilDate(year: previous.year, month: previous.month, day: previous.day + 1) : nil
            if date.dayNumber != day || !(previous < date) || (nextOfPrevious != nil && nextOfPrevious != date) {
                failures.append(day)
            }
            previous = date
        }
        XCTAssertEqual(failures.prefix(5), [])
    }

    func testWeekdays() {
        XCTAssertEqual(CivilDate.weekday(ofDayNumber: 0), 3, "1970-01-01 was a Thursday")
        XCTAssertEqual(CivilDate.weekday(ofDayNumber: 17532), 0, "2018-01-01 was a Monday")
        XCTAssertEqual(CivilDate.weekday(ofDayNumber: -1), 2)
        XCTAssertEqual(CivilDate.weekday(ofDayNumber: -4), 6)
    }

    // MARK: Step choice

    func testFiveDaysGetDailyTicks() throws {
        try withFontMeasure { measure in
            let axis = DateAxis(
                domain: 17449.8...17454.2, width: plotWidth, gap: 18, conventions: .standard, measure: measure)
            XCTAssertEqual(axis.step, .days(1))
            XCTAssertEqual(
                axis.ticks,
                [
                    DateTick(day: 17450, label: "11 Oct", yearLabel: "2017"),
                    DateTick(day: 17451, label: "12 Oct"),
                    DateTick(day: 17452, label: "13 Oct"),
                    DateTick(day: 17453, label: "14 Oct"),
                    DateTick(day: 17454, label: "15 Oct")
                ])
            XCTAssertEqual(axis.ticks[0].text, "11 Oct 2017")
        }
    }

    func testTwelveDaysGetEveryOtherDay() throws {
        try withFontMeasure { measure in
            let axis = self.axis(17450, 17462, measure: measure)
            XCTAssertEqual(axis.step, .days(2))
            XCTAssertEqual(axis.ticks.map(\.text), ["11 Oct 2017", "13 Oct", "15 Oct", "17 Oct", "19 Oct", "21 Oct"])
        }
    }

    func testTwoMonthsGetWeeklyTicksOnMondays() throws {
        try withFontMeasure { measure in
            let axis = self.axis(17450, 17511, measure: measure)
            XCTAssertEqual(axis.step, .weeks)
            XCTAssertTrue(axis.ticks.allSatisfy { CivilDate.weekday(ofDayNumber: $0.day) == 0 })
            XCTAssertEqual(
                axis.ticks.map(\.text),
                [
                    "16 Oct 2017", "23 Oct", "30 Oct", "6 Nov", "13 Nov", "20 Nov",
                    "27 Nov", "4 Dec"
                ])
        }
    }

    func testOneYearGetsMonthlyTicksWithTheYearOnJanuary() throws {
        try withFontMeasure { measure in
            let axis = self.axis(17529, 17899, measure: measure)
            XCTAssertEqual(axis.step, .months)
            XCTAssertEqual(
                axis.ticks.prefix(12).map(\.text),
                ["Jan 2018", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])
            XCTAssertTrue(axis.ticks.allSatisfy { CivilDate(dayNumber: $0.day).day == 1 })
        }
    }

    func testAYearStartingMidwayShowsTheYearOnTheFirstTickAndOnJanuary() throws {
        try withFontMeasure { measure in
            let axis = self.axis(17177, 17450, measure: measure)  // 11 Jan 2017 to 11 Oct 2017
            XCTAssertEqual(axis.step, .months)
            XCTAssertEqual(axis.ticks.first?.text, "Feb 2017")
            let crossing = self.axis(17400, 17700, measure: measure)  // Aug 2017 to Jun 2018
            XCTAssertEqual(crossing.ticks.compactMap(\.yearLabel), ["2017", "2018"])
            XCTAssertEqual(crossing.ticks.first { $0.yearLabel == "2018" }?.label, "Jan")
        }
    }

    func testTwoAndAHalfYearsGetQuarters() throws {
        try withFontMeasure { measure in
            let axis = self.axis(17532, 18440, measure: measure)
            XCTAssertEqual(axis.step, .quarters)
            XCTAssertEqual(
                axis.ticks.map(\.text),
                [
                    "Jan 2018", "Apr", "Jul", "Oct", "Jan 2019", "Apr", "Jul", "Oct",
                    "Jan 2020", "Apr"
                ])
        }
    }

    func testSixteenMonthsOnAPhoneGetHalfYearsRatherThanOneYearTick() throws {
        try withFontMeasure { measure in
            // 1 Aug 2022 to 4 Nov 2023 on the phone chart's plot width.
            let axis = self.axis(19205, 19665, width: 255, measure: measure)
            XCTAssertEqual(axis.step, .halfYears)
            XCTAssertEqual(axis.ticks.map(\.text), ["Jan 2023", "Jul"])
            XCTAssertGreaterThanOrEqual(axis.ticks.count, 2)
        }
    }

    func testSixYearsGetYearlyTicks() throws {
        try withFontMeasure { measure in
            let axis = self.axis(16071, 18261, measure: measure)
            XCTAssertEqual(axis.step, .years(1))
            XCTAssertEqual(axis.ticks.map(\.text), ["2014", "2015", "2016", "2017", "2018", "2019"])
            XCTAssertTrue(axis.ticks.allSatisfy { $0.yearLabel == nil })
        }
    }

    func testNarrowPlotsTakeCoarserSteps() throws {
        try withFontMeasure { measure in
            XCTAssertEqual(self.axis(16071, 18261, width: 180, measure: measure).step, .years(2))
            XCTAssertEqual(self.axis(0, 36_500, width: 620, measure: measure).step, .years(10))
        }
    }

    func testLabelsPastTheAllowedSpaceAreLeftOut() {
        // 1 Jan 2018 sits at x = 0: its label would stick out to the left.
        let axis = DateAxis(domain: 17532...17897, width: 900, gap: 18, conventions: .standard, measure: estimate)
        XCTAssertEqual(axis.step, .months)
        XCTAssertEqual(axis.ticks.first?.text, "Feb 2018", "the year moves to the first tick shown")
        let roomy = DateAxis(
            domain: 17532...17897, width: 900, overhang: (left: 40, right: 0), gap: 18, conventions: .standard,
            measure: estimate)
        XCTAssertEqual(roomy.ticks.first?.text, "Jan 2018")
    }

    /// Over many spans and widths, labels never overlap, keep the gap, and stay in bounds.
    func testLabelsNeverOverlap() throws {
        func check(_ measure: (String) -> Double) {
            for width in [240.0, 420, 620, 1000] {
                for span in [1, 3, 6, 9, 14, 20, 31, 45, 60, 90, 120, 200, 365, 500, 730, 1000, 1461, 2200, 4000, 9000]
                {
                    for first in [17450, 17532, 16071] {
                        let domain = Double(first) - 0.3...Double(first + span) + 0.3
                        let axis = DateAxis(
                            domain: domain, width: width, overhang: (left: 30, right: 10), gap: 16,
                            conventions: .standard,
                            measure: measure)
                        XCTAssertFalse(axis.ticks.isEmpty, "span \(span) width \(width)")
                        var previousEnd = -30.0 - 16
                        for tick in axis.ticks {
                            let x =
                                (Double(tick.day) - domain.lowerBound) / (domain.upperBound - domain.lowerBound) * width
                            let half = max(measure(tick.label), tick.yearLabel.map(measure) ?? 0) / 2
                            XCTAssertGreaterThanOrEqual(
                                x - half, previousEnd + 16, "span \(span) width \(width) \(tick)")
                            XCTAssertLessThanOrEqual(x + half, width + 10)
                            previousEnd = x + half
                        }
                    }
                }
            }
        }
        check(estimate)
        try withFontMeasure { check($0) }
    }
}
