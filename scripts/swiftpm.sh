#!/usr/bin/env bash
# Runs `swift ARGS…` (a build or a test run) and, when SwiftPM itself dies of a signal, once more.
# SwiftPM on Linux now and then crashes in libdispatch's event loop while it plans or drives a
# build (swiftlang/swift#87033: `swift-package` killed by SIGSEGV, exit 139), which says nothing
# of the code it builds. A failing test or a crashing test binary is not retried: `swift test`
# reports those with exit status 1, and only a status above 128 (the tool's own death) is.
# A `swift test` that died after its output already showed a test failing still fails, whatever
# the second run gives: a flaky test must not pass by the crash's rerun.
#   scripts/swiftpm.sh build -c release --product gazette
#   scripts/swiftpm.sh test
set -uo pipefail
first=$(mktemp -d "${TMPDIR:-/tmp}/swiftpm.XXXXXX")
trap 'rm -rf "$first"' EXIT
if [ "${1:-}" = test ]; then
    # The first pass's standard output and error, each still shown as it comes and kept apart.
    { swift "$@" 2>&1 1>&3 3>&- | tee "$first/err" >&2 3>&-; } 3>&1 | tee "$first/out"
    status=${PIPESTATUS[0]}
else
    swift "$@"
    status=$?
fi
if [ "$status" -gt 128 ] && [ "$status" -lt 160 ]; then
    echo "swiftpm.sh: \`swift $1\` died of signal $((status - 128)) (SwiftPM's own crash, not the build's); running it once more" >&2
    # What the dead pass already said of a test: XCTest's failure, failed test case or suite count,
    # and Swift Testing's issue, failed test or failed run (not a known issue, which passes).
    failed=$(cat "$first/out" "$first/err" 2>/dev/null | grep -E -m 5 \
        -e ':[0-9]+: error: [^ ]+ : ' -e 'error: -\[[^]]*\] : ' -e "^Test Case '.*' failed \(" \
        -e 'Executed [0-9]+ tests?, with ([0-9]+ tests? skipped and )?[1-9][0-9]* failures?' \
        -e '(Test|Suite) .* recorded an issue' -e '(Test|Suite) .* failed after [0-9]')
    swift "$@"
    status=$?
    if [ -n "$failed" ]; then
        echo "swiftpm.sh: the first \`swift $1\`, before it died, showed tests failing; they fail this run whatever the second gave:" >&2
        printf '%s\n' "$failed" >&2
        [ "$status" -ne 0 ] || status=1
    fi
fi
exit "$status"
