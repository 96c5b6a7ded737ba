/// A `fields:` block guessed for an input no format knows, for the error to offer as YAML ready to
/// paste under the report, each line with its evidence. Where two candidates fit a key equally
/// (two lists that both look like runners, `price` and `fixedWin` both prices), the guess does not
/// pick: it writes both, the second commented out, and asks which.
package struct FieldGuess {
    package struct Line {
        package var key: String
        package var value: String
        package var evidence: String
        /// 0 for the block's own keys, 1 inside a group (`runners:`).
        package var level = 0
        /// Written as a comment: the rival the user may choose instead.
        package var offered = false
        /// A group's heading (`runners:`), with no value.
        package var isGroup = false

        package init(_ key: String, _ value: String, _ evidence: String, level: Int = 0, offered: Bool = false) {
            self.key = key
            self.value = value
            self.evidence = evidence
            self.level = level
            self.offered = offered
        }

        package static func group(_ key: String) -> Line {
            var line = Line(key, "", "")
            line.isGroup = true
            return line
        }
    }

    package var lines: [Line] = []
    /// The keys the guess could not decide, each with its two candidates.
    package var undecided: [(key: String, paths: [String])] = []

    package init() {}

    /// A key's line, and when a rival fits as well, the rival's line commented out.
    package mutating func add(_ key: String, _ pick: RolePick, level: Int = 0, prefix: String = "fields") {
        lines.append(Line(key, pick.best.path, pick.evidence(pick.best), level: level))
        if let rival = pick.rival {
            lines.append(Line(key, rival.path, pick.evidence(rival), level: level, offered: true))
            undecided.append(("\(prefix).\(key)", [pick.best.path, rival.path]))
        }
    }

    /// What the error says of the keys left undecided, or nil when the guess decided every one.
    package var undecidedNote: String? {
        guard !undecided.isEmpty else { return nil }
        let parts = undecided.map { "whether `\($0.paths[0])` or `\($0.paths[1])` is \($0.key)" }
        return "the guess cannot tell \(parts.joined(separator: ", nor ")): the first is written and the second "
            + "commented out; keep the one that is"
    }

    /// The block, indented as a report's keys are in a job file, comments aligned.
    package var yaml: String {
        let entries = lines.map { line in
            String(repeating: "  ", count: line.level) + (line.offered ? "# " : "")
                + (line.isGroup ? "\(line.key):" : "\(line.key): \(Self.yaml(line.value))")
        }
        let width = entries.map(\.count).max() ?? 0
        let body = zip(entries, lines).map { entry, line in
            let comment =
                line.offered ? "  # or this: " + line.evidence : (line.evidence.isEmpty ? "" : "  # " + line.evidence)
            return "      " + entry
                + (comment.isEmpty ? "" : String(repeating: " ", count: width - entry.count) + comment)
        }
        return (["    fields:"] + body).joined(separator: "\n")
    }

    /// A path as a YAML scalar: plain when it is letters, digits, `_`, `-`, `.` and brackets after
    /// a key, double-quoted otherwise (`"[]"`, `"."`).
    package static func yaml(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.[]{}".unicodeScalars.contains($0)
        }
        if plain, let first = path.unicodeScalars.first, first.properties.isAlphabetic || first == "_" { return path }
        return "\"" + path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }
}

/// A key's role in a guess: the words that name it, the words that rule a field out (a jockey's
/// name is not the runner's), what its values must be, and how its evidence reads.
package struct FieldRole: Sendable {
    package var words: [String]
    package var excluded: [String] = []
    package var fits: @Sendable (JSONSurvey.Field) -> Bool
    package var evidence: @Sendable (JSONSurvey.Field) -> String
    /// Only a field named for the role will do: an optional key is better left out than guessed.
    package var needsName = false

    package init(
        words: [String], excluded: [String] = [], fits: @escaping @Sendable (JSONSurvey.Field) -> Bool,
        evidence: @escaping @Sendable (JSONSurvey.Field) -> String
    ) {
        self.words = words
        self.excluded = excluded
        self.fits = fits
        self.evidence = evidence
    }

    /// How well a field's path names the role: the place of the first of its words it holds.
    package func rank(_ field: JSONSurvey.Field) -> Int? {
        let words = field.words
        return self.words.firstIndex { words.contains($0) }
    }

    /// The first fitting field not in `taken` named for the role, with a second named for it as the
    /// rival; when none is named, the first that fits, with the next that fits; nil when none fits.
    package func pick(_ fields: [JSONSurvey.Field], taken: Set<String> = []) -> RolePick? {
        let fitting = fields.filter { field in
            !taken.contains(field.path) && !field.words.contains(where: excluded.contains) && fits(field)
        }
        // Any of the role's words names it as well as another: `price` and `fixedWin` are rivals.
        let named = fitting.filter { rank($0) != nil }
        let candidates = named.isEmpty && !needsName ? fitting : named
        guard let best = candidates.first else { return nil }
        let rival = candidates.dropFirst().first
        return RolePick(best: best, rival: rival, evidence: evidence)
    }
}

/// A role's field, and the rival that fits it as well.
package struct RolePick {
    package var best: JSONSurvey.Field
    package var rival: JSONSurvey.Field?
    package var evidence: @Sendable (JSONSurvey.Field) -> String
}
