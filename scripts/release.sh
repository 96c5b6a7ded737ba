#!/usr/bin/env bash
# Builds an installable release into dist/ (or $1):
#   gazette-VERSION-linux-x86_64.tar.gz   the binary, the man page and bash/zsh/fish completions
#   gazette_VERSION_amd64.deb              the same, for `apt-get install ./gazette_….deb`
# The binary carries the Swift runtime (--static-swift-stdlib), so no Swift toolchain is needed
# where it runs; the .deb's Depends are the shared libraries it links (found by dpkg-shlibdeps)
# and the fonts it draws with. Both files are the same bytes for the same commit.
# Needs: swift, dpkg-dev (dpkg-shlibdeps, dpkg-deb), gzip, tar, python3.
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/GazetteCore/GazetteVersion.swift)
[ -n "$version" ] || { echo "release: no version in Sources/GazetteCore/GazetteVersion.swift" >&2; exit 1; }
dist=$(realpath -m "${1:-dist}")
# One clock for every file's time: the build's SOURCE_DATE_EPOCH, else the last commit's.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
day=$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%d)

echo "release: gazette $version ($day)"
# The binary is built from the commit's files in one fixed folder named `gazette`, wherever the
# clone sits: SwiftPM names the root package after its folder, and that name and the folder's path
# reach the binary (Swift's module hashes, #filePath in failure messages, debug info). The path is
# also mapped to one name in what Swift and C write, so nothing of the machine's folders remains.
source_root=/tmp/gazette-release/gazette
rm -rf "$source_root" && mkdir -p "$source_root"
if git rev-parse --verify -q HEAD >/dev/null; then
    git archive --format=tar HEAD | tar -x -C "$source_root"
else
    tar -c --exclude='./.build*' --exclude=./dist . | tar -x -C "$source_root"
fi
build_flags=(-c release --static-swift-stdlib
             -Xswiftc -file-prefix-map -Xswiftc "$source_root=/gazette"
             -Xcc "-ffile-prefix-map=$source_root=/gazette")
# scripts/swiftpm.sh: SwiftPM's own rare crash (a signal) runs the build once more.
swiftpm="$PWD/scripts/swiftpm.sh"
(cd "$source_root" && "$swiftpm" build "${build_flags[@]}" --product gazette)
binary="$(cd "$source_root" && swift build "${build_flags[@]}" --show-bin-path)/gazette"
[ "$("$binary" --version)" = "$version" ] || { echo "release: the binary does not say version $version" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The man page, from the command's own help: the page `gazette man` prints, so the packaged one
# and the binary's never differ.
"$binary" man >"$work/gazette.1"
"$binary" --generate-completion-script bash >"$work/gazette.bash"
"$binary" --generate-completion-script zsh >"$work/_gazette"
"$binary" --generate-completion-script fish >"$work/gazette.fish"

# Lays the files out under a prefix ($1: the root, $2: usr or '').
lay_out() {
    local root=$1 prefix=$2
    install -D -m 0755 "$binary" "$root/$prefix/bin/gazette"
    strip --strip-unneeded "$root/$prefix/bin/gazette"
    # swiftc's .swift_modhash differs between two clean builds of one commit: zeroed, and the
    # build ID set to the settled bytes' SHA-1.
    python3 scripts/settle-elf.py "$root/$prefix/bin/gazette"
    install -D -m 0644 "$work/gazette.1" "$root/$prefix/share/man/man1/gazette.1"
    install -D -m 0644 "$work/gazette.bash" "$root/$prefix/share/bash-completion/completions/gazette"
    install -D -m 0644 "$work/_gazette" "$root/$prefix/share/zsh/vendor-completions/_gazette"
    install -D -m 0644 "$work/gazette.fish" "$root/$prefix/share/fish/vendor_completions.d/gazette.fish"
}

# Files in name order, owned by root, dated SOURCE_DATE_EPOCH, gzip without a name or time.
deterministic_tar() {
    tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" -C "$1" -cf - "$2" | gzip -9n
}

mkdir -p "$dist"
name="gazette-$version-linux-x86_64"
lay_out "$work/tar/$name" ""
# The README links the guide, the reference and CONTRIBUTING.md: they travel with it.
cp README.md CONTRIBUTING.md "$work/tar/$name/"
cp -R docs "$work/tar/$name/docs"
deterministic_tar "$work/tar" "$name" >"$dist/$name.tar.gz"

# The .deb: the binary's library packages from dpkg-shlibdeps, plus the fonts the charts use.
deb="$work/deb"
lay_out "$deb" "usr"
gzip -9n "$deb/usr/share/man/man1/gazette.1"
install -D -m 0644 /dev/stdin "$deb/usr/share/doc/gazette/copyright" <<EOF
Gazette $version: static websites of reports and charts from racing data, workout logs and
credit reports. Built from its source repository; see README.md there.
EOF
mkdir -p "$work/shlibs/debian"
printf 'Source: gazette\n\nPackage: gazette\nArchitecture: any\n' >"$work/shlibs/debian/control"
libraries=$(cd "$work/shlibs" && dpkg-shlibdeps -O "$deb/usr/bin/gazette" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$libraries" ] || { echo "release: dpkg-shlibdeps found no libraries" >&2; exit 1; }
size=$(du -sk --apparent-size "$deb/usr" | cut -f1)
mkdir -p "$deb/DEBIAN"
cat >"$deb/DEBIAN/control" <<EOF
Package: gazette
Version: $version
Architecture: amd64
Maintainer: Gazette developers <gazette@localhost>
Installed-Size: $size
Depends: $libraries, fonts-dejavu-core
Recommends: man-db, fonts-ipafont-gothic
Section: utils
Priority: optional
Description: static websites of reports and charts from racing data, workouts and credit
 Gazette turns credit reports, workout logs, race cards and next-to-go feeds into a
 static website: HTML pages and PNG/SVG charts, published atomically and the same bytes
 for the same inputs. It also writes self-contained pages, e-mails and PDFs.
EOF
find "$deb" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
dpkg-deb --root-owner-group -Zxz --build "$deb" "$dist/gazette_${version}_amd64.deb" >/dev/null

echo "release: $dist/$name.tar.gz"
echo "release: $dist/gazette_${version}_amd64.deb (Depends: $libraries, fonts-dejavu-core)"
