#!/usr/bin/env python3
"""The window's own memory with a long drawing open and drawn on: RssAnon, sampled.

    python3 Tests/Tools/window_memory.py [--marble PATH] [--segments N] [--frames N] [--undos N]

Makes a drawing of about N segments (default 1,000,000) with `marble replay LOG --new` from a
synthetic 60 Hz log, then opens it in the window (`marble play --continue`, SDL's dummy video
and audio drivers, unpaced) with a phone's tilt from `dsu_server.py`, so the ball paints on it,
and presses undo (the pad's d-pad left, through the server) `--undos` times, a quarter of a second
apart from 2 s in, and reads /proc/PID/status every 20 ms: RssAnon (the window's own pages: heap, canvas planes,
undo's pictures, strokes; not the shared libraries) and VmRSS. Prints their median and peak,
and a new drawing's the same way for comparison (issue 22's memory goal:
RssAnon ≤ 80 MB with a 1M-segment drawing open, drawn on and undone). The peak's time, from
launch, is printed too.
Python 3 standard library only; use a release marble (`Benchmarks/.build/.../release/marble`)
for a long drawing, or the replay takes minutes.
"""

import argparse
import math
import os
import random
import socket
import subprocess
import sys
import tempfile
import time

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def write_log(path, segments, seed=7):
    """A 60 Hz log with the pen down, tilting in slow curves: about 1.25 segments a sample."""
    rng = random.Random(seed)
    samples = int(segments / 1.25)
    with open(path, "w") as f:
        f.write("# marble-log 1\n# title: Long\n# physics: fake\n# difficulty: normal\n# canvas: 1280x800\n")
        f.write("t,tilt_x,tilt_y,heading,pen\n")
        a, b = rng.random() * 6, rng.random() * 6
        for i in range(samples):
            t = i / 60
            f.write("%.4f,%.4f,%.4f,%.2f,%d\n" % (t, 0.7 * math.sin(t * 0.37 + a), 0.7 * math.cos(t * 0.29 + b),
                                                  (t * 25) % 360, 0 if i % 5000 == 4999 else 1))


def status(pid):
    out = {}
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                k, _, v = line.partition(":")
                if k in ("RssAnon", "VmRSS"):
                    out[k] = int(v.split()[0]) / 1024
    except OSError:
        pass
    return out


def watch(marble, store, args, frames, undos):
    """Runs the window on `store` and samples its memory; returns (median, peak) dicts in MB and
    the peak RssAnon's time from launch, in s."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    server = subprocess.Popen([sys.executable, os.path.join(REPO, "Tests", "Tools", "dsu_server.py"), "--port", str(port),
                               "--log", os.path.join(REPO, "Replays", "scribble.csv"), "--seconds", "120"]
                              + ["--press=%.2f:dpad-left" % (2 + 0.25 * k) for k in range(undos)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_CONFIG_HOME=os.path.join(store, "config"))
    time.sleep(0.3)
    p = subprocess.Popen([marble, "play"] + args + ["--store", store, "--motion", "127.0.0.1:%d" % port,
                                                     "--exit-after-frames", str(frames)],
                         env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seen = {"RssAnon": [], "VmRSS": []}
    launched, peak_at, most = time.time(), 0.0, 0
    while p.poll() is None:
        for k, v in status(p.pid).items():
            seen[k].append(v)
            if k == "RssAnon" and v > most:
                most, peak_at = v, time.time() - launched
        time.sleep(0.02)
    server.kill()
    server.wait()
    if p.returncode != 0:
        sys.exit("window_memory: marble play exited %d: %s" % (p.returncode, p.stderr.read().decode(errors="replace")))
    median = {k: sorted(v)[len(v) // 2] if v else 0 for k, v in seen.items()}
    peak = {k: max(v) if v else 0 for k, v in seen.items()}
    return median, peak, peak_at


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--marble", default=os.path.join(REPO, ".build", "debug", "marble"))
    ap.add_argument("--segments", type=int, default=1_000_000)
    ap.add_argument("--frames", type=int, default=15000)
    ap.add_argument("--undos", type=int, default=10)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="marble-memory-") as work:
        store = os.path.join(work, "store")
        log = os.path.join(work, "long.csv")
        write_log(log, args.segments)
        r = subprocess.run([args.marble, "replay", log, "--new", "--store", store, "--json"], capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("window_memory: replay --new failed: " + r.stderr)
        segments = r.stdout.strip().splitlines()[-1]
        seg = segments[segments.find('"segments":') + 11:].split(",")[0]
        for name, where, how in ((f"a drawing of {seg} segments, continued", store, ["--continue"]),
                                 ("a new drawing", os.path.join(work, "new"), ["--new"])):
            median, peak, peak_at = watch(args.marble, where, how, args.frames, args.undos)
            print("%s, drawn on for %d frames and undone %d times: RssAnon median %.0f MB, peak %.0f MB (at %.1f s); "
                  "VmRSS median %.0f MB, peak %.0f MB" % (name, args.frames, args.undos, median["RssAnon"], peak["RssAnon"],
                                                          peak_at, median["VmRSS"], peak["VmRSS"]))


if __name__ == "__main__":
    main()
