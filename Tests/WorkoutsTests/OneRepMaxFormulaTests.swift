import Workouts
import XCTest

final class OneRepMaxFormulaTests: XCTestCase {
    func testBrzyckiOracle() throws {
        // SPEC §6: 20 lb × 10 reps = 26.6667.
        XCTAssertEqual(
            try XCTUnwrap(OneRepMaxFormula.brzycki.estimate(weight: 20, reps: 10)), 26.6667, accuracy: 0.00005)
    }

    func testKnownValueOfEachFormulaAt100x10() throws {
        // Worked out independently from the published equations.
        let expected: [OneRepMaxFormula: Double] = [
            .brzycki: 133.333333, .epley: 133.333333, .lombardi: 125.892541, .mayhew: 130.934273,
            .oconner: 125.0, .wathan: 134.746699, .lander: 134.070363
        ]
        for formula in OneRepMaxFormula.allCases {
            let estimate = try XCTUnwrap(formula.estimate(weight: 100, reps: 10), "\(formula)")
            XCTAssertEqual(estimate, try XCTUnwrap(expected[formula]), accuracy: 0.000001, "\(formula)")
        }
    }

    func testOneRepIsTheWeightItselfForEveryFormula() {
        for formula in OneRepMaxFormula.allCases {
            XCTAssertEqual(formula.estimate(weight: 137.5, reps: 1), 137.5, "\(formula)")
        }
    }

    func testThirtySevenRepsOrMoreGiveNoEstimate() {
        for formula in OneRepMaxFormula.allCases {
            XCTAssertNil(formula.estimate(weight: 100, reps: 37), "\(formula)")
            XCTAssertNil(formula.estimate(weight: 100, reps: 120), "\(formula)")
            XCTAssertNotNil(formula.estimate(weight: 100, reps: 36), "\(formula)")
            XCTAssertNil(formula.estimate(weight: 100, reps: 0), "\(formula)")
        }
    }

    func testNamesAndRawValues() {
        XCTAssertEqual(
            OneRepMaxFormula.allCases.map(\.displayName),
            ["Brzycki", "Epley", "Lombardi", "Mayhew", "O'Conner", "Wathan", "Lander"])
        XCTAssertEqual(OneRepMaxFormula(rawValue: "oconner"), .oconner)
    }

    func testEstimatesRiseWithReps() throws {
        for formula in OneRepMaxFormula.allCases {
            var previous = 100.0
            for reps in 2...36 {
                let estimate = try XCTUnwrap(formula.estimate(weight: 100, reps: reps))
                XCTAssertGreaterThan(estimate, previous, "\(formula) at \(reps)")
                previous = estimate
            }
        }
    }
}
