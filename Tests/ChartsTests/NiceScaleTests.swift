import XCTest
@testable import ChartDrawing

final class NiceScaleTests: XCTestCase {
    private func assertScale(
        _ values: [Double], intervals: Int = 6, lower: Double, upper: Double, step: Double,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let scale = NiceScale(covering: values, maximumIntervals: intervals)
        XCTAssertEqual(scale.lower, lower, accuracy: 1e-9, "lower", file: file, line: line)
        XCTAssertEqual(scale.upper, upper, accuracy: 1e-9, "upper", file: file, line: line)
        XCTAssertEqual(scale.step, step, accuracy: 1e-12, "step", file: file, line: line)
    }

    func testTypicalOneRepMaxRangeIsNotForcedToZero() {
        assertScale([150, 310, 240], lower: 100, upper: 350, step: 50)
    }

    func testStepsAreOneTwoOrFiveTimesAPowerOfTen() {
        XCTAssertTrue(NiceScale.niceStep(atLeast: 0.73) == (1, 0))
        XCTAssertTrue(NiceScale.niceStep(atLeast: 1) == (1, 0))
        XCTAssertTrue(NiceScale.niceStep(atLeast: 1.01) == (2, 0))
        XCTAssertTrue(NiceScale.niceStep(atLeast: 3) == (5, 0))
        XCTAssertTrue(NiceScale.niceStep(atLeast: 7) == (1, 1))
        XCTAssertTrue(NiceScale.niceStep(atLeast: 0.03) == (5, -2))
        XCTAssertTrue(NiceScale.niceStep(atLeast: 180) == (2, 2))
    }

    func testNegativeValues() {
        assertScale([-30, -10], lower: -35, upper: -5, step: 5)
    }

    func testValuesAcrossZero() {
        assertScale([-3, 7], intervals: 5, lower: -5, upper: 10, step: 5)
    }

    func testPositiveDataNeverGetsANegativeDomain() {
        assertScale([0, 100], lower: 0, upper: 120, step: 20)
        assertScale([-100, 0], lower: -120, upper: 0, step: 20)
    }

    func testOneValueGetsASpanAroundIt() {
        assertScale([300], lower: 270, upper: 330, step: 10)
        let scale = NiceScale(covering: [300])
        XCTAssertEqual(scale.ticks.first, 270)
        XCTAssertEqual(scale.ticks.last, 330)
    }

    func testEqualValuesBehaveLikeOne() {
        XCTAssertEqual(NiceScale(covering: [300, 300, 300]), NiceScale(covering: [300]))
        assertScale([0, 0], lower: -1, upper: 1, step: 0.5)
        assertScale([-42], lower: -48, upper: -36, step: 2)
    }

    func testNoValuesGiveZeroToOne() {
        assertScale([], lower: 0, upper: 1, step: 0.2)
        assertScale([.nan, .infinity], lower: 0, upper: 1, step: 0.2)
    }

    func testDecimalTicksAreTheNearestDoubles() {
        let scale = NiceScale(covering: [0.1, 0.3])
        XCTAssertEqual(scale.step, 0.05)
        XCTAssertEqual(scale.ticks, [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35])
        XCTAssertEqual(
            scale.ticks.map { scale.label($0, .standard) }, ["0.05", "0.10", "0.15", "0.20", "0.25", "0.30", "0.35"])
    }

    func testLabelsHaveNoNeedlessDecimalsAndGroupThousands() {
        let scale = NiceScale(covering: [950, 1234])
        XCTAssertEqual(scale.ticks.map { scale.label($0, .standard) }, ["900", "1,000", "1,100", "1,200", "1,300"])
        let halves = NiceScale(covering: [261.2, 263.4], maximumIntervals: 6)
        XCTAssertEqual(halves.step, 0.5)
        XCTAssertEqual(halves.label(262.5, .standard), "262.5")
        XCTAssertEqual(halves.label(262, .standard), "262.0")
        XCTAssertEqual(NiceScale(covering: [150, 310]).label(250, .standard), "250")
    }

    /// Every value lies inside the domain with headroom, the bounds are whole steps, and the
    /// number of intervals respects the limit, over many deterministic pseudo-random ranges.
    func testEveryDomainBracketsItsValues() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for _ in 0..<2000 {
            let magnitude = pow(10, (next() * 12).rounded(.down) - 4)
            let values = (0..<Int(1 + next() * 50)).map { _ in (next() * 2 - 0.7) * magnitude }
            let intervals = 2 + Int(next() * 8)
            let scale = NiceScale(covering: values, maximumIntervals: intervals)
            let low = values.min()!, high = values.max()!
            XCTAssertLessThanOrEqual(scale.lower, low, "\(values)")
            XCTAssertGreaterThanOrEqual(scale.upper, high, "\(values)")
            if high > low {
                let headroom = (high - low) * 0.05
                XCTAssertTrue(scale.upper >= high + headroom || (high <= 0 && scale.upper == 0), "\(values)")
                XCTAssertTrue(scale.lower <= low - headroom || (low >= 0 && scale.lower == 0), "\(values)")
            }
            let count = (scale.upper - scale.lower) / scale.step
            XCTAssertEqual(count, count.rounded(), accuracy: 1e-6)
            XCTAssertLessThanOrEqual(count.rounded(), Double(intervals))
            XCTAssertEqual(scale.ticks.count, Int(count.rounded()) + 1)
        }
    }

    func testThousandsOfValues() {
        let values = (0..<10_000).map { 100 + Double($0 % 977) * 0.25 }
        let scale = NiceScale(covering: values)
        XCTAssertLessThanOrEqual(scale.lower, 100)
        XCTAssertGreaterThanOrEqual(scale.upper, 344)
    }
}
