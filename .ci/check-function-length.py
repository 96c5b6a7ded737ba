#!/usr/bin/env python3
"""No function of Gazette's sources is longer than 80 lines: every `func`, `init`, `deinit`,
`subscript` and accessor-less closure-bodied declaration, from its first line to its closing
brace. Strings (one-line, multi-line and raw) and comments are skipped when braces are counted.

Usage: .ci/check-function-length.py [LIMIT] (from anywhere; reads Sources/ and Plugins/)
"""
import pathlib, re, sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LIMIT = int(sys.argv[1]) if len(sys.argv) > 1 else 80
DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|open|static|class|final|"
    r"override|mutating|nonmutating|convenience|required|nonisolated|dynamic|lazy|indirect)(?:\([^)]*\))?\s+)*"
    r"(?:func\s+[^\s(<]+|init[?!]?\s*[(<]|deinit\b|subscript\s*[(<])")


def code_only(text: str) -> str:
    """`text` with every string literal's and comment's characters made spaces (line ends kept),
    so braces in them do not count."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text[i] == '"' or (text[i] == "#" and re.match(r'#+"', text[i:])):
            hashes = len(re.match(r"#*", text[i:]).group(0))
            start = i + hashes
            multi = text.startswith('"""', start)
            quote = '"""' if multi else '"'
            close = quote + "#" * hashes
            j = start + len(quote)
            while j < n:
                if hashes == 0 and text[j] == "\\":
                    j += 2
                    continue
                if text.startswith(close, j):
                    j += len(close)
                    break
                if not multi and text[j] == "\n":
                    break
                j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def long_functions(path: pathlib.Path):
    original = path.read_text(encoding="utf-8").split("\n")
    lines = code_only(path.read_text(encoding="utf-8")).split("\n")
    for number, line in enumerate(lines):
        if not DECLARATION.match(line):
            continue
        depth, opened = 0, False
        for end in range(number, len(lines)):
            for character in lines[end]:
                if character == "{":
                    depth, opened = depth + 1, True
                elif character == "}":
                    depth -= 1
            # A protocol's requirement has no body: the declaration ends before any brace.
            if not opened and end > number and not lines[end].strip().startswith(("->", "where", "throws", "async")):
                if lines[end - 1].rstrip().endswith(")") or lines[end].strip() == "":
                    break
            if opened and depth <= 0:
                length = end - number + 1
                if length > LIMIT:
                    yield number + 1, length, original[number].strip()
                break


def main() -> int:
    found = []
    for folder in ("Sources", "Plugins"):
        for path in sorted((ROOT / folder).rglob("*.swift")):
            for line, length, text in long_functions(path):
                found.append(f"{path.relative_to(ROOT)}:{line}: {length} lines: {text[:100]}")
    for entry in found:
        print(entry, file=sys.stderr)
    if found:
        print(f"{len(found)} functions are longer than {LIMIT} lines: split them", file=sys.stderr)
        return 1
    print(f"every function of Sources/ and Plugins/ is within {LIMIT} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
