#!/usr/bin/env bash
# Builds the Debian package from a staged /usr tree (made by `make install-stage`).
#
#   packaging/build-deb.sh STAGE VERSION OUT.deb
#
# Depends: the Debian packages that own the libraries the binary needs (its NEEDED entries,
# resolved by ldd and owned per dpkg -S; libespeak-ng1 for the voice among them), plus
# fonts-dejavu-core for the buttons' words and espeak-ng-data for the voice's (data that no
# library names: without it the voice is silent, said once). A
# library that no Debian package owns (the Swift toolchain's, say) stops the build.
set -euo pipefail
stage=$1 version=$2 out=$3
here="$(cd "$(dirname "$0")" && pwd)"
bin="$stage/usr/bin/marble"

strip --strip-unneeded --remove-section=.comment --remove-section=.note "$bin"

needed=$(objdump -p "$bin" | awk '/NEEDED/ {print $2}')
# Read once: awk leaving a pipe early would make ldd die of SIGPIPE under pipefail.
resolved=$(ldd "$bin")
deps=()
for lib in $needed; do
    # "libx.so.1 => /path (addr)", or the loader's "/lib64/ld-linux-x86-64.so.2 (addr)".
    path=$(printf '%s\n' "$resolved" | awk -v l="$lib" '{ for (i = 1; i <= NF; i++) if (substr($i, 1, 1) == "/" && index($i, l)) { print $i; exit } }')
    [ -n "$path" ] || { echo "deb: $lib is not found by ldd" >&2; exit 1; }
    real=$(readlink -f "$path")
    owner=$(dpkg -S "$path" 2>/dev/null || dpkg -S "$real" 2>/dev/null || dpkg -S "/usr$path" 2>/dev/null || true)
    [ -n "$owner" ] || { echo "deb: $lib ($path) belongs to no Debian package: the binary must need only Debian's libraries" >&2; exit 1; }
    deps+=("${owner%%:*}")
done
deps+=("fonts-dejavu-core" "espeak-ng-data")
depends=$(printf '%s\n' "${deps[@]}" | sort -u | paste -sd, | sed 's/,/, /g')

doc="$stage/usr/share/doc/marble"
install -d "$doc"
install -m 0644 "$here/debian/copyright" "$doc/copyright"
# A native package (no Debian revision): its changelog is changelog.gz.
sed "s/@VERSION@/$version/" "$here/debian/changelog.in" | gzip -9n > "$doc/changelog.gz"
chmod 0644 "$doc/changelog.gz"

install -d "$stage/DEBIAN"
size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" "$here/debian/control.in" > "$stage/DEBIAN/control"
install -m 0755 "$here/debian/postinst" "$here/debian/postrm" "$stage/DEBIAN/"
(cd "$stage" && find usr -type f -exec md5sum {} + | sort -k2) > "$stage/DEBIAN/md5sums"
chmod 0644 "$stage/DEBIAN/md5sums"
find "$stage" -type d -exec chmod 0755 {} +

dpkg-deb --root-owner-group -Zxz --build "$stage" "$out" >/dev/null
echo "deb: $out ($(du -h "$out" | cut -f1)), Depends: $depends"
