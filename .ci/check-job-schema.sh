#!/usr/bin/env bash
# Job files against `gazette schema` with check-jsonschema (PyPI): every job file in the repository
# and every job in the YAML blocks of the README and docs/**/*.md must validate.
# (The message catalogs in Templates/messages/ and the GitHub Action's action.yml are YAML but not jobs.)
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
# The documents' job examples: YAML blocks with a top-level reports: key.
python3 - "$WORK" <<'PY'
import pathlib, re, sys
work = pathlib.Path(sys.argv[1])
documents = [pathlib.Path("README.md"), *sorted(pathlib.Path("docs").rglob("*.md"))]
blocks = [b for doc in documents for b in re.findall(r"```yaml\n(.*?)```", doc.read_text(encoding="utf-8"), re.S)]
jobs = [b for b in blocks if re.search(r"^reports:", b, re.M)]
for n, block in enumerate(jobs):
    (work / f"readme-{n}.yml").write_text(block, encoding="utf-8")
print(f"{len(jobs)} job(s) in the README and docs")
PY
# The starter job gazette init writes.
"$BIN" init "$WORK/starter" >/dev/null
files=("$WORK"/readme-*.yml "$WORK/starter/gazette.yml")
while IFS= read -r file; do files+=("$file"); done < <(git ls-files '*.yml' '*.yaml' | grep -v '^.github/' | grep -v '^Templates/messages/' | grep -vx 'action.yml')
python3 -m check_jsonschema --schemafile "$WORK/job.schema.json" "${files[@]}"

# A typo in a workouts report is named as the wrong key, not answered with another kind's `kind`
# (the schema selects each kind's keys by its kind, item 5 of issue 29).
printf 'reports:\n  - kind: workouts\n    inptus: [a.txt]\n' > "$WORK/typo.yml"
if message="$(python3 -m check_jsonschema --schemafile "$WORK/job.schema.json" "$WORK/typo.yml" 2>&1)"; then
    echo "a job with inptus: passed the schema" >&2; exit 1
fi
echo "$message"
grep -q "('inptus' was unexpected)" <<<"$message" || { echo "the message does not name inptus" >&2; exit 1; }
if grep -q "was expected" <<<"$message"; then echo "the message names another kind" >&2; exit 1; fi
printf 'reports:\n  - kind: credit-score\n    input: a.json\n    formula: epley\n' > "$WORK/other-kind.yml"
message="$(python3 -m check_jsonschema --schemafile "$WORK/job.schema.json" "$WORK/other-kind.yml" 2>&1)" && exit 1
grep -q "('formula' was unexpected)" <<<"$message" || { echo "$message" >&2; echo "a workouts key in a credit-score report is not named" >&2; exit 1; }
echo "schema messages name the wrong key"
