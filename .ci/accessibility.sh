#!/usr/bin/env bash
# Accessible HTML (issue 6, item 5): every page Gazette writes, in every mode, passes an axe-core
# audit in headless Chromium with no violations, in the light and the dark theme, at a desktop and
# a phone width (.ci/axe_audit.py does the audit; this wrapper builds the sites and checks the tools).
#
# Usage: .ci/accessibility.sh [gazette-binary [sites-dir]]
#   With a sites-dir that already holds the builds (from .ci/build-check-sites.sh), audits those.
# Needs: bash .ci/install-checkers.sh (chromium, chromium-driver, selenium, axe-selenium-python)
set -euo pipefail
cd "$(dirname "$0")/.."

BIN="${1:-$(swift build --show-bin-path)/gazette}"
SITES="${2:-}"
[ -x /usr/bin/chromium ] || { echo "chromium is not installed (bash .ci/install-checkers.sh)"; exit 2; }
[ -x /usr/bin/chromedriver ] || { echo "chromedriver is not installed (bash .ci/install-checkers.sh)"; exit 2; }
python3 -c 'import selenium, axe_selenium_python' 2>/dev/null \
  || { echo "selenium or axe-selenium-python is missing (bash .ci/install-checkers.sh)"; exit 2; }

if [ -z "$SITES" ]; then
  SITES="$(mktemp -d)"
  trap 'rm -rf "$SITES"' EXIT
  bash .ci/build-check-sites.sh "$BIN" "$SITES" >/dev/null
fi

if python3 .ci/axe_audit.py "$SITES"; then
  echo "accessibility audit passed"
else
  status=$?
  echo "accessibility audit FAILED"
  exit "$status"
fi
