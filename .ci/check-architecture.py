#!/usr/bin/env python3
"""The documents stay true to the code. For README.md, CONTRIBUTING.md and every docs/**/*.md:

- every type named in backticks (`ReportRun`, `BuildCache.ReportKeyBase`) is declared in Sources/,
  Tests/, Plugins/ or Fuzz/Sources/, or is a target (in docs/ARCHITECTURE.md and CONTRIBUTING.md,
  every UpperCamelCase name; in the user's documents, names of two or more capitalised words that
  are not the name of an app, a column or a header);
- every repository path named (`Sources/SiteBuild/Channels/`, `SiteBuild/Memory/`, docs/guide/email.md)
  exists;
- every relative markdown link resolves, to a file and, when it names one, to a heading;
- no heading names an issue number;
- the target table of docs/ARCHITECTURE.md ("### Targets") lists every target of Package.swift but
  the test targets, each with exactly the dependencies Package.swift declares;
- the README's quick start is two commands ending in `swift run gazette build` and `swift test`,
  the two .ci/run runs on a bare clone;
- with --gazette BIN, docs/reference/command-line.md and docs/reference/job-keys.md are what
  .ci/generate-reference.py writes from BIN now.

A name of Swift's or Foundation's own is left out.

Usage: .ci/check-architecture.py [--gazette BIN]   (from anywhere)
"""
import pathlib, re, subprocess, sys, tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
# Names of the language and its libraries the documents may use.
LIBRARY = {
    "Sendable", "Equatable", "Hashable", "Codable", "Encodable", "Decodable", "Comparable", "Error",
    "String", "Substring", "Int", "Int64", "UInt8", "UInt64", "Double", "Bool", "Array", "Dictionary",
    "Set", "Data", "Date", "URL", "Result", "Optional", "Character", "Unicode", "Mutex", "NSLock",
    "JSONEncoder", "JSONDecoder", "JSONSerialization", "XMLParser", "Process", "FileManager",
    "ContinuousClock", "Duration", "Task", "TaskGroup", "DispatchQueue", "Locale", "TimeZone",
    "Calendar", "CodingKey", "CustomStringConvertible", "OrderedDictionary", "OrderedSet", "Deque",
    "Logger", "ParsableCommand", "AsyncParsableCommand", "ExpressibleByArgument", "ValidationError",
    "MustacheTemplate", "MustacheLibrary", "Yams", "SHA256", "FlyingFox", "ArgumentParser", "Mustache",
    "CodingUserInfoKey", "CustomDebugStringConvertible", "RawRepresentable", "CaseIterable", "Hasher",
    "Mirror", "StaticString", "MustacheParent", "LLVMFuzzerRunDriver", "FlyingSocks", "Crypto", "Logging",
    "DateFormatter",
}
# Header fields of a message the documents name the way they are written.
HEADERS = {"References", "Message-ID"}
# Words of the user's documents that look like code but are apps, columns, catalog keys or values.
NOT_CODE = {
    "FitNotes", "GymBook", "GymRun", "StrongLifts", "AlphaProgression", "JEFIT", "ClearScore",
    "IPAGothic", "DejaVu", "PlainText", "TeX", "MiB", "KiB", "GiB", "SetGraph", "Setgraph",
    "RaceCard", "NextToGo", "CreditScore", "DateTime", "LongTerm", "ShortTerm", "ReadWriteMany", "VmHWM",
}
DECLARATION = re.compile(
    r"\b(?:struct|class|enum|protocol|typealias|actor|associatedtype)\s+([A-Z][A-Za-z0-9_]*)")
TYPE = re.compile(r"[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*(\.[A-Z][A-Za-z0-9]*)*")
# Two capitalised words run together at least: `ReportRun`, not `Weight` or `Date`.
CODE_TYPE = re.compile(r"[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*(\.[A-Z][A-Za-z0-9]*)*")
ROOTS = ("Sources/", "Tests/", "Plugins/", "Fuzz/", "Templates/", "docs/", ".ci/", "scripts/")
ROOT_FILES = {"Package.swift", "action.yml", "Makefile", "README.md", "CONTRIBUTING.md", "Package.resolved"}
FENCE = re.compile(r"^```.*?^```", re.M | re.S)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
REFERENCES = {
    "docs/reference/command-line.md": "command-line.md",
    "docs/reference/job-keys.md": "job-keys.md",
}


def documents():
    found = [ROOT / "README.md", ROOT / "CONTRIBUTING.md"]
    found += sorted((ROOT / "docs").rglob("*.md"))
    return [path for path in found if path.exists()]


def declared():
    names = set()
    for folder in ("Sources", "Tests", "Plugins", "Fuzz/Sources"):
        for path in (ROOT / folder).rglob("*.swift"):
            names.update(DECLARATION.findall(path.read_text(encoding="utf-8", errors="replace")))
    return names


def package_targets():
    """Every target of Package.swift: name → (kind, dependencies as written, targets and products)."""
    text = "\n".join(
        line for line in (ROOT / "Package.swift").read_text(encoding="utf-8").split("\n")
        if not line.strip().startswith("//"))
    starts = list(re.finditer(r"\.(target|executableTarget|systemLibrary|plugin|testTarget)\(", text))
    targets = {}
    for index, match in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
        chunk = text[match.end():end]
        name = re.search(r'name:\s*"([^"]+)"', chunk).group(1)
        dependencies = []
        opening = re.search(r"dependencies:\s*\[", chunk)
        if opening:
            depth, cursor = 1, opening.end()
            while depth:
                depth += {"[": 1, "]": -1}.get(chunk[cursor], 0)
                cursor += 1
            body = chunk[opening.end():cursor - 1]
            dependencies = [product or target for product, target in
                            re.findall(r'\.product\(name:\s*"([^"]+)"[^)]*\)|"([^"]+)"', body)]
        targets[name] = (match.group(1), dependencies)
    return targets


def slugs(path, cache={}):
    """The anchors GitHub gives a document's headings."""
    if path not in cache:
        text = FENCE.sub("", path.read_text(encoding="utf-8"))
        seen, anchors = {}, set()
        for heading in re.findall(r"^#{1,6}\s+(.*?)\s*#*\s*$", text, re.M):
            slug = re.sub(r"[^\w\- ]", "", heading.lower().replace("`", "")).replace(" ", "-")
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            anchors.add(slug if count == 0 else f"{slug}-{count}")
        cache[path] = anchors
    return cache[path]


def check_headings(path, text, problems):
    for heading in re.findall(r"^#{1,6}\s+(.*)$", FENCE.sub("", text), re.M):
        if re.search(r"\b[Ii]ssues? #?\d+", heading):
            problems.append(f"{path.relative_to(ROOT)}: the heading \"{heading}\" names an issue: say what it is about")


def check_links(path, text, problems):
    for target in LINK.findall(FENCE.sub("", text)):
        if re.match(r"[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        resolved = (path.parent / file).resolve() if file else path
        name = path.relative_to(ROOT)
        if not resolved.exists():
            problems.append(f"{name}: the link ({target}) leads to no file")
        elif anchor and resolved.suffix == ".md" and anchor not in slugs(resolved):
            problems.append(f"{name}: the link ({target}) names no heading of {resolved.relative_to(ROOT)}")


def check_path(token, name, problems):
    token = re.sub(r":\d+(-\d+)?$", "", token.strip().rstrip(".,;"))
    if not re.fullmatch(r"[A-Za-z0-9_./+\-]+", token) or "..." in token:
        return
    module = token.split("/")[0]
    if token.startswith(ROOTS) or token in ROOT_FILES:
        candidate = ROOT / token
    elif "/" in token and re.fullmatch(r"[A-Za-z]\w*", module) and (ROOT / "Sources" / module).is_dir():
        candidate = ROOT / "Sources" / token
    else:
        return
    if candidate.exists():
        return
    # A folder the programs make and git ignores (`Fuzz/findings/`).
    ignored = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "-q", token], capture_output=True)
    if ignored.returncode == 0:
        return
    # A placeholder (`Templates/messages/LANG.yml`, `SLUG/record.json`) names no one file.
    if any(re.fullmatch(r"[A-Z][A-Z0-9_]*", part.split(".")[0]) for part in token.split("/") if part):
        return
    problems.append(f"{name}: names {token}, which is not in the repository")


def check_names(path, text, types, modules, problems):
    name = path.relative_to(ROOT)
    strict = name.as_posix() in ("docs/ARCHITECTURE.md", "CONTRIBUTING.md")
    for token in sorted(set(re.findall(r"`([^`\n]+)`", text))):
        check_path(token, name, problems)
        pattern = TYPE if strict else CODE_TYPE
        if not pattern.fullmatch(token) or (not strict and token.split(".")[0] in NOT_CODE):
            continue
        for part in token.split("."):
            if part not in types and part not in modules and part not in LIBRARY | HEADERS:
                problems.append(f"{name}: names `{token}`, but no {part} is declared in the code")
    prose = FENCE.sub("", re.sub(r"`[^`\n]+`", "", text))
    for token in sorted(set(re.findall(r"(?<![\w/.])(?:docs|Sources|Tests|\.ci|scripts|Fuzz|Templates)/[\w./+\-]*\w/?", prose))):
        check_path(token, name, problems)


def check_targets(targets, problems):
    text = (ROOT / "docs/ARCHITECTURE.md").read_text(encoding="utf-8")
    section = re.search(r"^### Targets\n(.*?)(?=^#)", text, re.M | re.S)
    if not section:
        problems.append("docs/ARCHITECTURE.md has no \"### Targets\" table")
        return
    rows = {}
    for name, dependencies in re.findall(r"^\| `([^`]+)` \| ([^|]*) \|", section.group(1), re.M):
        listed = [] if dependencies.strip() in ("—", "") else [d.strip() for d in dependencies.split(",")]
        rows[name] = listed
    for name, (kind, dependencies) in targets.items():
        if kind == "testTarget":
            continue
        if name not in rows:
            problems.append(f"docs/ARCHITECTURE.md: the target table has no row for {name}")
        elif sorted(rows[name]) != sorted(dependencies):
            missing = sorted(set(dependencies) - set(rows[name]))
            extra = sorted(set(rows[name]) - set(dependencies))
            problems.append(f"docs/ARCHITECTURE.md: {name}'s row differs from Package.swift"
                            f" (missing: {', '.join(missing) or 'none'}; not declared: {', '.join(extra) or 'none'})")
    for name in rows:
        if name not in targets or targets[name][0] == "testTarget":
            problems.append(f"docs/ARCHITECTURE.md: the target table lists {name}, which Package.swift has not")


def check_quick_start(problems):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"^## Quick start\n.*?^```sh\n(.*?)^```", text, re.M | re.S)
    lines = block.group(1).strip().split("\n") if block else []
    if len(lines) != 2 or not lines[0].endswith("swift run gazette build") or not lines[1].endswith("swift test"):
        problems.append("README.md: the quick start is not two commands ending in `swift run gazette build` "
                        "and `swift test` (what .ci/run runs on a bare clone)")
    run = (ROOT / ".ci/run").read_text(encoding="utf-8")
    if "swift run gazette build" not in run or "scripts/swiftpm.sh test" not in run:
        problems.append(".ci/run no longer runs the README's two commands")


def check_references(binary, problems):
    with tempfile.TemporaryDirectory() as folder:
        result = subprocess.run(
            [sys.executable, str(ROOT / ".ci/generate-reference.py"), binary, "--into", folder],
            capture_output=True, text=True)
        if result.returncode != 0:
            problems.append(f".ci/generate-reference.py failed: {result.stderr.strip()}")
            return
        for document, file in REFERENCES.items():
            fresh = (pathlib.Path(folder) / file).read_text(encoding="utf-8")
            kept = (ROOT / document).read_text(encoding="utf-8") if (ROOT / document).exists() else ""
            if fresh != kept:
                problems.append(f"{document} is not what {binary} generates: "
                                f"run python3 .ci/generate-reference.py {binary}")


def main():
    arguments = sys.argv[1:]
    binary = arguments[arguments.index("--gazette") + 1] if "--gazette" in arguments else None
    types, targets = declared(), package_targets()
    modules = set(targets)
    problems = []
    for path in documents():
        text = path.read_text(encoding="utf-8")
        check_names(path, text, types, modules, problems)
        check_links(path, text, problems)
        check_headings(path, text, problems)
    check_targets(targets, problems)
    check_quick_start(problems)
    if binary:
        check_references(binary, problems)
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(f"{len(documents())} documents: every type, target, path and link they name exists; "
              "the target table is Package.swift's; the quick start is CI's"
              + ("; the generated references are current" if binary else
                 " (the generated references not checked: give --gazette BIN)"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
