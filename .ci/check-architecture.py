#!/usr/bin/env python3
"""docs/ARCHITECTURE.md stays true to the code: every type it names in backticks (`ReportRun`,
`BuildCache.ReportKeyBase`, `ReportKindUnit.Figures`) is declared in Sources/, Tests/ or Plugins/,
and every target it names is one. A name of Swift's or Foundation's own is left out.

Usage: .ci/check-architecture.py   (from anywhere)
"""
import pathlib, re, sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# Names of the language and its libraries the document may use.
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
    "Mirror", "StaticString", "MustacheParent", "LLVMFuzzerRunDriver",
}
# Header fields of a message the document names the way they are written.
HEADERS = {"References"}
DECLARATION = re.compile(
    r"\b(?:struct|class|enum|protocol|typealias|actor|associatedtype)\s+([A-Z][A-Za-z0-9_]*)")
CASE = re.compile(r"\bcase\s+([a-z][A-Za-z0-9_]*)")


def declared():
    names = set()
    for folder in ("Sources", "Tests", "Plugins", "Fuzz/Sources"):
        for path in (ROOT / folder).rglob("*.swift"):
            names.update(DECLARATION.findall(path.read_text(encoding="utf-8", errors="replace")))
    return names


def targets():
    package = (ROOT / "Package.swift").read_text(encoding="utf-8")
    return set(re.findall(r'name:\s*"([A-Za-z0-9]+)"', package))


def main():
    text = (ROOT / "docs/ARCHITECTURE.md").read_text(encoding="utf-8")
    types, modules = declared(), targets()
    missing = []
    for token in sorted(set(re.findall(r"`([^`\n]+)`", text))):
        # A type, or a type's member type: UpperCamelCase words joined by dots, nothing else.
        if not re.fullmatch(r"[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*(\.[A-Z][A-Za-z0-9]*)*", token):
            continue
        for name in token.split("."):
            if name not in types and name not in modules and name not in LIBRARY | HEADERS:
                missing.append((token, name))
    for token, name in missing:
        print(f"docs/ARCHITECTURE.md names `{token}`, but no {name} is declared in the code", file=sys.stderr)
    if not missing:
        print("every type and target docs/ARCHITECTURE.md names exists")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
