#!/usr/bin/env bash
# Builds the libFuzzer harnesses and runs each for a bounded time or number of runs.
#   Fuzz/run.sh [SECONDS_PER_HARNESS] [HARNESS...]        (default 60 s, every harness)
#   GAZETTE_FUZZ_RUNS=1000000 Fuzz/run.sh 0 workouts      (a number of executions instead)
# The harnesses are built by Fuzz/build.sh. Seeds come from
# Fuzz/seeds (our own fixtures); what a run learns goes to Fuzz/corpus-run, crashes to
# Fuzz/findings. Exit status is non-zero on any finding.
set -euo pipefail
cd "$(dirname "$0")"
SECONDS_EACH="${1:-60}"
shift || true
HARNESSES=("$@")
[ ${#HARNESSES[@]} -gt 0 ] || HARNESSES=(workouts csv race-card next-to-go credit json job template)

# Leaks are not what fuzzing looks for, in the harness or in what it calls.
export SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0
# CI builds them beforehand, in the background, and says so (GAZETTE_FUZZ_BUILT=1): a second
# `swift build` there relinks the plugins' tools (a minute) for nothing.
[ -n "${GAZETTE_FUZZ_BUILT:-}" ] || ./build.sh
BIN=.build-fuzz/release/GazetteFuzz
mkdir -p findings
status=0
for harness in "${HARNESSES[@]}"; do
  mkdir -p "corpus-run/$harness" "seeds/$harness"
  limit=(-max_total_time="$SECONDS_EACH")
  [ -n "${GAZETTE_FUZZ_RUNS:-}" ] && limit=(-runs="$GAZETTE_FUZZ_RUNS")
  echo "== $harness"
  if ! "$BIN" "$harness" "${limit[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
      -artifact_prefix="findings/$harness-" -print_final_stats=1 "corpus-run/$harness" "seeds/$harness" 2>"findings/$harness.log"; then
    echo "   FAILED: see Fuzz/findings/$harness.log"; status=1
  fi
  { grep -E "stat::number_of_executed_units|cov: " "findings/$harness.log" || true; } | tail -2 | sed "s/^/   /"
done
exit $status
