#!/usr/bin/env bash
# Builds the libFuzzer harnesses (Fuzz/run.sh runs them; CI starts this early, in the background).
# Gazette's modules are compiled with AddressSanitizer and coverage instrumentation; only the
# harness executable links libFuzzer (`swift build --sanitize fuzzer` would also turn the build
# plugin's tool into a fuzzer). The build runs the plugins' tools (EmbedResources,
# CompileTemplates) instrumented too, so leaks are not looked for here.
set -euo pipefail
cd "$(dirname "$0")"
export SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0
../scripts/swiftpm.sh build -c release --scratch-path .build-fuzz \
  -Xswiftc -sanitize=address \
  -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
  -Xcc -fsanitize=address -Xswiftc -use-ld=lld >&2
