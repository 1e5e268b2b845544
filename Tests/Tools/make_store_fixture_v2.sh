#!/bin/sh
# Makes the frozen store fixture Tests/MarbleKitTests/Fixtures/formats/store-v2 (format 2): a
# small drawing tracing a star, with the eraser and the three widths (the first 25 s of
# Replays/scribble.csv with width and erase columns added), an undo, a snapshot and an older
# one, and expected.txt with what it must load to; plus marble-log-tools.csv, the log it came
# from. Run once per format version; never rerun for an existing version.
set -eu
cd "$(dirname "$0")/../.."
out=Tests/MarbleKitTests/Fixtures/formats/store-v2
[ -e "$out" ] && { echo "$out exists: frozen fixtures are never remade" >&2; exit 1; }
swift build
tmp=$(mktemp -d)
python3 - "$tmp/tools.csv" <<'PY'
import sys
lines = open("Replays/scribble.csv").read().splitlines()[:1520]
out = []
for line in lines:
    if line.startswith("#") or not line.strip():
        out.append(line)
    elif line.startswith("t,"):
        out.append(line + ",width,erase")
    else:
        t = float(line.split(",")[0])
        width = "" if t < 8 else ("25" if t < 16 else "3")
        erase = "1" if 12 <= t < 18 else "0"
        out.append(line + "," + width + "," + erase)
open(sys.argv[1], "w").write("\n".join(out) + "\n")
PY
marble=.build/debug/marble
$marble replay "$tmp/tools.csv" --store "$tmp/store" --new --size 320x200 --trace star >/dev/null
# Opening it again writes a snapshot past the first: both files are in the fixture.
$marble undo --store "$tmp/store" >/dev/null
$marble info --store "$tmp/store" --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
for k in ("id", "title", "samples", "segments", "canvas_sha256", "trace"):
    print(f"{k}={d[k]}")
m = d["movement"]
print("movement=%s,%s,%s" % (float(m["tilt_deg"]), float(m["turn_deg"]), float(m["active_s"])))' > "$tmp/store/expected.txt"
rm -f "$tmp/store/drawings/"*/lock
mkdir -p "$(dirname "$out")"
cp -r "$tmp/store" "$out"
cp "$tmp/tools.csv" "$(dirname "$out")/marble-log-tools.csv"
rm -rf "$tmp"
ls -la "$out" "$out"/drawings/*
cat "$out/expected.txt"
