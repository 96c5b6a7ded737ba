#!/usr/bin/env bash
# Builds the sites that the HTML checkers look at (issue 6, items 4 and 5) into one folder:
#
#   DIR/plain/            the demo site, `gazette build --now …`
#   DIR/self-contained/   the demo site with --self-contained (CSS inline, charts as data URIs)
#   DIR/email/            the demo site with --email; each <report>/report.eml's text/html part
#                         is extracted beside it as <report>/report.eml.html
#   DIR/failing/          a job whose reports fail on their input (error pages, failed cards) next
#                         to ones that build with warnings (the warnings notice) and empty ones
#                         (no races, no sets, no race left to go)
#   DIR/failing-self-contained/  the same job with --self-contained --email
#   DIR/market/           race cards with market moves (issue 53): the Neds fixture meeting (its
#                         flucs give moves on one build) and a card built twice with changed prices,
#                         so steamers, drifters, sparklines and the chart's opening marks are checked
#
# Usage: .ci/build-check-sites.sh GAZETTE_BINARY DIR   (DIR is created; it must not exist or be empty)
set -euo pipefail

BIN="$1"
DIR="$2"
NOW="2023-11-04T05:50:00Z"
[ -x "$BIN" ] || { echo "no gazette binary at $BIN (run swift build)" >&2; exit 2; }
mkdir -p "$DIR"
DIR="$(cd "$DIR" && pwd)"

"$BIN" build --now "$NOW" --jobs 2 --quiet --output "$DIR/plain"
"$BIN" build --now "$NOW" --jobs 2 --quiet --output "$DIR/self-contained" --self-contained
"$BIN" build --now "$NOW" --jobs 2 --quiet --output "$DIR/email" --email

# A job with broken inputs of every kind (each gets an error page and a failed card on the
# index), a credit report that builds with warnings (a score outside its range, an unknown band),
# and empty inputs: a card without races, a log without sets and, with ../shared/data beside the
# repo, a next-to-go feed whose races have all gone at the build's time.
INPUTS="$DIR/failing-inputs"
mkdir -p "$INPUTS"
printf '{"creditReportInfo": {"score": "x"' > "$INPUTS/broken.json"
printf 'Oct 11 2017,Back Squat,1,10,45\nnot a workout line\n' > "$INPUTS/broken-log.txt"
cat > "$INPUTS/warned.json" <<'EOF'
{"creditReportInfo":{"score":750,"scoreBand":7,"maxScoreValue":700,"minScoreValue":0,"percentageCreditUsed":120,"percentageCreditUsedDirectionFlag":1,"changedScore":-12,"currentShortTermDebt":13758,"currentShortTermCreditLimit":10000,"currentShortTermCreditUtilisation":137,"changeInShortTermDebt":549,"currentLongTermDebt":24682,"currentLongTermCreditLimit":null,"currentLongTermCreditUtilisation":null,"changeInLongTermDebt":-327,"numPositiveScoreFactors":2,"numNegativeScoreFactors":3,"equifaxScoreBandDescription":"Unknown","daysUntilNextReport":9}}
EOF
printf '[]' > "$INPUTS/empty-card.json"
: > "$INPUTS/empty-log.txt"
cat > "$INPUTS/job.yml" <<'EOF'
title: Broken and empty inputs <&> "quoted"
reports:
  - kind: credit-score
    title: Broken credit report
    input: broken.json
  - kind: credit-score
    title: Credit report with warnings
    input: warned.json
  - kind: workouts
    title: Broken training log
    input: broken-log.txt
  - kind: race-card
    title: Broken race card
    input: broken.json
  - kind: next-to-go
    title: Broken next to go
    input: broken.json
  - kind: race-card
    title: Empty race card
    input: empty-card.json
  - kind: workouts
    title: Empty training log
    input: empty-log.txt
EOF
SHARED_FEED="$(cd "$(dirname "$0")/../.." && pwd)/shared/data/nextraces_7ids_6summaries.json"
if [ -f "$SHARED_FEED" ]; then
  printf '  - kind: next-to-go\n    title: No race left to go\n    input: %s\n' "$SHARED_FEED" >> "$INPUTS/job.yml"
fi
for mode in failing failing-self-contained; do
  extra=()
  [ "$mode" = failing-self-contained ] && extra=(--self-contained --email)
  status=0
  "$BIN" build "$INPUTS/job.yml" --now "$NOW" --jobs 2 --quiet --output "$DIR/$mode" "${extra[@]}" \
    2>"$DIR/$mode.log" || status=$?
  # Exit status 1 is the expected "a report failed on its input"; anything else is a real failure.
  if [ "$status" -ne 1 ]; then
    cat "$DIR/$mode.log" >&2
    echo "the failing job exited $status, not 1" >&2
    exit 1
  fi
  if ! ls "$DIR/$mode"/*/index.html >/dev/null 2>&1; then echo "no error pages in $DIR/$mode" >&2; exit 1; fi
done

# Market moves: the Neds fixture meeting, and a card whose second build moved its prices.
MARKET="$DIR/market-inputs"
mkdir -p "$MARKET"
cp "$(dirname "$0")/../Tests/Fixtures/race-card-neds.json" "$MARKET/neds.json"
card() {
  printf '[{"race_summary": {"name": "Wattle Park Cup", "course_name": "Wattle Park", "date": "2026-11-28", "time": "14:05"}, "rides": [
    {"cloth_number": 1, "horse": {"name": "Gable End"}, "current_odds": "%s", "formsummary": "2131"},
    {"cloth_number": 2, "horse": {"name": "Harbour Light"}, "current_odds": "%s", "formsummary": "1121"},
    {"cloth_number": 3, "horse": {"name": "Juniper"}, "current_odds": "7/2", "withdrawn": %s}]}]' "$1" "$2" "$3" \
    > "$MARKET/card.json"
}
printf 'title: Market moves\nreports:\n  - kind: race-card\n    title: Meeting\n    input: neds.json\n    timezone: Australia/Sydney\n  - kind: race-card\n    title: Card\n    input: card.json\n' \
  > "$MARKET/job.yml"
card "9/2" "2/1" false
"$BIN" build "$MARKET/job.yml" --now "2026-11-28T00:00:00Z" --jobs 2 --quiet --output "$DIR/market" --email
card "5/2" "3/1" true
"$BIN" build "$MARKET/job.yml" --now "2026-11-28T01:00:00Z" --jobs 2 --quiet --output "$DIR/market" --email

# The HTML part of every e-mail message, as the mail client will see it.
python3 - "$DIR" <<'EOF'
import email, pathlib, sys
from email import policy

root = pathlib.Path(sys.argv[1])
count = 0
for eml in sorted(root.rglob("report.eml")):
    message = email.message_from_bytes(eml.read_bytes(), policy=policy.default)
    parts = [p for p in message.walk() if p.get_content_type() == "text/html"]
    if len(parts) != 1:
        sys.exit(f"{eml}: expected one text/html part, found {len(parts)}")
    html = parts[0].get_payload(decode=True)
    (eml.parent / "report.eml.html").write_bytes(html)
    count += 1
if count == 0:
    sys.exit(f"no report.eml under {root}")
print(f"extracted the HTML of {count} e-mail messages")
EOF
