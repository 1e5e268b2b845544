#!/bin/sh
# Makes the frozen store fixture Tests/MarbleKitTests/Fixtures/formats/store-v5 (format 5:
# pictures): two marbles over a colouring page on a 160x100 canvas, with see-through paint,
# opaque paint, an eraser pass wiping back to the page and pens lifted, then an undo, a snapshot
# and an older one, and expected.txt with what it must load to (canvas_sha256 after the undo,
# redo_canvas_sha256 before it). The `marble` program cannot paint over a picture yet, so the
# library makes it (Tests/MarbleKitTests/Store/StoreFixtureV5Maker.swift, run only when
# MARBLE_MAKE_FIXTURE_V5 names a folder), its picture kept raw. Run once per format version;
# never rerun for an existing one.
set -eu
cd "$(dirname "$0")/../.."
out=Tests/MarbleKitTests/Fixtures/formats/store-v5
[ -e "$out" ] && { echo "$out exists: frozen fixtures are never remade" >&2; exit 1; }
tmp=$(mktemp -d)
MARBLE_MAKE_FIXTURE_V5="$tmp/store" swift test --filter StoreFixtureV5Maker >/dev/null
[ -f "$tmp/store/expected.txt" ] || { echo "the maker wrote nothing" >&2; exit 1; }
rm -f "$tmp/store/drawings/"*/lock
mkdir -p "$(dirname "$out")"
cp -r "$tmp/store" "$out"
rm -rf "$tmp"
ls -la "$out" "$out"/drawings/*
cat "$out/expected.txt"
