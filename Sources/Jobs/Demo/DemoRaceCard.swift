import Deterministic
import Foundation
import GazetteCore
/// The demo's race card: an invented meeting at an invented course, Kestrel Downs, written for
/// Gazette in the SPEC's race-card format. It shows the cases a real card brings: an evens
/// favourite (`EVS`), odds-on (`10/11`), starting-price runners (`SP`), a non-runner, horses
/// without form, `foaled` instead of `age`, `last_ran_days` instead of `days_since_last_run`,
/// and two runners sharing a price. Its races are timed around the build's clock, so the demo
/// always shows races run with their results (a dead heat among them), perhaps one whose result
/// is still to come, and races still to run.
package enum DemoRaceCard {
    /// Minutes from the build's hour (its clock rounded down) to each race's start.
    static let startMinutes = [-90, -55, -20, 15, 50, 85, 120, 155]
    /// Minutes after its start that a race's result is in.
    static let resultAfter = 10
    /// The template's start times, one per race, each written once.
    static let templateTimes = ["13:30", "14:05", "14:40", "15:15", "15:50", "16:25", "17:00", "17:35"]

    /// The card at the clock `now` (Unix seconds): each race dated and timed in UTC around the
    /// hour, and a race whose result is due by `now` given its placings and dividends.
    package static func json(now: Int64) -> String {
        let hour = now - ((now % 3_600) + 3_600) % 3_600
        var text = template
        for (index, old) in templateTimes.enumerated() {
            let start = hour + Int64(startMinutes[index] * 60)
            let parts = UTCTime.parts(Date(timeIntervalSince1970: TimeInterval(start)))
            let date = parts.day.isoText
            let time = CivilDate.zeroPadded(parts.hour, width: 2) + ":" + CivilDate.zeroPadded(parts.minute, width: 2)
            text = text.replacingOccurrences(
                of: "\"date\": \"2025-09-20\", \"time\": \"\(old)\"",
                with: "\"date\": \"\(date)\", \"time\": \"\(time)\"")
            guard start + Int64(resultAfter * 60) <= now else { continue }
            let result = DemoRaceResults.all[index]
            text = text.replacingOccurrences(
                of: "{\"race_summary\": {\"name\": \"\(result.race)\",",
                with: "{\(result.json), \"race_summary\": {\"status\": \"Final\", \"name\": \"\(result.race)\",")
        }
        return text
    }

    package static let template = #"""
        [
          {"race_summary": {"name": "Kestrel Downs Maiden Stakes", "course_name": "Kestrel Downs", "distance": "6f", "date": "2025-09-20", "time": "13:30", "ride_count": 6, "race_stage": "DECLARED", "going": "Good", "has_handicap": false, "hidden": false, "age": "3YO only"},
           "rides": [
            {"cloth_number": 1, "horse": {"name": "Copper Lantern", "age": 3, "days_since_last_run": 14}, "formsummary": "32", "handicap": "9-0", "current_odds": "5/2"},
            {"cloth_number": 2, "horse": {"name": "Quiet Orchard", "age": 3, "days_since_last_run": 21}, "formsummary": "4", "handicap": "9-0", "current_odds": "7/2"},
            {"cloth_number": 3, "horse": {"name": "Saltmarsh Echo", "age": 3}, "formsummary": "", "handicap": "9-0", "current_odds": "6/1"},
            {"cloth_number": 4, "horse": {"name": "Ninefold Ridge", "age": 3, "days_since_last_run": 35}, "formsummary": "65", "handicap": "9-0", "current_odds": "9/1"},
            {"cloth_number": 5, "horse": {"name": "Pennywhistle", "age": 3, "days_since_last_run": 10}, "formsummary": "23", "handicap": "9-0", "current_odds": "2/1"},
            {"cloth_number": 6, "horse": {"name": "Harbour Mist", "age": 3, "days_since_last_run": 28}, "formsummary": "0", "handicap": "9-0", "current_odds": "20/1"}
          ]},
          {"race_summary": {"name": "Meadowlark Handicap", "course_name": "Kestrel Downs", "distance": "1m 2f", "date": "2025-09-20", "time": "14:05", "ride_count": 8, "race_stage": "DECLARED", "going": "Good", "has_handicap": true, "hidden": false, "age": "3YO plus"},
           "rides": [
            {"cloth_number": 1, "horse": {"name": "Bramble Court", "age": 5, "days_since_last_run": 17}, "formsummary": "1-243", "handicap": "9-0", "current_odds": "4/1"},
            {"cloth_number": 2, "horse": {"name": "Tidewater Blue", "age": 4, "days_since_last_run": 12}, "formsummary": "3211", "handicap": "9-0", "current_odds": "EVS"},
            {"cloth_number": 3, "horse": {"name": "Lantern Bay", "age": 6, "days_since_last_run": 44}, "formsummary": "58-07", "handicap": "9-0", "current_odds": "12/1"},
            {"cloth_number": 4, "horse": {"name": "Silver Thimble", "age": 4, "days_since_last_run": 23}, "formsummary": "4-442", "handicap": "9-0", "current_odds": "6/1"},
            {"cloth_number": 5, "horse": {"name": "Orchard Thief", "age": 5, "days_since_last_run": 31}, "formsummary": "P-565", "handicap": "9-0", "current_odds": "16/1"},
            {"cloth_number": 6, "horse": {"name": "Moth and Moon", "age": 7, "days_since_last_run": 62}, "formsummary": "/0-99", "handicap": "9-0", "current_odds": "33/1"},
            {"cloth_number": 7, "horse": {"name": "Captain Juniper", "age": 4, "days_since_last_run": 19}, "formsummary": "2-31", "handicap": "9-0", "current_odds": "9/2", "withdrawn": true},
            {"cloth_number": 8, "horse": {"name": "Wrenfield", "age": 5, "days_since_last_run": 90}, "formsummary": "", "handicap": "9-0", "current_odds": "25/1"}
          ]},
          {"race_summary": {"name": "Foxglove Novices' Hurdle", "course_name": "Kestrel Downs", "distance": "2m", "date": "2025-09-20", "time": "14:40", "ride_count": 5, "race_stage": "DECLARED", "going": "Good to Soft", "has_handicap": false, "hidden": false, "age": "4YO plus"},
           "rides": [
            {"cloth_number": 1, "horse": {"name": "Amberline", "age": 5, "days_since_last_run": 26}, "formsummary": "F1-2", "handicap": "9-0", "current_odds": "11/4"},
            {"cloth_number": 2, "horse": {"name": "Drystone Wall", "age": 6, "days_since_last_run": 33}, "formsummary": "12", "handicap": "9-0", "current_odds": "13/8"},
            {"cloth_number": 3, "horse": {"name": "Kingfisher Gate", "age": 5, "days_since_last_run": 40}, "formsummary": "3-4", "handicap": "9-0", "current_odds": "5/1"},
            {"cloth_number": 4, "horse": {"name": "Marram Grass", "age": 4}, "formsummary": "", "handicap": "9-0", "current_odds": "SP"},
            {"cloth_number": 5, "horse": {"name": "Oakapple Jack", "age": 6, "days_since_last_run": 120}, "formsummary": "U-57", "handicap": "9-0", "current_odds": "SP"}
          ]},
          {"race_summary": {"name": "Heron's Reach Selling Stakes", "course_name": "Kestrel Downs", "distance": "7f", "date": "2025-09-20", "time": "15:15", "ride_count": 7, "race_stage": "DECLARED", "going": "Soft", "has_handicap": false, "hidden": false},
           "rides": [
            {"cloth_number": 1, "horse": {"name": "Thistledown Rose", "foaled": "2021-04-02", "days_since_last_run": 15}, "formsummary": "5436", "handicap": "9-0", "current_odds": "7/2"},
            {"cloth_number": 2, "horse": {"name": "Gable End", "foaled": "2020-03-18", "days_since_last_run": 22}, "formsummary": "2-21", "handicap": "9-0", "current_odds": "15/8"},
            {"cloth_number": 3, "horse": {"name": "Mistle Thrush", "foaled": "2021-02-27", "days_since_last_run": 8}, "formsummary": "745", "handicap": "9-0", "current_odds": "9/2"},
            {"cloth_number": 4, "horse": {"name": "Pebble Dash", "foaled": "2019-05-11", "days_since_last_run": 30}, "formsummary": "0-800", "handicap": "9-0", "current_odds": "25/1"},
            {"cloth_number": 5, "horse": {"name": "Brass Farthing", "foaled": "2021-03-09", "last_ran_days": 12}, "formsummary": "362", "handicap": "9-0", "current_odds": "4/1"},
            {"cloth_number": 6, "horse": {"name": "Corncrake", "foaled": "2020-04-21", "last_ran_days": 54}, "formsummary": "9-67", "handicap": "9-0", "current_odds": "14/1"},
            {"cloth_number": 7, "horse": {"name": "Little Hawthorn", "foaled": "2021-01-30", "days_since_last_run": 19}, "formsummary": "44", "handicap": "9-0", "current_odds": "8/1"}
          ]},
          {"race_summary": {"name": "Kestrel Downs Cup (Handicap)", "course_name": "Kestrel Downs", "distance": "1m 4f", "date": "2025-09-20", "time": "15:50", "ride_count": 10, "race_stage": "DECLARED", "going": "Soft", "has_handicap": true, "hidden": false, "age": "3YO plus"},
           "rides": [
            {"cloth_number": 1, "horse": {"name": "Sovereign Marsh", "age": 6, "days_since_last_run": 28}, "formsummary": "1-112", "handicap": "9-0", "current_odds": "3/1"},
            {"cloth_number": 2, "horse": {"name": "Windrush Lad", "age": 5, "days_since_last_run": 35}, "formsummary": "2-341", "handicap": "9-0", "current_odds": "6/1"},
            {"cloth_number": 3, "horse": {"name": "Hollowell", "age": 4, "days_since_last_run": 21}, "formsummary": "61-23", "handicap": "9-0", "current_odds": "6/1"},
            {"cloth_number": 4, "horse": {"name": "The Tallyman", "age": 7, "days_since_last_run": 49}, "formsummary": "35-46", "handicap": "9-0", "current_odds": "10/1"},
            {"cloth_number": 5, "horse": {"name": "Fieldfare", "age": 4, "days_since_last_run": 14}, "formsummary": "3121", "handicap": "9-0", "current_odds": "7/2"},
            {"cloth_number": 6, "horse": {"name": "Ember Lane", "age": 5, "days_since_last_run": 63}, "formsummary": "8-675", "handicap": "9-0", "current_odds": "20/1"},
            {"cloth_number": 7, "horse": {"name": "Dunlin Bay", "age": 6, "days_since_last_run": 28}, "formsummary": "4/523", "handicap": "9-0", "current_odds": "9/1"},
            {"cloth_number": 8, "horse": {"name": "Highcombe", "age": 5, "days_since_last_run": 42}, "formsummary": "0-059", "handicap": "9-0", "current_odds": "40/1"},
            {"cloth_number": 9, "horse": {"name": "Rook's Parliament", "age": 4, "days_since_last_run": 18}, "formsummary": "225", "handicap": "9-0", "current_odds": "8/1"},
            {"cloth_number": 10, "horse": {"name": "Nettlebed", "age": 5, "days_since_last_run": 77}, "formsummary": "7-P8", "handicap": "9-0", "current_odds": "50/1"}
          ]},
          {"race_summary": {"name": "Larkspur Fillies' Stakes", "course_name": "Kestrel Downs", "distance": "5f", "date": "2025-09-20", "time": "16:25", "ride_count": 6, "race_stage": "DECLARED", "going": "Good to Soft", "has_handicap": false, "hidden": false, "age": "2YO only"},
           "rides": [
            {"cloth_number": 1, "horse": {"name": "Bluebell Wood", "age": 2, "days_since_last_run": 20}, "formsummary": "21", "handicap": "9-0", "current_odds": "10/11"},
            {"cloth_number": 2, "horse": {"name": "Cinnamon Sky", "age": 2, "days_since_last_run": 27}, "formsummary": "3", "handicap": "9-0", "current_odds": "4/1"},
            {"cloth_number": 3, "horse": {"name": "Dainty Clover", "age": 2, "days_since_last_run": 13}, "formsummary": "54", "handicap": "9-0", "current_odds": "8/1"},
            {"cloth_number": 4, "horse": {"name": "Hedge Sparrow", "age": 2}, "formsummary": "", "handicap": "9-0", "current_odds": "12/1"},
            {"cloth_number": 5, "horse": {"name": "Moonlit Meadow", "age": 2, "days_since_last_run": 34}, "formsummary": "42", "handicap": "9-0", "current_odds": "11/2"},
            {"cloth_number": 6, "horse": {"name": "Sugar Plum Fairy", "age": 2, "days_since_last_run": 41}, "formsummary": "6", "handicap": "9-0", "current_odds": "16/1"}
          ]},
          {"race_summary": {"name": "Wrenwood Claiming Stakes", "course_name": "Kestrel Downs", "distance": "1m", "date": "2025-09-20", "time": "17:00", "ride_count": 6, "race_stage": "DECLARED", "going": "Soft", "has_handicap": false, "hidden": false, "age": "3YO plus"},
           "rides": [
            {"cloth_number": 1, "horse": {"name": "Iron Kettle", "age": 6, "days_since_last_run": 16}, "formsummary": "3-445", "handicap": "9-0", "current_odds": "5/1"},
            {"cloth_number": 2, "horse": {"name": "Candlewick", "age": 4, "days_since_last_run": 25}, "formsummary": "212", "handicap": "9-0", "current_odds": "9/4"},
            {"cloth_number": 3, "horse": {"name": "Sheepwash", "age": 5, "days_since_last_run": 11}, "formsummary": "6-33", "handicap": "9-0", "current_odds": "4/1"},
            {"cloth_number": 4, "horse": {"name": "Quillon", "age": 3, "days_since_last_run": 38}, "formsummary": "0-40", "handicap": "9-0", "current_odds": "14/1"},
            {"cloth_number": 5, "horse": {"name": "Firecrest", "age": 4, "days_since_last_run": 29}, "formsummary": "5-21", "handicap": "9-0", "current_odds": "7/2"},
            {"cloth_number": 6, "horse": {"name": "Goosander", "age": 5, "days_since_last_run": 57}, "formsummary": "8/76-", "handicap": "9-0", "current_odds": "22/1"}
          ]},
          {"race_summary": {"name": "Last Light Handicap", "course_name": "Kestrel Downs", "distance": "1m 6f", "date": "2025-09-20", "time": "17:35", "ride_count": 8, "race_stage": "DECLARED", "going": "Soft", "has_handicap": true, "hidden": false, "age": "4YO plus"},
           "rides": [
            {"cloth_number": 1, "horse": {"name": "Long Shadows", "age": 8, "days_since_last_run": 31}, "formsummary": "4-322", "handicap": "9-0", "current_odds": "11/2"},
            {"cloth_number": 2, "horse": {"name": "Evensong", "age": 6, "days_since_last_run": 24}, "formsummary": "1-21", "handicap": "9-0", "current_odds": "5/2"},
            {"cloth_number": 3, "horse": {"name": "Marsh Harrier", "age": 5, "days_since_last_run": 18}, "formsummary": "2-153", "handicap": "9-0", "current_odds": "4/1"},
            {"cloth_number": 4, "horse": {"name": "Tollgate", "age": 7, "days_since_last_run": 45}, "formsummary": "66-54", "handicap": "9-0", "current_odds": "12/1"},
            {"cloth_number": 5, "horse": {"name": "Owl Light", "age": 6, "days_since_last_run": 36}, "formsummary": "3-313", "handicap": "9-0", "current_odds": "5/1"},
            {"cloth_number": 6, "horse": {"name": "Nightjar", "age": 5, "days_since_last_run": 70}, "formsummary": "P0-7", "handicap": "9-0", "current_odds": "28/1"},
            {"cloth_number": 7, "horse": {"name": "Curlew Call", "age": 9, "days_since_last_run": 23}, "formsummary": "58-46", "handicap": "9-0", "current_odds": "16/1"},
            {"cloth_number": 8, "horse": {"name": "Half Penny Bridge", "age": 4, "days_since_last_run": 29}, "formsummary": "", "handicap": "9-0", "current_odds": "10/1"}
          ]}
        ]
        """#
}
