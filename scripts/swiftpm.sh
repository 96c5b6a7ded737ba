#!/usr/bin/env bash
# Runs `swift ARGS…` (a build or a test run) and, when SwiftPM itself dies of a signal, once more.
# SwiftPM on Linux now and then crashes in libdispatch's event loop while it plans or drives a
# build (swiftlang/swift#87033: `swift-package` killed by SIGSEGV, exit 139), which says nothing
# of the code it builds. A failing test or a crashing test binary is not retried: `swift test`
# reports those with exit status 1, and only a status above 128 (the tool's own death) is.
#   scripts/swiftpm.sh build -c release --product gazette
#   scripts/swiftpm.sh test
set -uo pipefail
swift "$@"
status=$?
if [ "$status" -gt 128 ] && [ "$status" -lt 160 ]; then
    echo "swiftpm.sh: \`swift $1\` died of signal $((status - 128)) (SwiftPM's own crash, not the build's); running it once more" >&2
    swift "$@"
    status=$?
fi
exit "$status"
