#!/bin/sh
# Makes the frozen store fixture Tests/MarbleKitTests/Fixtures/formats/store-v6 (format 6: a
# journal whose records' summaries hold one movement record a marble): the four-marble log of
# store-v4 (marble-log-four-marbles.csv) on a 320x200 canvas, then an undo, a snapshot and an
# older one, and expected.txt with what it must load to (canvas_sha256 after the undo,
# redo_canvas_sha256 before it). Run once per format version; never rerun for an existing one.
set -eu
cd "$(dirname "$0")/../.."
out=Tests/MarbleKitTests/Fixtures/formats/store-v6
[ -e "$out" ] && { echo "$out exists: frozen fixtures are never remade" >&2; exit 1; }
swift build
tmp=$(mktemp -d)
marble=.build/debug/marble
info() {
    $marble info --store "$tmp/store" --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
keys = sys.argv[1:] or ["id", "title", "samples", "segments", "canvas_sha256"]
for k in keys:
    print(f"{k}={d[k]}")' "$@"
}
$marble replay Tests/MarbleKitTests/Fixtures/formats/marble-log-four-marbles.csv --store "$tmp/store" --new --size 320x200 >/dev/null
before=$(info canvas_sha256 | sed 's/^canvas_sha256=//')
# Opening it again writes a snapshot past the first: both files are in the fixture.
$marble undo --store "$tmp/store" >/dev/null
info > "$tmp/expected.txt"
echo "redo_canvas_sha256=$before" >> "$tmp/expected.txt"
mv "$tmp/expected.txt" "$tmp/store/expected.txt"
rm -f "$tmp/store/drawings/"*/lock
mkdir -p "$(dirname "$out")"
cp -r "$tmp/store" "$out"
rm -rf "$tmp"
ls -la "$out" "$out"/drawings/*
cat "$out/expected.txt"
