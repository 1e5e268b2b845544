#!/usr/bin/env python3
"""The power-cut explorer's findings, kept as frozen traces: each bug it found, and its fix.

    python3 Tests/Tools/powercut_traces.py        # in `make test`; under a second

Each case is a trace of marble recorded by powercut.py (its work folder renamed /POWERCUT, the
lines outside it dropped), the folders that existed before it ran, and a promise about one file
after the command exited. The trace from before the fix must break the promise in some crash
state (so the explorer still sees the bug), and the trace from after it in none. Exits 0 when
both hold for every case, 1 otherwise. Standard library only.
"""

import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import crashfs  # noqa: E402

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "powercut-traces")
PLACEHOLDER = "".join("\\x%02x" % b for b in b"/POWERCUT")

# (what it found, trace before the fix, trace after it, folders before, the file that must be there)
CASES = [
    ("settings.json saved for the first time: its new folder's name was never synced, so the "
     "file could vanish with it (Files.makeFolder now fsyncs the parent)",
     "settings-first-before-fix.strace", "settings-first.strace", ["config"], "config/marble/settings.json"),
]


def lost_states(trace, folders, wanted):
    """How many crash states after the command's exit lack `wanted` (relative to the root)."""
    with tempfile.TemporaryDirectory() as root:
        for f in folders:
            os.makedirs(os.path.join(root, f))
        text = open(os.path.join(HERE, trace)).read().replace(PLACEHOLDER, "".join("\\x%02x" % b for b in root.encode()))
        path = os.path.join(root, "trace")
        with open(path, "w") as f:
            f.write(text)
        target = os.path.join(root, wanted)
        model = crashfs.Model(root, watch=lambda p: p == target)
        rng, lost, total = random.Random(1), 0, 0
        for point in crashfs.replay(model, [path]):
            if not point.exits:
                continue
            for _, _, files in point.states(rng):
                total += 1
                lost += files.get(target) != point.watched.get(target)
        return lost, total


def main():
    ok = True
    for what, before, after, folders, wanted in CASES:
        lost_before, n_before = lost_states(before, folders, wanted)
        lost_after, n_after = lost_states(after, folders, wanted)
        good = lost_before > 0 and lost_after == 0
        ok = ok and good
        print("%s %s\n    before the fix: %d of %d states after exit lose it; after: %d of %d" % (
            "ok  " if good else "FAIL", what, lost_before, n_before, lost_after, n_after))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
