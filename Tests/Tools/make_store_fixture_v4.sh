#!/bin/sh
# Makes the frozen store fixture Tests/MarbleKitTests/Fixtures/formats/store-v4 (format 4: a
# drawing of two to four marbles): four marbles on a 320x200 canvas whose trails cross and
# whose balls meet, marble 2 with a width of 20 for a while, marble 3 with the eraser for a
# while, pens lifted at different times, then an undo, a snapshot and an older one, and
# expected.txt with what it must load to (canvas_sha256 after the undo, redo_canvas_sha256
# before it); plus marble-log-four-marbles.csv, the four-marble log it came from. Run once per
# format version; never rerun for an existing one.
set -eu
cd "$(dirname "$0")/../.."
out=Tests/MarbleKitTests/Fixtures/formats/store-v4
[ -e "$out" ] && { echo "$out exists: frozen fixtures are never remade" >&2; exit 1; }
swift build
tmp=$(mktemp -d)
python3 - "$tmp/four.csv" <<'PY'
import math, sys
columns = ["t", "tilt_x", "tilt_y", "heading", "pen", "width", "erase"]
for k in range(2, 5):
    columns += [f"tilt_x{k}", f"tilt_y{k}", f"heading{k}", f"pen{k}", f"width{k}", f"erase{k}"]
rows = ["# marble-log 1", "# title: Four on a small canvas", "# physics: real", "# difficulty: normal",
        "# canvas: 320x200", ",".join(columns)]
for i in range(12 * 60):
    t = i / 60
    # Each marble a loop of its own, all through the middle: their trails cross, their balls meet.
    tilts = [(0.8 * math.cos(1.3 * t), 0.7 * math.sin(0.9 * t)),
             (-0.7 * math.sin(1.1 * t), 0.8 * math.cos(0.7 * t)),
             (0.75 * math.cos(0.8 * t + 2), -0.75 * math.sin(1.2 * t)),
             (-0.8 * math.cos(t + 1), 0.6 * math.sin(1.4 * t + 0.5))]
    headings = [40 * t, 200 + 30 * t, 120 + 25 * t, 300 + 35 * t]
    pens = [0 if 4 <= t < 5 else 1, 0 if 7 <= t < 8 else 1, 0 if 9 <= t < 10 else 1, 0 if 10.5 <= t < 11 else 1]
    widths = ["", "20" if 5 <= t < 9 else "", "", ""]
    erases = [0, 0, 1 if 6 <= t < 7.5 else 0, 0]
    row = [repr(t)]
    for (x, y), h, pen, width, erase in zip(tilts, headings, pens, widths, erases):
        row += [repr(round(x, 6)), repr(round(y, 6)), repr(h % 360), str(pen), width, str(erase)]
    rows.append(",".join(row))
open(sys.argv[1], "w").write("\n".join(rows) + "\n")
PY
marble=.build/debug/marble
info() {
    $marble info --store "$tmp/store" --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
keys = sys.argv[1:] or ["id", "title", "samples", "segments", "canvas_sha256"]
for k in keys:
    print(f"{k}={d[k]}")' "$@"
}
$marble replay "$tmp/four.csv" --store "$tmp/store" --new --size 320x200 >/dev/null
before=$(info canvas_sha256 | sed 's/^canvas_sha256=//')
# Opening it again writes a snapshot past the first: both files are in the fixture.
$marble undo --store "$tmp/store" >/dev/null
info > "$tmp/expected.txt"
echo "redo_canvas_sha256=$before" >> "$tmp/expected.txt"
mv "$tmp/expected.txt" "$tmp/store/expected.txt"
rm -f "$tmp/store/drawings/"*/lock
mkdir -p "$(dirname "$out")"
cp -r "$tmp/store" "$out"
cp "$tmp/four.csv" "$(dirname "$out")/marble-log-four-marbles.csv"
rm -rf "$tmp"
ls -la "$out" "$out"/drawings/*
cat "$out/expected.txt"
