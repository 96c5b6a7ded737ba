#!/usr/bin/env bash
# Real-browser test of the next-to-go page and its countdown.js (issue 5, item 5).
#
# Builds next-to-go pages from ../shared/data/nextraces_9_mixed.json with known --now values,
# loads them in headless Chromium, its clock set to the build's now and advanced by virtual time
# (--virtual-time-budget), and checks the dumped DOM: a race leaves one minute after its start,
# the next one is revealed so five stay on show, the countdowns move, and an exhausted list says so.
#
# Needs Debian's `chromium` (apt-get install chromium). Usage: .ci/browser-test.sh [gazette-binary]
set -euo pipefail
cd "$(dirname "$0")/.."

BIN="${1:-$(swift build --show-bin-path)/gazette}"
DATA="$(cd .. && pwd)/shared/data/nextraces_9_mixed.json"
CHROMIUM="$(command -v chromium || command -v chromium-browser || true)"
[ -x "$BIN" ] || { echo "no gazette binary at $BIN (run swift build)"; exit 2; }
[ -f "$DATA" ] || { echo "missing sample $DATA"; exit 2; }
[ -n "$CHROMIUM" ] || { echo "chromium is not installed (apt-get install chromium)"; exit 2; }

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
FAILED=0

check() {  # check DESCRIPTION COMMAND...
  local what="$1"; shift
  if "$@"; then echo "  ok: $what"; else echo "  FAILED: $what"; FAILED=1; fi
}

# build NAME NOW: a site from the sample at NOW (Unix seconds) into $WORK/NAME.
build() {
  mkdir -p "$WORK/$1"
  (cd "$WORK/$1" && "$BIN" build --next-to-go "$DATA" --now "$2" --jobs 1 --quiet)
}

# clocked PAGE SECONDS: a copy of PAGE beside it whose clock (Date) reads SECONDS (Unix) as it loads
# and runs on from there; countdown.js counts from the reader's clock, so it sees that time.
clocked() {
  local copy="${1%.html}-clocked.html"
  sed "s#<head>#<head><script>(function () { var R = Date, s = $2 * 1000 - R.now(); class D extends R { constructor(...a) { if (a.length === 0) super(R.now() + s); else super(...a); } static now() { return R.now() + s; } } window.Date = D; })();</script>#" "$1" > "$copy"
  echo "$copy"
}

# dom PAGE BUDGET_MS OUT: the page's DOM after BUDGET_MS of virtual time.
dom() {
  "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$WORK/profile" \
    --virtual-time-budget="$2" --dump-dom "file://$1" > "$3" 2>"$WORK/chromium.log" \
    || { cat "$WORK/chromium.log"; return 1; }
}

shown() {  # meeting and race of each visible row, in order: "Palermo race 11"
  grep -o '<li class="ntg-race[^>]*>' "$1" | grep -v 'hidden=' | sed -E 's/.*data-label="([^,]*),.*/\1/'
}
countdown() {  # the countdown text of the row labelled $2
  grep -A6 "data-label=\"$2," "$1" | grep -o '<time class="ntg-countdown"[^>]*>[^<]*' | sed 's/.*>//' | head -1
}
status() { grep -o '<p class="ntg-status" role="status">[^<]*' "$1" | sed 's/.*>//'; }

echo "== a race leaves at start + 60 s and the next takes its place"
# Ten seconds before Palermo race 11 leaves (it started 50 s ago); 15 s of virtual time passes.
build leave 1687208750
PAGE="$WORK/leave/Output/next-to-go/index.html"
dom "$(clocked "$PAGE" 1687208750)" 15000 "$WORK/leave.html"
check "the build showed Palermo race 11 first" test "$(shown "$PAGE" | head -1)" = "Palermo race 11"
check "the script ran" grep -q 'data-live="true"' "$WORK/leave.html"
check "Palermo race 11 left the page" bash -c "! grep -q 'data-label=\"Palermo race 11,' '$WORK/leave.html'"
check "five races remain on show" test "$(shown "$WORK/leave.html" | wc -l)" -eq 5
check "Prairie Meadows race 3 was revealed fifth" test "$(shown "$WORK/leave.html" | tail -1)" = "Prairie Meadows race 3"
BEFORE="$(countdown "$PAGE" "Plainridge Racecourse race 5")"
AFTER="$(countdown "$WORK/leave.html" "Plainridge Racecourse race 5")"
check "the countdown moved ($BEFORE -> $AFTER)" test "$BEFORE" = "14m" -a "$AFTER" = "13m"
check "the sentence follows the countdown" grep -q 'Plainridge Racecourse race 5, harness racing, starts in 13 minutes.' "$WORK/leave.html"

echo "== seconds tick, and a race that has jumped counts below zero"
# Plainridge Racecourse race 5 starts 20 s after this build, Santiago race 12 80 s after;
# 65.5 s of virtual time pass (the half second covers the page's load).
build tick 1687209580
PAGE="$WORK/tick/Output/next-to-go/all.html"
dom "$(clocked "$PAGE" 1687209580)" 65500 "$WORK/tick.html"
BEFORE="$(countdown "$PAGE" "Santiago race 12")"
AFTER="$(countdown "$WORK/tick.html" "Santiago race 12")"
check "Santiago race 12 counts down in seconds ($BEFORE -> $AFTER)" test "$BEFORE" = "1m 20s" -a "$AFTER" = "15s"
BEFORE="$(countdown "$PAGE" "Plainridge Racecourse race 5")"
AFTER="$(countdown "$WORK/tick.html" "Plainridge Racecourse race 5")"
check "Plainridge Racecourse race 5 jumped and stays a minute ($BEFORE -> $AFTER)" test "$BEFORE" = "20s" -a "$AFTER" = "-45s"

echo "== an exhausted list says so"
# Ten seconds before the last race (Manawatu race 2) starts; after 75 s it has left too. A list
# still naming races that started four hours before is old data: past next to go's default
# error-after (an hour) the build would keep the last good pages, so the job allows a day.
mkdir -p "$WORK/empty"
printf 'reports:\n  - kind: next-to-go\n    input: %s\n    fresh: {error-after: 1d}\n' "$DATA" > "$WORK/empty/gazette.yml"
(cd "$WORK/empty" && "$BIN" build --now 1687220990 --jobs 1 --quiet)
dom "$(clocked "$WORK/empty/Output/next-to-go/index.html" 1687220990)" 75000 "$WORK/empty.html"
check "no race on show" test "$(shown "$WORK/empty.html" | wc -l)" -eq 0
check "the page says there are none, as of the build" test "$(status "$WORK/empty.html")" = "No races left to go: every race listed at the build (00:29 UTC) has gone."

if [ "$FAILED" -ne 0 ]; then echo "browser test FAILED"; exit 1; fi
echo "browser test passed"
