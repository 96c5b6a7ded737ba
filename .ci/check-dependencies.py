#!/usr/bin/env python3
"""The dependencies each target declares in Package.swift equal the modules its Swift files import:
none missing (a target that builds only because another target pulled the module in) and none
unused (a declared module that no file imports). Modules of the toolchain are left out.
Only the drawing targets (and the tests) depend on a Cairo target: reading a job, presenting a report
or naming a paper size must not link Cairo. At most three test targets link SiteBuild (the whole
program: the build's own, the command line's and the end-to-end one): a module's tests link that
module and a thin helper.

Usage: .ci/check-dependencies.py   (from anywhere; reads `swift package dump-package`)
"""
import json, pathlib, re, subprocess, sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TOOLCHAIN = {"Foundation", "FoundationEssentials", "FoundationNetworking", "Glibc", "Darwin", "Dispatch", "XCTest",
             "Testing", "Synchronization", "FoundationXML", "_FoundationICU", "_Concurrency", "os", "PackagePlugin", "CoreFoundation", "Musl", "Android"}
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?import\s+"
                    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)", re.M)
CAIRO = {"CCairo", "CPNG", "Canvas"}
# C modules a package builds into its product: importing one is using that product (Jobs reads
# libyaml's events through Yams' CYaml to bound alias expansion before Yams composes the file).
INSIDE_PRODUCT = {"CYaml": "Yams"}
DRAWING = {"Canvas", "ChartDrawing", "Rendering", "SiteBuild", "GazetteBench", "GazettePictureTestSupport"}


def main() -> int:
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                                        capture_output=True, text=True).stdout)
    problems = []
    executables = {t["name"] for t in package["targets"] if t["type"] == "executable"}
    for target in package["targets"]:
        if target["type"] in ("system", "plugin", "binary", "macro"):
            continue
        default = "Tests" if target["type"] == "test" else "Sources"
        folder = ROOT / (target.get("path") or f"{default}/{target['name']}")
        excluded = [folder / e for e in target.get("exclude", [])]
        files = [f for f in folder.rglob("*.swift") if not any(f.is_relative_to(e) for e in excluded)]
        if not files:
            continue  # a C target: its headers, not Swift imports, say what it uses
        imported = set()
        for file in files:
            imported |= set(IMPORT.findall(file.read_text(encoding="utf-8")))
        imported -= TOOLCHAIN
        imported = {INSIDE_PRODUCT.get(module, module) for module in imported}
        imported.discard(target["name"])
        declared = set()
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            # An executable a target depends on is built for it to run, not imported.
            if value[0] not in executables:
                declared.add(value[0])
        for module in sorted(imported - declared):
            problems.append(f"{target['name']}: imports {module} but does not declare it in Package.swift")
        for module in sorted(declared - imported):
            problems.append(f"{target['name']}: declares {module} but no file imports it")
    for target in package["targets"]:
        if target["type"] == "test" or target["name"] in DRAWING:
            continue
        for dependency in target["dependencies"]:
            module = next(iter(dependency.values()))[0]
            if module in CAIRO:
                problems.append(f"{target['name']}: depends on {module}, a Cairo target; only "
                                f"{', '.join(sorted(DRAWING))} and the tests may")
    by_name = {t["name"]: t for t in package["targets"]}

    def closure(name, seen):
        for dependency in by_name.get(name, {}).get("dependencies", []):
            module = next(iter(dependency.values()))[0]
            if module in by_name and module not in seen:
                seen.add(module)
                closure(module, seen)
        return seen

    tests = [t["name"] for t in package["targets"] if t["type"] == "test"]
    whole = sorted(name for name in tests if "SiteBuild" in closure(name, set()))
    if len(whole) > 3:
        problems.append(f"{len(whole)} of {len(tests)} test targets link SiteBuild ({', '.join(whole)}); "
                        "at most three may (SiteBuildTests, CommandLineTests, EndToEndTests)")
    for line in problems:
        print(line, file=sys.stderr)
    if not problems:
        print("every target declares exactly what it imports; "
              f"{len(whole)} of {len(tests)} test targets link SiteBuild")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
