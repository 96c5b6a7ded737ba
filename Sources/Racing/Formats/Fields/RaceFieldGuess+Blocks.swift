import Foundation
import JSONSupport

extension RaceFieldGuess {
    /// A list named for runners ranks before one that is not (`runners[]` before `results[]`); two
    /// named alike are rivals.
    static let runnerListWords = [
        "runner", "runners", "entrant", "entrants", "field", "starters", "selections", "horses"
    ]

    /// The race card block for `root`, or nil when no list looks like runners within races.
    static func raceCard(_ root: Any) -> FieldGuess? {
        let survey = JSONSurvey(root)
        // Each runners' list with the races around it: the nearest enclosing list with a start.
        let pairs: [(runners: JSONSurvey.List, races: JSONSurvey.List)] = runnerLists(survey).compactMap { runners in
            let around = survey.lists.filter {
                relative(runners.path, to: $0.path) != nil && start.pick($0.fields) != nil
            }
            return around.max { $0.path.count < $1.path.count }.map { (runners, $0) }
        }
        let ranked = pairs.sorted { rank($0.runners) < rank($1.runners) }
        guard let (runners, races) = ranked.first else { return nil }
        let rival = ranked.dropFirst().first { rank($0.runners) == rank(runners) && $0.races.path == races.path }
        var guess = FieldGuess()
        let raceCount = races.objects.count
        guess.lines.append(
            races.path == "."
                ? FieldGuess.Line("races", ".", "the document is one race")
                : FieldGuess.Line(
                    "races", races.path,
                    "\(raceCount) \(raceCount == 1 ? "object" : "objects") with a start time and runners"))
        var taken = Set<String>()
        for (key, role) in [
            ("start", start), ("number", raceNumber), ("name", raceName), ("course", course), ("status", status)
        ] {
            guard let pick = role.pick(races.fields, taken: taken) else { continue }
            guess.add(key, pick)
            taken.insert(pick.best.path)
            if let other = pick.rival { taken.insert(other.path) }
        }
        guess.lines.append(.group("runners"))
        addList(runners, rival: rival?.runners, around: races, to: &guess)
        addRunnerFields(runners, to: &guess)
        return guess
    }

    private static func rank(_ list: JSONSurvey.List) -> Int {
        let field = JSONSurvey.Field(path: list.path.replacingOccurrences(of: "[]", with: ""))
        return runnerListWords.contains { field.words.contains($0) } ? 0 : 1
    }

    private static func addList(
        _ runners: JSONSurvey.List, rival: JSONSurvey.List?, around races: JSONSurvey.List, to guess: inout FieldGuess
    ) {
        let count = { (list: JSONSurvey.List) in
            let numbers = FieldRole.wholes(runnerNumber.pick(list.fields)!.best)
            return "\(list.objects.count) objects with a number \(FieldRole.span(numbers)) and a name"
        }
        let path = relative(runners.path, to: races.path) ?? runners.path
        guess.lines.append(FieldGuess.Line("path", path, count(runners), level: 1))
        if let rival, let other = relative(rival.path, to: races.path) {
            guess.lines.append(FieldGuess.Line("path", other, count(rival), level: 1, offered: true))
            guess.undecided.append(("fields.runners.path", [path, other]))
        }
    }

    private static func addRunnerFields(_ runners: JSONSurvey.List, to guess: inout FieldGuess) {
        var taken = Set<String>()
        for (key, role) in [("number", runnerNumber), ("name", runnerName), ("price", price), ("scratched", scratched)]
        {
            guard let pick = role.pick(runners.fields, taken: taken) else { continue }
            guess.add(key, pick, level: 1, prefix: "fields.runners")
            taken.insert(pick.best.path)
            if let other = pick.rival { taken.insert(other.path) }
        }
    }

    static let category = FieldRole(
        words: ["category", "type", "code", "racetype", "sport", "discipline"], excluded: ["id"],
        fits: { field in field.texts.count == field.values.count && !field.values.isEmpty },
        evidence: { field in "categories: \(Set(field.texts).sorted().prefix(3).joined(separator: ", "))" }
    ).named

    /// The next-to-go block for `root`, or nil when no list holds races with a number, a meeting and
    /// a start.
    static func nextToGo(_ root: Any) -> FieldGuess? {
        let survey = JSONSurvey(root)
        let lists = survey.lists.filter { list in
            list.path != "." && [raceNumber, course, start].allSatisfy { $0.pick(list.fields) != nil }
        }.sorted { $0.objects.count > $1.objects.count }
        guard let races = lists.first else { return nil }
        var guess = FieldGuess()
        guess.lines.append(
            FieldGuess.Line("races", races.path, "\(races.objects.count) objects with a number, a meeting and a start"))
        if let rival = lists.dropFirst().first(where: { $0.objects.count == races.objects.count }) {
            guess.lines.append(
                FieldGuess.Line(
                    "races", rival.path, "\(rival.objects.count) objects with a number, a meeting and a start",
                    offered: true))
            guess.undecided.append(("fields.races", [races.path, rival.path]))
        }
        var taken = Set<String>()
        let roles = [
            ("number", raceNumber), ("meeting", course), ("start", start), ("category", category), ("name", raceName)
        ]
        for (key, role) in roles {
            guard let pick = role.pick(races.fields, taken: taken) else { continue }
            guess.add(key, pick)
            taken.insert(pick.best.path)
            if let other = pick.rival { taken.insert(other.path) }
        }
        return guess
    }
}
