#!/usr/bin/env bash
# Prints a PATH that finds every program the current PATH finds but the ones named, so a test run
# can show what a machine without them sees (tests look their tools up on PATH, as a shell does).
#   PATH=$(.ci/path-without.sh qpdf pdftotext) swift test
set -euo pipefail
farm=$(mktemp -d /tmp/gazette-path.XXXXXX)
declare -A hidden=()
for name in "$@"; do hidden[$name]=1; done
IFS=: read -r -a folders <<<"$PATH"
for folder in "${folders[@]}"; do
    [ -d "$folder" ] || continue
    for program in "$folder"/*; do
        name=$(basename "$program")
        [ -x "$program" ] && [ ! -d "$program" ] || continue
        [ -z "${hidden[$name]:-}" ] || continue
        [ -e "$farm/$name" ] || ln -s "$program" "$farm/$name"
    done
done
echo "$farm"
