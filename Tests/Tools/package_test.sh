#!/usr/bin/env bash
# The clean-room check of the Debian package (`make package-test`): a fresh Debian 12 made with
# debootstrap into a folder of the project's (only Debian's archive is reached), the package
# installed there with apt as a family would, and then used:
#   marble --version               the version the Makefile read from Sources/marble/Version.swift
#   marble replay (a shipped log)  the canvas hash of Replays/canvas-sha256.txt
#   man -w marble                  the manual is where man looks
#   LANGUAGE=es marble play         the window finds its Spanish catalogue in /usr/share/locale
#   the window under Xvfb          it opens and shows Home (a screenshot, out/package-test/home.png)
# There is no Swift toolchain in the root at all, so nothing of it can be loaded.
#
#   Tests/Tools/package_test.sh marble_VERSION_amd64.deb [MIRROR]
set -euo pipefail
deb=$(readlink -f "$1")
mirror=${2:-http://deb.debian.org/debian}
root="$(pwd)/.build/package-test/bookworm"
shots="$(pwd)/out/package-test"
version=$(sed -n 's/.*static let number = "\(.*\)"/\1/p' Sources/marble/Version.swift)
started=$(date +%s)
SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo

cleanup() {
    for m in proc dev/pts dev; do $SUDO umount "$root/$m" 2>/dev/null || true; done
}
trap cleanup EXIT

command -v debootstrap >/dev/null || { $SUDO apt-get install -y -qq --no-install-recommends debootstrap >/dev/null; }
cleanup
$SUDO rm -rf "$root" && mkdir -p "$root" "$shots"
echo "package-test: debootstrap bookworm (minbase) from $mirror"
$SUDO debootstrap --variant=minbase bookworm "$root" "$mirror" > "$root.log" 2>&1 || { tail -20 "$root.log"; exit 1; }
$SUDO mount -t proc proc "$root/proc"
$SUDO mount --bind /dev "$root/dev"
$SUDO mount --bind /dev/pts "$root/dev/pts"
$SUDO cp "$deb" "$root/tmp/marble.deb"
in_root() { $SUDO chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

echo "package-test: apt-get install ./marble.deb (and xvfb, x11-apps, man-db to look at it)"
in_root apt-get update -qq
in_root sh -c 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends /tmp/marble.deb man-db xvfb x11-apps >/tmp/apt.log 2>&1' \
    || { in_root tail -30 /tmp/apt.log; exit 1; }

fail() { echo "package-test FAILED: $*" >&2; exit 1; }
[ ! -e "$root/opt/swift" ] || fail "the root has a Swift toolchain"
in_root test -x /usr/bin/marble || fail "/usr/bin/marble is missing"
got=$(in_root marble --version)
[ "$got" = "$version" ] || fail "marble --version says '$got', not $version"
echo "  ok: marble --version is $got"
want=$(awk '$2 == "spiral.csv" {print $1}' Replays/canvas-sha256.txt)
hash=$(in_root sh -c 'cd /tmp && marble replay /usr/share/marble/Replays/spiral.csv --json' | tr ',' '\n' | sed -n 's/.*"canvas_sha256":"\([0-9a-f]*\)".*/\1/p')
[ "$hash" = "$want" ] || fail "the shipped spiral replays to $hash, not the table's $want"
echo "  ok: marble replay of the shipped spiral.csv gives the table's canvas hash"
page=$(in_root man -w marble)
[ "$page" = "/usr/share/man/man1/marble.1.gz" ] || fail "man -w marble says '$page'"
in_root man -w marble-replay >/dev/null || fail "no marble-replay page"
echo "  ok: man -w marble is $page"
missing=$(in_root sh -c 'ldd /usr/bin/marble | grep -c "not found" || true')
[ "$missing" = 0 ] || fail "ldd finds $missing libraries missing"
in_root sh -c 'ldd /usr/bin/marble | grep -qi swift' && fail "the binary links a Swift library"
echo "  ok: every library the binary needs came from Debian's packages, none is Swift's"
deps=$(dpkg-deb -f "$deb" Depends)
for p in libespeak-ng1 espeak-ng-data; do
    printf '%s\n' "$deps" | tr ',' '\n' | grep -qx " *$p" || fail "Depends lacks $p: $deps"
done
in_root sh -c 'ls /usr/lib/*/espeak-ng-data/phontab' >/dev/null || fail "the voice's data (espeak-ng-data) is not installed"
echo "  ok: the voice's library and data came with it (Depends: libespeak-ng1, espeak-ng-data)"

# The window's words: a catalogue installed where the binary looks (<bin>/../share/locale), and
# found by it: LANGUAGE picks Spanish under C.UTF-8 (the root has no es_ES locale made), and the
# window's start-up says which catalogue it read (MARBLE_DEBUG) before it finds no display.
in_root test -f /usr/share/locale/es/LC_MESSAGES/marble.mo || fail "no /usr/share/locale/es/LC_MESSAGES/marble.mo"
words=$(in_root sh -c 'mkdir -p /tmp/words && HOME=/tmp/words LANGUAGE=es MARBLE_DEBUG=1 SDL_AUDIODRIVER=dummy marble play 2>&1 || true' | grep 'marble: words' || true)
[ "$words" = "marble: words es from /usr/share/locale" ] || fail "the installed marble did not find its Spanish catalogue: '$words'"
echo "  ok: /usr/share/locale/es/LC_MESSAGES/marble.mo is installed and the window reads it ($words)"
in_root sh -c 'Xvfb :7 -screen 0 1280x800x24 >/tmp/xvfb.log 2>&1 &
  sleep 1
  mkdir -p /tmp/home
  DISPLAY=:7 HOME=/tmp/home SDL_AUDIODRIVER=dummy marble play >/tmp/marble.log 2>&1 &
  sleep 3
  xwd -root -display :7 -out /tmp/home.xwd
  kill %2 2>/dev/null; sleep 1; kill %1 2>/dev/null; true'
$SUDO cp "$root/tmp/home.xwd" "$shots/home.xwd"
convert "$shots/home.xwd" "$shots/home.png"
colours=$(convert "$shots/home.png" -format %k info:)
[ "$colours" -gt 20 ] || fail "the window showed $colours colours: not Home (see $shots/home.png; $(in_root cat /tmp/marble.log))"
echo "  ok: the window opened under Xvfb and showed Home ($colours colours; $shots/home.png)"
size=$(du -h "$deb" | cut -f1)
echo "package-test passed in $(( $(date +%s) - started )) s; the package is $size"
