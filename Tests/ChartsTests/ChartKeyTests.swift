@testable import ChartDrawing
import Graphics
import XCTest
@testable import Charts

/// A chart's cache key bytes: equal charts give equal bytes, any change to any field gives other
/// bytes, and two different trees never write the same walk.
final class ChartKeyTests: XCTestCase {
    private let points = (0..<50).map { DatedValue(day: 17_000 + $0, value: 100 + Double($0) / 3) }

    private func line(
        points: [DatedValue]? = nil, highlight: DatedValue? = nil, unit: String = "lb",
        size: Size = Size(width: 720, height: 360)
    ) -> LineChart {
        LineChart(
            title: "Squat", seriesName: "Squat", unit: unit, points: points ?? self.points, highlight: highlight,
            size: size)
    }

    func testEqualChartsGiveEqualBytes() throws {
        XCTAssertEqual(try ChartRenderer.keyBytes(line()), try ChartRenderer.keyBytes(line()))
    }

    func testEveryFieldMovesTheBytes() throws {
        var moved = points
        moved[20].value = moved[20].value.nextUp
        var reduced = line()
        reduced.reducesDenseLines = false
        let variants: [any Chart] = [
            line(points: moved), line(points: Array(points.dropLast())), line(highlight: points[3]), line(unit: "kg"),
            line(size: Size(width: 720, height: 361)), reduced,
            MarketChart(title: "Squat", entries: [], size: 360)
        ]
        let base = try ChartRenderer.keyBytes(line())
        var seen: Set<[UInt8]> = [base]
        for chart in variants {
            XCTAssertTrue(seen.insert(try ChartRenderer.keyBytes(chart)).inserted, "\(chart) gave bytes already seen")
        }
    }

    /// The key names the chart's kind by a tag written in code, never by Swift's name of its
    /// type, which Swift does not promise (issue 41).
    func testTheKindIsAnExplicitTag() throws {
        let bytes = try ChartRenderer.keyBytes(line())
        XCTAssertEqual(
            Array(bytes.prefix(while: { $0 != UInt8(ascii: "\n") })), Array("\(ChartRenderer.drawingVersion) line".utf8)
        )
        let market = try ChartRenderer.keyBytes(MarketChart(title: "M", entries: [], size: 300))
        XCTAssertTrue(String(decoding: market, as: UTF8.self).hasPrefix("\(ChartRenderer.drawingVersion) market\n"))
        XCTAssertFalse(String(decoding: bytes, as: UTF8.self).contains("LineChart"))
    }

    func testOptionalsAndStringsAreTold() throws {
        let none = MarketChart(title: "M", entries: [MarketEntry(label: "a", probability: nil, odds: "1/1")], size: 300)
        let zero = MarketChart(title: "M", entries: [MarketEntry(label: "a", probability: 0, odds: "1/1")], size: 300)
        let shifted = MarketChart(
            title: "M", entries: [MarketEntry(label: "a1", probability: nil, odds: "/1")], size: 300)
        let keys = try [none, zero, shifted].map { try ChartRenderer.keyBytes($0) }
        XCTAssertEqual(Set(keys).count, 3)
    }

    /// `{a: [{p: 1}], q: 2}` and `{a: [{p: 1, q: 2}]}` are different trees with the same fields in
    /// the same order: only the depths tell them apart.
    func testNestingIsPartOfTheBytes() throws {
        struct Inner: Encodable {
            var p: Int
            var q: Int?
        }
        struct Outer: Encodable {
            var a: [Inner]
            var q: Int?
        }
        let flat = try ChartKeyEncoder.bytes(Outer(a: [Inner(p: 1, q: nil)], q: 2))
        let deep = try ChartKeyEncoder.bytes(Outer(a: [Inner(p: 1, q: 2)], q: nil))
        XCTAssertNotEqual(flat, deep)
    }

    /// Runs of dated values take the short way; a lone one the general way; both are told apart.
    func testDatedValuesEitherWay() throws {
        struct Lone: Encodable { var v: DatedValue }
        struct Run: Encodable { var v: [DatedValue] }
        let point = DatedValue(day: 1, value: 2)
        XCTAssertNotEqual(try ChartKeyEncoder.bytes(Lone(v: point)), try ChartKeyEncoder.bytes(Run(v: [point])))
        XCTAssertNotEqual(try ChartKeyEncoder.bytes(Run(v: [point])), try ChartKeyEncoder.bytes(Run(v: [point, point])))
    }

    func testDistinctDaysCountEachDayOnce() {
        let days = [
            DatedValue(day: 3, value: 1), DatedValue(day: 3, value: 2), DatedValue(day: 5, value: 1),
            DatedValue(day: 9, value: 1)
        ]
        XCTAssertEqual(line(points: days).distinctDayCount, 3)
        XCTAssertEqual(line(points: []).distinctDayCount, 0)
    }
}
