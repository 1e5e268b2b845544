#!/bin/sh
# Makes the frozen store fixture Tests/MarbleKitTests/Fixtures/formats/store-v3 (format 3: a
# two-marble drawing): two marbles on a 320x200 canvas whose trails cross, marble 2 with
# another width and the eraser for a while, pens lifted, then an undo, a snapshot and an
# older one, and expected.txt with what it must load to; plus marble-log-two-marbles.csv, the
# two-marble log it came from. Run once per format version; never rerun for an existing one.
set -eu
cd "$(dirname "$0")/../.."
out=Tests/MarbleKitTests/Fixtures/formats/store-v3
[ -e "$out" ] && { echo "$out exists: frozen fixtures are never remade" >&2; exit 1; }
swift build
tmp=$(mktemp -d)
python3 - "$tmp/two.csv" <<'PY'
import math, sys
rows = ["# marble-log 1", "# title: Two on a small canvas", "# physics: real", "# difficulty: normal",
        "# canvas: 320x200", "t,tilt_x,tilt_y,heading,pen,width,erase,tilt_x2,tilt_y2,heading2,pen2,width2,erase2"]
for i in range(12 * 60):
    t = i / 60
    a = (round(0.8 * math.cos(1.3 * t), 6), round(0.7 * math.sin(0.9 * t), 6))
    b = (round(-0.7 * math.sin(1.1 * t), 6), round(0.8 * math.cos(0.7 * t), 6))
    pen1 = 0 if 4 <= t < 5 else 1
    pen2 = 0 if 7 <= t < 8 else 1
    width2 = "20" if 5 <= t < 9 else ""
    erase2 = 1 if 6 <= t < 7 else 0
    rows.append(f"{t!r},{a[0]!r},{a[1]!r},{(40 * t) % 360!r},{pen1},,0,{b[0]!r},{b[1]!r},{(200 + 30 * t) % 360!r},{pen2},{width2},{erase2}")
open(sys.argv[1], "w").write("\n".join(rows) + "\n")
PY
marble=.build/debug/marble
$marble replay "$tmp/two.csv" --store "$tmp/store" --new --size 320x200 >/dev/null
# Opening it again writes a snapshot past the first: both files are in the fixture.
$marble undo --store "$tmp/store" >/dev/null
$marble info --store "$tmp/store" --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
for k in ("id", "title", "samples", "segments", "canvas_sha256"):
    print(f"{k}={d[k]}")' > "$tmp/store/expected.txt"
rm -f "$tmp/store/drawings/"*/lock
mkdir -p "$(dirname "$out")"
cp -r "$tmp/store" "$out"
cp "$tmp/two.csv" "$(dirname "$out")/marble-log-two-marbles.csv"
rm -rf "$tmp"
ls -la "$out" "$out"/drawings/*
cat "$out/expected.txt"
