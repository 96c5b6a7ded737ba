#!/usr/bin/env bash
# The action's first step: installs Gazette. With GAZETTE_ACTION_DEB (a path or an http(s) URL of
# Gazette's .deb) through apt-get, which brings its libraries and fonts; without it, builds the
# binary from the action's own source (GAZETTE_ACTION_SOURCE) with the Swift toolchain on PATH.
# Runs as root or with sudo. CI runs this very script in a bookworm chroot (.ci/deb-check.sh).
set -euo pipefail
if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
deb="${GAZETTE_ACTION_DEB:-}"
if [ -n "$deb" ]; then
  case "$deb" in
    http://* | https://*)
      $SUDO apt-get update -qq
      $SUDO apt-get install -y -qq --no-install-recommends ca-certificates curl >/dev/null
      name="${deb%%\?*}"
      file="$(mktemp -d)/${name##*/}"
      curl -fsSL --retry 3 -o "$file" "$deb"
      ;;
    *)
      file="$(realpath "$deb")"
      ;;
  esac
  $SUDO apt-get update -qq
  # apt-get, not dpkg -i: the package's Depends (Cairo, libcurl, libdeflate, DejaVu) come with it,
  # and its own Recommends (the Japanese font, man-db) too, but not those of every library.
  recommends=$(dpkg-deb -f "$file" Recommends 2>/dev/null | tr ',' '\n' | sed 's/(.*)//; s/|.*//' | xargs)
  # shellcheck disable=SC2086
  $SUDO apt-get install -y -qq --no-install-recommends "$file" $recommends >/dev/null
else
  source="${GAZETTE_ACTION_SOURCE:?the folder of the action}"
  command -v swift >/dev/null || {
    echo "::error title=Gazette::no Swift toolchain on the runner: give the action a deb (a release asset's URL), or set up Swift first"
    exit 1
  }
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends libcairo2-dev libcurl4-openssl-dev libdeflate-dev \
    fonts-dejavu-core fonts-ipafont-gothic pkg-config >/dev/null
  (cd "$source" && swift build -c release --product gazette --static-swift-stdlib)
  $SUDO install -m 0755 "$(cd "$source" && swift build -c release --show-bin-path)/gazette" /usr/local/bin/gazette
fi
echo "installed $(gazette --version) at $(command -v gazette)"
