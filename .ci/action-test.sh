#!/usr/bin/env bash
# The GitHub Action run for real, as a runner runs it (.ci/action-runner.py: its composite steps in
# order, with the GITHUB_* variables and files), three scheduled runs in a row, each in a fresh
# clone of a local bare repository (a runner keeps nothing), sending through the Postfix that
# .ci/mail-servers.sh started:
#   1. every report is sent, and the memory branch is made;
#   2. nothing changed: nothing is sent;
#   3. one lifter's log changed and the credit report is broken: that lifter's report alone is
#      sent, the run fails (exit 1), and its memory is still pushed.
# The lifters' feeds gain entries run after run, messages are dated when sent (not at the commit's
# old time), and the branch holds no address of the recipients. Then: the branch deleted (every
# report goes once more); a remote that refuses fetches (the run stops before building, mails
# nothing, and says why with git's message); a recipient key (the log's digests keyed once, the
# branch replaced by one commit, nothing sent again); a lost race merged; a remote that refuses
# the push (git's message and an error at once, no ten retries).
# Usage: .ci/action-test.sh GAZETTE_BINARY   (with the GAZETTE_TEST_SMTP_* exports of mail-servers.sh)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
binary=$(realpath "$1")
: "${GAZETTE_TEST_SMTP_URL:?start .ci/mail-servers.sh first}"
python3 -c 'import yaml' 2>/dev/null || pip install -q pyyaml >/dev/null
work=$(mktemp -d /tmp/gazette-action-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin"
ln -s "$binary" "$work/bin/gazette"
export PATH="$work/bin:$PATH"
export GIT_AUTHOR_NAME=Coach GIT_AUTHOR_EMAIL=coach@localhost GIT_COMMITTER_NAME=Coach GIT_COMMITTER_EMAIL=coach@localhost
recipient=$GAZETTE_TEST_SMTP_RECIPIENT
maildir="$(getent passwd "${recipient%@*}" | cut -d: -f6)/Maildir"
delivered() { { find "$maildir/new" "$maildir/cur" -type f 2>/dev/null || true; } | wc -l; }

# The repository: a job of three reports, each mailed to the test recipient.
git init -q --bare -b main "$work/origin.git"
git clone -q "$work/origin.git" "$work/seed" 2>/dev/null
cp "$here/Tests/Fixtures/credit-report.json" "$work/seed/credit.json"
cp "$here/Tests/Fixtures/workouts.txt" "$work/seed/alex.txt"
head -200 "$here/Tests/Fixtures/workouts.txt" >"$work/seed/sam.txt"
cat >"$work/seed/reports.yml" <<YAML
title: Club reports
email: {from: "Reports <$GAZETTE_TEST_SMTP_USER>"}
reports:
  - {kind: credit-score, title: Credit, input: credit.json, email: {to: ["$recipient"]}}
  - {kind: workouts, title: Alex, input: alex.txt, email: {to: ["$recipient"]}}
  - {kind: workouts, title: Sam, input: sam.txt, email: {to: ["$recipient"]}}
YAML
# An old commit: the build's clock is its time; a message must still be dated when it is sent.
(cd "$work/seed" && git add -A && GIT_COMMITTER_DATE="2024-01-08T07:00:00Z" git commit -qm "Reports" \
  && git push -q origin HEAD:main)

# run NUMBER EXPECTED_STATUS [SETUP [INPUT=VALUE...]]: SETUP is run in the fresh clone first.
run() {
  local number=$1 expected_status=$2 setup=${3:-}
  shift "$(($# < 3 ? $# : 3))"
  git clone -q "$work/origin.git" "$work/run$number"
  [ -z "$setup" ] || (cd "$work/run$number" && eval "$setup")
  local status=0
  GAZETTE_SMTP_URL=$GAZETTE_TEST_SMTP_URL GAZETTE_SMTP_USER=$GAZETTE_TEST_SMTP_USER \
    GAZETTE_SMTP_PASSWORD=$GAZETTE_TEST_SMTP_PASSWORD GITHUB_RUN_ID=$number \
    python3 "$here/.ci/action-runner.py" "$here" "$work/run$number" --skip "Install Gazette" \
      job=reports.yml send=true args="--smtp-ca '$GAZETTE_TEST_SMTP_CA' --email-from 'Club Reports <$GAZETTE_TEST_SMTP_USER>'" \
      "$@" >"$work/run$number.log" 2>&1 || status=$?
  if [ "$status" != "$expected_status" ]; then
    tail -40 "$work/run$number.log"
    echo "run $number: exit $status, expected $expected_status"
    exit 1
  fi
}
wait_for() {
  local count=$1
  for _ in $(seq 100); do [ "$(delivered)" -ge "$count" ] && break; sleep 0.2; done
  [ "$(delivered)" -eq "$count" ] || { echo "expected $count messages in the mailbox, found $(delivered)"; exit 1; }
}
# The decoded subjects of the messages delivered after the file $1 was touched.
subjects_since() {
  find "$maildir/new" "$maildir/cur" -type f -newer "$1" -print0 | xargs -0 -r python3 -c '
import email, email.policy, sys
for path in sys.argv[1:]:
    print(email.message_from_binary_file(open(path, "rb"), policy=email.policy.default)["Subject"])' | sort
}

before=$(delivered)
touch "$work/mark1"
run 1 0
wait_for $((before + 3))
echo "run 1: 3 messages sent ($(subjects_since "$work/mark1" | tr '\n' ' '))"
grep -q "memory saved to the branch gazette-state" "$work/run1.log" || { tail -20 "$work/run1.log"; echo "run 1 saved no memory"; exit 1; }
date_line=$(find "$maildir/new" "$maildir/cur" -type f -newer "$work/mark1" -exec grep -h "^Date:" {} + | head -1)
case "$date_line" in *2024*) echo "a message is dated at the commit's time ($date_line), not when sent"; exit 1 ;; esac

touch "$work/mark2"
run 2 0
sleep 2
[ "$(delivered)" -eq $((before + 3)) ] || { echo "run 2 sent again what run 1 had sent"; exit 1; }
grep -q "Nothing changed since the last send: 3 reports" "$work/run2.log" || { tail -20 "$work/run2.log"; echo "run 2 did not say nothing changed"; exit 1; }
echo "run 2: nothing changed, nothing sent"

# Alex lifts more; the credit report breaks.
(cd "$work/seed" && git pull -q origin main && echo "Nov 13 2023,Deadlift,1,1,600" >>alex.txt \
  && echo "{ not json" >credit.json && git add -A \
  && GIT_COMMITTER_DATE="2024-01-15T07:00:00Z" git commit -qm "Alex lifted; the credit export broke" \
  && git push -q origin HEAD:main)
touch "$work/mark3"
run 3 1
wait_for $((before + 4))
new=$(subjects_since "$work/mark3")
case "$new" in *Alex*) ;; *) echo "run 3 sent $new, not Alex's report"; exit 1 ;; esac
echo "run 3: the credit report failed (exit 1), Alex's report alone sent ($new)"
grep -q "memory saved to the branch gazette-state" "$work/run3.log" || { tail -20 "$work/run3.log"; echo "run 3 did not push its memory"; exit 1; }

# The memory: Alex's feed has an entry per build that changed his figures; the branch names no one.
entries=$(grep -o "<entry>" "$work/run3/Output/alex/feed.xml" | wc -l)
[ "$entries" -eq 2 ] || { echo "Alex's feed has $entries entries after his log changed once"; exit 1; }
git clone -q --branch gazette-state "$work/origin.git" "$work/state"
if grep -rIl -e "$recipient" -e "$GAZETTE_TEST_SMTP_USER" --exclude-dir=.git "$work/state"; then
  echo "the memory branch holds an address"; exit 1
fi
lines=$(wc -l <"$work/state/sent.log")
[ "$lines" -eq 4 ] || { echo "the send log has $lines lines, expected 4"; exit 1; }
echo "memory branch: $(cd "$work/state" && find history -name history.json | wc -l) histories, $lines send-log lines, no address; Alex's feed: $entries entries"
echo "the action's three scheduled runs: all as expected"

# Starting afresh: the branch deleted, every report (but the broken credit report) goes once more;
# `state: ""` keeps no memory at all.
git -C "$work/origin.git" branch -D gazette-state >/dev/null
touch "$work/mark4"
run 4 1
wait_for $((before + 6))
echo "run 4, the branch deleted: every report that builds sent once more ($(subjects_since "$work/mark4" | tr '\n' ' '))"
GAZETTE_ACTION_STATE="" GITHUB_WORKSPACE="$work/run4" bash "$here/scripts/action/state.sh" restore | grep -q "no memory branch" \
  || { echo "state: \"\" still restored a memory"; exit 1; }

# A remote that refuses fetches (its upload-pack fails, as a network error or a missing
# permission would) while the branch is there: no first run on an empty send log, but a restore
# that fails with git's own message and an error, no build, no mail and no push.
cat >"$work/refuse-fetch" <<'SH'
#!/bin/sh
echo "fatal: refused for the test" >&2
exit 128
SH
# The same remote answering the first question (ls-remote: the branch is there) and refusing the
# fetch that follows.
cat >"$work/refuse-second" <<SH
#!/bin/sh
[ -e "$work/answered" ] || { touch "$work/answered"; exec git upload-pack "\$@"; }
echo "fatal: refused for the test" >&2
exit 128
SH
chmod +x "$work/refuse-fetch" "$work/refuse-second"
refused_failure() {  # LOG WHO: the log shows git's message and the error
  { grep -q "fatal: refused for the test" "$1" && grep -q "::error title=Gazette::could not read the memory branch gazette-state" "$1"; } \
    || { tail -30 "$1"; echo "$2: no git message or no error"; exit 1; }
}
tip=$(git -C "$work/origin.git" rev-parse gazette-state)
count=$(delivered)
run 5 1 "git config remote.origin.uploadpack '$work/refuse-fetch'"
sleep 2
[ "$(delivered)" -eq "$count" ] || { tail -30 "$work/run5.log"; echo "run 5 could not read the memory and still mailed $(($(delivered) - count)) messages"; exit 1; }
refused_failure "$work/run5.log" "run 5"
{ grep -q -- "--- Restore the memory: exit 1" "$work/run5.log" && grep -q -- "--- Build the reports: not run" "$work/run5.log" \
  && grep -q "no memory was restored: nothing to save" "$work/run5.log"; } \
  || { tail -30 "$work/run5.log"; echo "run 5: the restore did not fail, or the build or the save ran"; exit 1; }
[ "$(git -C "$work/origin.git" rev-parse gazette-state)" = "$tip" ] || { echo "run 5 moved the branch"; exit 1; }
git clone -q "$work/origin.git" "$work/half"
git -C "$work/half" config remote.origin.uploadpack "$work/refuse-second"
if GITHUB_WORKSPACE="$work/half" GAZETTE_STATE_DIR="$work/state-half" bash "$here/scripts/action/state.sh" restore >"$work/half.log" 2>&1; then
  cat "$work/half.log"; echo "a fetch refused after ls-remote found the branch was taken for a first run"; exit 1
fi
refused_failure "$work/half.log" "the fetch refused after ls-remote"
[ ! -e "$work/state-half" ] || { echo "a failed restore left a memory behind for save to push"; exit 1; }
GITHUB_WORKSPACE="$work/half" GAZETTE_STATE_DIR="$work/state-half" bash "$here/scripts/action/state.sh" save \
  | grep -q "no memory was restored: nothing to save" || { echo "save after a failed restore did not say it had nothing to save"; exit 1; }
echo "run 5, fetches refused: the run stopped before building, git's message and an error shown, nothing mailed or pushed"

# The recipient key of the runs from here on.
key="recipient-key=a secret for the test"
# A recipient key (the action's recipient-key, as GAZETTE_RECIPIENT_KEY): the send log's digests
# are keyed once, the older lines still count (nothing is sent again), and the branch is replaced
# by one commit, so no commit of it holds an unkeyed digest.
unkeyed='(^|[^-[:alnum:]])sha256:[0-9a-f]'
count=$(delivered)
git -C "$work/origin.git" show gazette-state:sent.log | grep -Eq "$unkeyed" || { echo "before the key, the send log holds no unkeyed digest to key"; exit 1; }
run 6 1 "" "$key"
sleep 2
[ "$(delivered)" -eq "$count" ] || { tail -30 "$work/run6.log"; echo "run 6, keyed, sent again $(($(delivered) - count)) messages already sent"; exit 1; }
grep -Eq "rekeyed [0-9]+ recipient digests? of the send log" "$work/run6.log" \
  || { tail -30 "$work/run6.log"; echo "run 6 did not say it rekeyed the send log"; exit 1; }
grep -q "as one commit without the older history" "$work/run6.log" \
  || { tail -30 "$work/run6.log"; echo "run 6 did not replace the branch by one commit"; exit 1; }
git clone -q --branch gazette-state "$work/origin.git" "$work/keyed"
if git -C "$work/keyed" log -p gazette-state | grep -E "$unkeyed"; then
  echo "the branch's history still holds unkeyed recipient digests"; exit 1
fi
keyed=$(grep -c "hmac-sha256:" "$work/keyed/sent.log" || true)
[ "$keyed" -gt 0 ] || { cat "$work/keyed/sent.log"; echo "the send log holds no keyed digest"; exit 1; }
commits=$(git -C "$work/keyed" rev-list --count gazette-state)
[ "$commits" -eq 1 ] || { echo "the keyed branch has $commits commits, expected one"; exit 1; }
echo "run 6, keyed: $keyed send-log lines keyed, the branch one commit with no unkeyed digest, nothing sent again"

# Two runs that restored the same memory and save one after the other: the second's push loses
# the race, so it fetches, merges (each history holds both builds, the log both lines) and pushes.
for side in a b; do
  git clone -q "$work/origin.git" "$work/race-$side"
  GITHUB_WORKSPACE="$work/race-$side" GAZETTE_STATE_DIR="$work/state-$side" bash "$here/scripts/action/state.sh" restore >/dev/null
done
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
for side, at in (("a", 1800000000), ("b", 1800000100)):
    path = f"{work}/state-{side}/history/alex/history.json"
    history = json.load(open(path))
    history["entries"].append(dict(history["entries"][-1], at=at))
    json.dump(history, open(path, "w"), sort_keys=True, separators=(",", ":"))
    with open(f"{work}/state-{side}/sent.log", "a") as log:
        log.write(f"<alex.{side}@localhost>\tabc\t2027-01-01T00:00:00Z\talex/report.eml\t250 Ok\tsha256:{side}\n")
PY
for side in a b; do
  GITHUB_WORKSPACE="$work/race-$side" GAZETTE_STATE_DIR="$work/state-$side" GAZETTE_ACTION_OUTPUT_FOLDER=none \
    bash "$here/scripts/action/state.sh" save >"$work/save-$side.log" 2>&1 || { cat "$work/save-$side.log"; exit 1; }
done
grep -q "merging its memory" "$work/save-b.log" || { cat "$work/save-b.log"; echo "the second save did not merge"; exit 1; }
git -C "$work/state" fetch -q origin gazette-state && git -C "$work/state" reset -q --hard FETCH_HEAD
grep -q "alex.a@" "$work/state/sent.log" && grep -q "alex.b@" "$work/state/sent.log" \
  || { cat "$work/state/sent.log"; echo "the merged send log lost a line"; exit 1; }
python3 - "$work/state/history/alex/history.json" <<'PY'
import json, sys
times = [entry["at"] for entry in json.load(open(sys.argv[1]))["entries"]]
assert times[-2:] == [1800000000, 1800000100], times
print(f"a lost race merged: Alex's history holds both runs' builds ({len(times)} entries), the log both lines")
PY

# A remote that refuses the push (a pre-receive hook, as a missing permission or a protected
# branch would): git's message and an error at once, no ten rounds of merging and retrying, and
# the save step fails. Alex lifts once more, so there is a memory to push.
(cd "$work/seed" && git pull -q origin main && echo "Nov 14 2023,Deadlift,1,1,610" >>alex.txt && git add -A \
  && GIT_COMMITTER_DATE="2024-01-22T07:00:00Z" git commit -qm "Alex lifted again" && git push -q origin HEAD:main)
cat >"$work/origin.git/hooks/pre-receive" <<'SH'
#!/bin/sh
echo "permission denied to push (test)"
exit 1
SH
chmod +x "$work/origin.git/hooks/pre-receive"
tip=$(git -C "$work/origin.git" rev-parse gazette-state)
count=$(delivered)
run 7 1 "" "$key"
rm "$work/origin.git/hooks/pre-receive"
wait_for $((count + 1))
{ grep -q "remote: permission denied to push (test)" "$work/run7.log" && grep -q "pre-receive hook declined" "$work/run7.log"; } \
  || { tail -30 "$work/run7.log"; echo "run 7 did not show git's refusal"; exit 1; }
grep -q "::error title=Gazette::could not push the memory to the branch gazette-state: " "$work/run7.log" \
  || { tail -30 "$work/run7.log"; echo "run 7 gave no error naming the branch"; exit 1; }
if grep -q "merging its memory" "$work/run7.log"; then
  tail -30 "$work/run7.log"; echo "run 7 took a refused push for a lost race and tried again"; exit 1
fi
grep -q -- "--- Save the memory: exit 1" "$work/run7.log" || { tail -30 "$work/run7.log"; echo "run 7's save did not fail"; exit 1; }
[ "$(git -C "$work/origin.git" rev-parse gazette-state)" = "$tip" ] || { echo "run 7 moved the branch"; exit 1; }
echo "run 7, the push refused: git's message and an error at once, no retry, the save failed"
