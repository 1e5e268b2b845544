#!/bin/sh
# Makes the frozen store fixture Tests/MarbleKitTests/Fixtures/formats/store-v1: a small
# drawing (the first 25 s of Replays/scribble.csv on a 320x200 canvas) ending with an undo,
# expected.txt with what it must load to, and drawing-v1.png, the same drawing exported. Run once per format version; never rerun for an
# existing version (the point is that old files keep loading).
set -eu
cd "$(dirname "$0")/../.."
out=Tests/MarbleKitTests/Fixtures/formats/store-v1
[ -e "$out" ] && { echo "$out exists: frozen fixtures are never remade" >&2; exit 1; }
swift build
tmp=$(mktemp -d)
head -n 1520 Replays/scribble.csv > "$tmp/prefix.csv"
marble=.build/debug/marble
$marble replay "$tmp/prefix.csv" --store "$tmp/store" --new --size 320x200 >/dev/null
$marble undo --store "$tmp/store" >/dev/null
$marble info --store "$tmp/store" --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
for k in ("id", "title", "samples", "segments", "canvas_sha256"):
    print(f"{k}={d[k]}")' > "$tmp/store/expected.txt"
rm -f "$tmp/store/drawings/"*/lock
mkdir -p "$(dirname "$out")"
cp -r "$tmp/store" "$out"
# The same drawing exported as a picture that carries it (drawing-v1.png).
$marble export --store "$tmp/store" --png "$(dirname "$out")/drawing-v1.png" >/dev/null
rm -rf "$tmp"
ls -la "$out" "$out"/drawings/*
cat "$out/expected.txt"
