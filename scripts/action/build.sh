#!/usr/bin/env bash
# The action's second step: `gazette build` with the annotations and the step summary
# (--summary github), on the clock of the commit being built unless GAZETTE_ACTION_NOW says
# otherwise, so rerunning one commit gives the same bytes (and sends nothing twice with --send).
# Exits with gazette's status: 1 when a report failed (the others are still built), 64 or 65
# when the job or a template is wrong. With the memory branch (state.sh), the histories and the
# send log are read from it and the messages are dated when they are sent.
set -euo pipefail
workspace="${GITHUB_WORKSPACE:-$PWD}"
cd "$workspace"
# `args` as a shell would split it: quotes keep a value with spaces whole
# (--email-to "Sam Lee <sam@example.org>"), without running anything.
extra=()
if [ -n "${GAZETTE_ACTION_ARGS:-}" ]; then
  mapfile -d '' extra < <(xargs printf '%s\0' <<<"$GAZETTE_ACTION_ARGS")
fi
if [ -n "${GAZETTE_ACTION_MERGE:-}" ]; then
  # shellcheck disable=SC2206
  parts=($GAZETTE_ACTION_MERGE)
  output="${GAZETTE_ACTION_OUTPUT:-Output}"
  [ -n "${GITHUB_OUTPUT:-}" ] && echo "output=$output" >>"$GITHUB_OUTPUT"
  echo "gazette merge ${parts[*]} --output $output --summary github ${extra[*]}"
  exec gazette merge "${parts[@]}" --output "$output" --summary github "${extra[@]}"
fi
now="${GAZETTE_ACTION_NOW:-}"
if [ -z "$now" ]; then
  # The commit's time: the same for every run of one commit, scheduled runs included.
  now="$(git -C "$workspace" log -1 --format=%ct 2>/dev/null || true)"
  [ -n "$now" ] || { echo "::warning title=Gazette::no commit to take the clock from: building on the real clock"; }
fi
arguments=(build)
[ -n "${GAZETTE_ACTION_JOB:-}" ] && arguments+=("$GAZETTE_ACTION_JOB")
arguments+=(--summary github)
[ -n "$now" ] && arguments+=(--now "$now")
[ -n "${GAZETTE_ACTION_OUTPUT:-}" ] && arguments+=(--output "$GAZETTE_ACTION_OUTPUT")
[ -n "${GAZETTE_ACTION_CACHE:-}" ] && arguments+=(--cache "$GAZETTE_ACTION_CACHE")
[ "${GAZETTE_ACTION_SEND:-false}" = "true" ] && arguments+=(--send)
# The memory restored from the branch (state.sh): the histories to continue and the send log.
if [ -n "${GAZETTE_STATE_DIR:-}" ]; then
  arguments+=(--history-from "$GAZETTE_STATE_DIR/history" --send-log "$GAZETTE_STATE_DIR/sent.log")
fi
arguments+=("${extra[@]}")
echo "gazette ${arguments[*]}"
status=0
gazette "${arguments[@]}" || status=$?
# gazette sets the step's output to the folder it built (the job's own output when the action
# names none); a build stopped before reading the job sets none, so the default is named then.
if [ -n "${GITHUB_OUTPUT:-}" ] && ! grep -q '^output=' "$GITHUB_OUTPUT" 2>/dev/null; then
  echo "output=${GAZETTE_ACTION_OUTPUT:-Output}" >>"$GITHUB_OUTPUT"
fi
exit "$status"
