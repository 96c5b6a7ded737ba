import Foundation
import JSONSupport

/// `entrants.<id>`: one runner, its form under `form_summary` (keys in snake or camel case:
/// both are served).
struct NedsRacecardEntrant: Decodable {
    let id: String?
    let raceID: String?
    let marketID: String?
    /// 0 when the entrant has no number: a novelty market's side, not a runner (`isRunner`).
    let cloth: Int
    let isRunner: Bool
    let name: String
    let barrier: Int?
    let age: Int?
    let sex: String?
    let scratched: Bool
    let lateScratched: Bool?
    let deductions: Deductions
    let jockey: String?
    let trainer: String?
    let comment: String?
    let form: String?

    private enum Keys: String, CodingKey {
        case id, name, number, barrier, age, sex, jockey, deductions, visible
        case raceID = "race_id"
        case marketID = "market_id"
        case runnerNumber = "runner_number"
        case isScratched = "is_scratched"
        case scratchTime = "scratch_time"
        case isLateScratched = "is_late_scratched"
        case winDeduction = "win_deduction"
        case placeDeduction = "place_deduction"
        case trainerName = "trainer_name"
        case formSummary = "form_summary"
    }

    private enum FormKeys: String, CodingKey {
        case last20Starts, riderOrDriver, trainerName, entrantComment
        case lastStarts = "last_20_starts"
        case riderSnake = "rider_or_driver"
        case trainerSnake = "trainer_name"
        case commentSnake = "entrant_comment"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        id = try container.decodeTextIfPresent(forKey: .id)
        raceID = try container.decodeTextIfPresent(forKey: .raceID)
        marketID = try container.decodeTextIfPresent(forKey: .marketID)
        name = try container.decode(String.self, forKey: .name)
        let numberKey: Keys = container.contains(.number) ? .number : .runnerNumber
        isRunner = container.contains(numberKey) && (try? container.decodeNil(forKey: numberKey)) == false
        cloth = isRunner ? try container.decodeWholeNumber(forKey: numberKey) : 0
        barrier = try container.decodeIntegerIfPresent(Int.self, forKey: .barrier)
        age = try container.decodeIntegerIfPresent(Int.self, forKey: .age)
        sex = try container.decodeTextIfPresent(forKey: .sex)
        // A scratching is flagged, or only timed: either makes a non-runner.
        let scratchTime = try container.decodeIfPresent(JSONValueKind.self, forKey: .scratchTime)
        scratched =
            try container.decodeFlagIfPresent(forKey: .isScratched) ?? false
            || (scratchTime != nil && scratchTime != .null && scratchTime != .string(""))
        lateScratched = try container.decodeFlagIfPresent(forKey: .isLateScratched)
        deductions = try NedsDeductions.decode(
            container, nested: .deductions, win: .winDeduction, place: .placeDeduction)
        let form =
            container.contains(.formSummary) && (try? container.decodeNil(forKey: .formSummary)) == false
            ? try container.nestedContainer(keyedBy: FormKeys.self, forKey: .formSummary) : nil
        jockey =
            try container.decodeTextIfPresent(forKey: .jockey) ?? form?.decodeTextIfPresent(forKey: .riderOrDriver)
            ?? form?.decodeTextIfPresent(forKey: .riderSnake)
        trainer =
            try container.decodeTextIfPresent(forKey: .trainerName)
            ?? form?.decodeTextIfPresent(forKey: .trainerName) ?? form?.decodeTextIfPresent(forKey: .trainerSnake)
        comment =
            try form?.decodeTextIfPresent(forKey: .entrantComment) ?? form?.decodeTextIfPresent(forKey: .commentSnake)
        self.form =
            try form?.decodeTextIfPresent(forKey: .last20Starts) ?? form?.decodeTextIfPresent(forKey: .lastStarts)
    }

}
