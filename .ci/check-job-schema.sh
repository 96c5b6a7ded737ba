#!/usr/bin/env bash
# Job files against `gazette schema` with check-jsonschema (PyPI): every job file in the repository
# and every job in the README's YAML blocks must validate.
#
# Usage: .ci/check-job-schema.sh GAZETTE
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="$1"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
# Run as a module: a freshly installed console script may not be on PATH yet (pyenv needs a rehash).
python3 -c 'import check_jsonschema' 2>/dev/null || python3 -m pip install -q check-jsonschema
"$BIN" schema > "$WORK/job.schema.json"
# The README's job examples: YAML blocks with a top-level reports: key.
python3 - "$WORK" <<'PY'
import pathlib, re, sys
work = pathlib.Path(sys.argv[1])
blocks = re.findall(r"```yaml\n(.*?)```", pathlib.Path("README.md").read_text(encoding="utf-8"), re.S)
jobs = [b for b in blocks if re.search(r"^reports:", b, re.M)]
for n, block in enumerate(jobs):
    (work / f"readme-{n}.yml").write_text(block, encoding="utf-8")
print(f"{len(jobs)} job(s) in the README")
PY
files=("$WORK"/readme-*.yml)
while IFS= read -r file; do files+=("$file"); done < <(git ls-files '*.yml' '*.yaml' | grep -v '^.github/')
python3 -m check_jsonschema --schemafile "$WORK/job.schema.json" "${files[@]}"
