#!/usr/bin/env bash
# The .deb on a machine without Swift: a minimal Debian bookworm made by debootstrap in a
# temporary folder, the .deb installed by the GitHub Action's own install step (`apt-get install
# ./gazette_….deb`, pulling the dependencies from Debian), then `gazette --version`, `man gazette`,
# and the demo site built by the action's build step, compared byte for byte with the demo built
# from source at the same --now.
# Usage: .ci/deb-check.sh DEB SOURCE_DEMO_FOLDER NOW
set -euo pipefail
deb=$(realpath "$1")
expected=$(realpath "$2")
now=$3
version=$(dpkg-deb -f "$deb" Version)
root=$(mktemp -d /tmp/gazette-bookworm.XXXXXX)
# A system root is readable by all: apt and man drop to their own users.
chmod 0755 "$root"
cleanup() {
    umount "$root/proc" 2>/dev/null || true
    rm -rf "$root"
}
trap cleanup EXIT

echo "debootstrap: minimal bookworm into $root"
start=$(date +%s)
debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$root.log" 2>&1 || {
    tail -20 "$root.log"; echo "debootstrap failed"; exit 1; }
rm -f "$root.log"
echo "debootstrap: $(( $(date +%s) - start )) s"
mount -t proc proc "$root/proc"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

if in_root sh -c 'command -v swift'; then echo "the chroot has a Swift toolchain: not a fair test"; exit 1; fi
# Installed as a workflow installs it: the action's own install step (scripts/action/install.sh)
# with the .deb given by URL (a release asset's, here served from the loopback), which downloads it
# and installs it with apt-get, its Recommends (the Japanese font) with it.
serve=$(mktemp -d)
cp "$deb" "$serve/"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$serve" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; cleanup' EXIT
for _ in $(seq 50); do (exec 3<>/dev/tcp/127.0.0.1/"$port") 2>/dev/null && break; sleep 0.1; done
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$root/tmp/action/scripts"
cp "$here/action.yml" "$root/tmp/action/"
cp -R "$here/scripts/action" "$root/tmp/action/scripts/"
in_root env GAZETTE_ACTION_DEB="http://127.0.0.1:$port/$(basename "$deb")?from=release" \
    GAZETTE_ACTION_SOURCE=/tmp/action bash /tmp/action/scripts/action/install.sh
# The Japanese font came as the .deb's Recommends: the chart keys name every font file the
# drawing may use, so the records match the source build's only with the same fonts.
in_root dpkg-query -W fonts-ipafont-gothic man-db >/dev/null || { echo "the .deb's Recommends were not installed"; exit 1; }
echo "installed: $(in_root dpkg-query -W -f='${Package} ${Version} (Depends: ${Depends})' gazette)"

said=$(in_root gazette --version)
[ "$said" = "$version" ] || { echo "gazette --version says \"$said\", the package is $version"; exit 1; }
echo "gazette --version: $said"

in_root man -P cat gazette >"$root/tmp/man.txt" 2>"$root/tmp/man-warnings.txt"
grep -q "static website" "$root/tmp/man.txt" || { head -20 "$root/tmp/man.txt"; echo "man gazette did not show the page"; exit 1; }
grep -q -- "--now" "$root/tmp/man.txt" || { echo "man gazette lacks the build options"; exit 1; }
echo "man gazette: $(wc -l <"$root/tmp/man.txt") lines"
for completion in /usr/share/bash-completion/completions/gazette /usr/share/zsh/vendor-completions/_gazette \
                  /usr/share/fish/vendor_completions.d/gazette.fish; do
    [ -s "$root$completion" ] || { echo "missing $completion"; exit 1; }
done

# The demo built by the action's build step, as a runner runs it: a workspace, the step summary's
# file, the step's outputs file.
mkdir -p "$root/tmp/ws"
in_root env GITHUB_WORKSPACE=/tmp/ws GITHUB_STEP_SUMMARY=/tmp/ws/summary.md GITHUB_OUTPUT=/tmp/ws/outputs \
    GAZETTE_ACTION_NOW="$now" GAZETTE_ACTION_OUTPUT=/tmp/demo bash /tmp/action/scripts/action/build.sh \
    >"$root/tmp/ws/annotations.txt"
grep -q "^output=/tmp/demo$" "$root/tmp/ws/outputs" || { echo "the action's build step set no output"; exit 1; }
grep -q "^### " "$root/tmp/ws/summary.md" || { echo "the action's build step wrote no step summary"; exit 1; }
echo "the action installed the .deb and built the demo: $(grep -c "^::" "$root/tmp/ws/annotations.txt" || true) annotations, a $(wc -c <"$root/tmp/ws/summary.md")-byte step summary"
rm -f "$root/tmp/demo/README.md"
if ! diff -r "$expected" "$root/tmp/demo" >"$root/tmp/diff.txt"; then
    head -40 "$root/tmp/diff.txt"
    echo "the demo built by the installed package differs from the one built from source"
    exit 1
fi
echo "the installed package builds the demo byte-identical to the source build: $(grep -c '"path"' "$expected/manifest.json") files"
