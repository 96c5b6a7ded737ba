import Workouts
import XCTest
@testable import Reports

/// A report's options in its cache key: an explicit kind tag and the options' canonical JSON, so
/// the key is the same on every Swift and every option moves it (issue 41).
final class OptionKeyTests: XCTestCase {
    func testOptionsAreTaggedCanonicalJSON() {
        var options = WorkoutsOptions(unit: .kg, weightsIn: .lb)
        options.maxReps = 10
        options.exerciseNames = ["Squat (Barbell)": "Squat", "Bench": "Bench Press"]
        let text = ReportOptions.workouts(options).keyText
        XCTAssertTrue(text.hasPrefix("options workouts {"), text)
        for field in [
            #""formula": "brzycki""#, #""unit": "kg""#, #""weightsIn": "lb""#, #""maxReps": 10"#,
            #""format": "auto""#, #""columns": null"#, #""includeWarmups": false"#, #""invalidLines": "fail""#
        ] {
            XCTAssertTrue(text.contains(field), "\(field) in \(text)")
        }
        // Keys sorted, so two dictionaries built in another order give the same text.
        XCTAssertLessThan(text.range(of: "Bench")!.lowerBound, text.range(of: "Squat (Barbell)")!.lowerBound)
        XCTAssertFalse(text.contains("Reports.") || text.contains("Workouts."), "no Swift type names: \(text)")
    }

    func testEveryOptionMovesTheKey() {
        let base = WorkoutsOptions()
        var variants: [WorkoutsOptions] = []
        for change in 0..<8 {
            var options = base
            switch change {
            case 0: options.formula = .epley
            case 1: options.unit = .lb
            case 2: options.invalidLines = .skip
            case 3: options.weightsIn = .kg
            case 4: options.format = .named(.jefit)
            case 5: options.includeWarmups = true
            case 6: options.exerciseNames = ["a": "b"]
            default: options.maxReps = 12
            }
            variants.append(options)
        }
        let keys = Set(([base] + variants).map { ReportOptions.workouts($0).keyText })
        XCTAssertEqual(keys.count, 9)
        XCTAssertNotEqual(
            ReportOptions.creditScore(CreditScoreOptions(currency: "EUR")).keyText,
            ReportOptions.creditScore(CreditScoreOptions()).keyText)
        XCTAssertTrue(ReportOptions.raceCard(RaceCardOptions()).keyText.hasPrefix("options race-card {"))
    }
}
