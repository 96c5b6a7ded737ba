#!/usr/bin/env bash
# scripts/swiftpm.sh's exit status, driven by a fake `swift` on PATH: a first pass that dies of a
# signal is run once more, but a test failure it had already shown still fails the run.
#   1. XCTest's failure printed, then SIGSEGV; the rerun passes: exit 1, said why
#   2. Swift Testing's issue printed (standard error), then SIGSEGV; the rerun passes: exit 1
#   3. only passing lines (a test named "…Failed…", "with 0 failures", a known issue), then
#      SIGSEGV; the rerun passes: exit 0
#   4. a plain test failure (exit 1): not run again, exit 1
#   5. SIGSEGV with nothing shown; the rerun fails: the rerun's status
#   6. `build` dies of SIGSEGV; the rerun passes: exit 0
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/gazette-swiftpm-status.XXXXXX)
trap 'rm -rf "$work"' EXIT
ulimit -c 0
mkdir -p "$work/bin"
# The fake: its Nth call prints $work/call-N.out (stdout) and .err (stderr), then exits with
# call-N.status, or kills itself with SIGSEGV when that is "segv".
cat >"$work/bin/swift" <<'SH'
#!/usr/bin/env bash
n=$(($(cat "$FAKE_SWIFT/calls" 2>/dev/null || echo 0) + 1))
echo "$n" >"$FAKE_SWIFT/calls"
cat "$FAKE_SWIFT/call-$n.out" 2>/dev/null || true
cat "$FAKE_SWIFT/call-$n.err" >&2 2>/dev/null || true
status=$(cat "$FAKE_SWIFT/call-$n.status")
[ "$status" = segv ] && kill -SEGV $$
exit "$status"
SH
chmod +x "$work/bin/swift"
export PATH="$work/bin:$PATH" FAKE_SWIFT="$work/fake"

passing='Executed 3 tests, with 0 failures (0 unexpected) in 0.012 (0.012) seconds'
# check NAME EXPECTED_STATUS EXPECTED_CALLS ARGS… (the calls' files already written)
check() {
  local name=$1 expected=$2 calls=$3 status=0
  shift 3
  "$here/scripts/swiftpm.sh" "$@" >"$work/out" 2>"$work/err" || status=$?
  if [ "$status" != "$expected" ] || [ "$(cat "$FAKE_SWIFT/calls")" != "$calls" ]; then
    cat "$work/out" "$work/err"
    echo "swiftpm-status-test: $name: exit $status after $(cat "$FAKE_SWIFT/calls") calls, expected $expected after $calls"
    exit 1
  fi
  echo "$name: exit $status, $calls call(s)"
}
scenario() { rm -rf "$FAKE_SWIFT" && mkdir -p "$FAKE_SWIFT"; }

scenario
cat >"$FAKE_SWIFT/call-1.out" <<'OUT'
Test Case 'ParserTests.testDeadlift' started at 2026-01-01 10:00:00.000
/src/Tests/ParserTests.swift:12: error: ParserTests.testDeadlift : XCTAssertEqual failed: ("600") is not equal to ("610") - 
Test Case 'ParserTests.testDeadlift' failed (0.002 seconds)
OUT
echo segv >"$FAKE_SWIFT/call-1.status"
echo "$passing" >"$FAKE_SWIFT/call-2.out"
echo 0 >"$FAKE_SWIFT/call-2.status"
check "XCTest failure, then SwiftPM's crash, the rerun passing" 1 2 test
grep -q "ParserTests.testDeadlift : XCTAssertEqual failed" "$work/out" || { cat "$work/out"; echo "the first pass's output was not shown"; exit 1; }
grep -q "showed tests failing" "$work/err" || { cat "$work/err"; echo "the wrapper did not say why it failed"; exit 1; }

scenario
printf '%s\n' '◇ Test run started.' \
  '✘ Test parsesDeadlift() recorded an issue at ParserTests.swift:12:5: Expectation failed: (lift → 600) == 610' \
  '✘ Test parsesDeadlift() failed after 0.002 seconds with 1 issue.' >"$FAKE_SWIFT/call-1.err"
echo segv >"$FAKE_SWIFT/call-1.status"
echo "$passing" >"$FAKE_SWIFT/call-2.out"
echo 0 >"$FAKE_SWIFT/call-2.status"
check "Swift Testing issue, then SwiftPM's crash, the rerun passing" 1 2 test
grep -q "recorded an issue" "$work/err" || { cat "$work/err"; echo "the first pass's standard error was not shown"; exit 1; }

scenario
cat >"$FAKE_SWIFT/call-1.out" <<'OUT'
Test Case 'LoginTests.testFailedLoginIsRefused' started at 2026-01-01 10:00:00.000
Test Case 'LoginTests.testFailedLoginIsRefused' passed (0.001 seconds)
Test Suite 'LoginTests' passed at 2026-01-01 10:00:00.001
	 Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds
OUT
printf '%s\n' '━ Test knownBug() recorded a known issue at LoginTests.swift:3:5: Issue recorded' \
  '━ Test knownBug() passed after 0.001 seconds with 1 known issue.' \
  '✔ Test run with 2 tests passed after 0.002 seconds with 1 known issue.' >"$FAKE_SWIFT/call-1.err"
echo segv >"$FAKE_SWIFT/call-1.status"
echo "$passing" >"$FAKE_SWIFT/call-2.out"
echo 0 >"$FAKE_SWIFT/call-2.status"
check "passing lines, then SwiftPM's crash, the rerun passing" 0 2 test

scenario
printf '%s\n' "/src/Tests/ParserTests.swift:12: error: ParserTests.testDeadlift : XCTAssertTrue failed - " \
  "Executed 3 tests, with 1 failure (0 unexpected) in 0.012 (0.012) seconds" >"$FAKE_SWIFT/call-1.out"
echo 1 >"$FAKE_SWIFT/call-1.status"
check "a plain test failure" 1 1 test

scenario
echo segv >"$FAKE_SWIFT/call-1.status"
echo "Executed 3 tests, with 1 failure (0 unexpected) in 0.012 (0.012) seconds" >"$FAKE_SWIFT/call-2.out"
echo 1 >"$FAKE_SWIFT/call-2.status"
check "SwiftPM's crash, the rerun failing" 1 2 test

scenario
echo segv >"$FAKE_SWIFT/call-1.status"
echo 0 >"$FAKE_SWIFT/call-2.status"
check "a build's crash, the rerun passing" 0 2 build --product gazette
echo "scripts/swiftpm.sh: a test failure shown before SwiftPM's crash fails the run; a crash alone is run again"
