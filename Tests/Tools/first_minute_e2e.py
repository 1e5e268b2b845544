#!/usr/bin/env python3
"""End-to-end check of the first minute, as a child meets it: a real X server, a real key press.

    python3 Tests/Tools/first_minute_e2e.py --marble .build/debug/marble [--shots out/first-minute]

Starts Xvfb (1280x800) and `marble play` on an empty store, then with no input:

  ghost      within 3 s of the launch the window shows a drawing with the see-through ghost
             marble (its blue pixels on the canvas) and the tilt pad picture in the lower right;
             two screenshots 0.5 s apart differ on the canvas: the ghost rolls by itself.
  voice      the sound device (SDL's disk driver, what it plays written to a file) holds at least
             1 s of speech (20 ms windows of RMS over 300) within 8 s of the launch, with no input;
             the same first launch with --no-voice holds none: the speech is the voice's.
  takeover   one key held (xdotool keydown Right): the ghost and the pad picture are gone from
             the next screenshots, and the child's marble (red paint) has moved right.
  kept       Ctrl+Q closes the window with status 0; `marble drawings --json` lists the one
             drawing (the ghost's own paint is never kept: the unit tests compare canvases).

Screenshots go to --shots (kept). Exits 0 when every step passes, 1 on a failure, 2 when a tool is
missing. Takes about 15 s. Needs: Xvfb, xdotool, ImageMagick. Python 3 standard library only.
"""

import array
import math
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_window import Display, Failure, Session, check, wait_exit, window_arguments  # noqa: E402

WIDTH, HEIGHT = 1280, 800
# The tilt pad picture's corner (CoachScene.padRect: 1100, 640, 160 x 140, and its pulse ring).
PAD = (1080, 620, WIDTH, HEIGHT)


def in_pad(x, y):
    return x >= PAD[0] and y >= PAD[1]


def canvas_points(step=2):
    """The canvas's points to look at: all but the top bar (dial, Undo, Redo, Done), the tool
    column down the left, and the pad's corner."""
    for y in range(140, HEIGHT, step):
        for x in range(0, WIDTH, step):
            if x < 130 or in_pad(x, y):
                continue
            yield x, y


def ghostly(raw):
    """Points of the ghost's see-through blue (its disc and rim over the paper)."""
    n = 0
    for x, y in canvas_points():
        i = (y * WIDTH + x) * 3
        r, g, b = raw[i], raw[i + 1], raw[i + 2]
        if b > 190 and b - r > 40 and b - g > 25:
            n += 1
    return n


def red(raw):
    """The child's marble and paint at heading 0: red. Returns (count, mean x)."""
    xs = []
    for x, y in canvas_points():
        i = (y * WIDTH + x) * 3
        r, g, b = raw[i], raw[i + 1], raw[i + 2]
        if r > 180 and g < 120 and b < 120:
            xs.append(x)
    return len(xs), (sum(xs) / len(xs) if xs else 0)


def pad_pixels(raw):
    """Pixels of the pad picture's light screen in its corner."""
    n = 0
    for y in range(PAD[1], PAD[3], 2):
        for x in range(PAD[0], PAD[2], 2):
            i = (y * WIDTH + x) * 3
            r, g, b = raw[i], raw[i + 1], raw[i + 2]
            if 185 <= r <= 215 and 210 <= g <= 235 and b >= 240:
                n += 1
    return n


def speech_seconds(path):
    """Seconds of the file (16-bit stereo at 48 kHz) in 20 ms windows loud as a voice."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return 0.0
    window = 960 * 2  # 20 ms of stereo samples
    values = array.array("h")
    values.frombytes(data[:len(data) // 2 * 2])
    loud = 0
    for k in range(0, len(values) - window + 1, window):
        chunk = values[k:k + window]
        if math.sqrt(sum(v * v for v in chunk) / window) > 300:
            loud += 1
    return loud * 0.02


def canvas_differs(a, b):
    n = 0
    for x, y in canvas_points():
        i = (y * WIDTH + x) * 3
        if a[i:i + 3] != b[i:i + 3]:
            n += 1
    return n


def main():
    args = window_arguments(__doc__, "first minute", "out/first-minute")
    if args is None:
        return 2
    marble = args.marble
    work = tempfile.mkdtemp(prefix="marble-first-minute-")
    display = Display()
    started = time.time()
    proc = None
    try:
        s = Session(marble, display, work, args.shots)
        voice = os.path.join(work, "voice.raw")
        s.env.update(SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=voice)

        print("ghost")
        launched = time.time()
        proc = s.launch(settle=0)
        # Screenshots until the ghost shows (a loaded machine takes a while to map the window).
        a, ghost_a = b"", 0
        while time.time() - launched < 6:
            a = s.pixels(s.shot("1-ghost.png"))
            ghost_a = ghostly(a)
            if ghost_a > 60:
                break
            time.sleep(0.1)
        seen_at = time.time() - launched
        check(ghost_a > 60, "an empty store opens on a drawing with the ghost marble (%d ghost points)" % ghost_a)
        check(seen_at <= 3.0, "the ghost shows %.1f s after the launch" % seen_at)
        check(pad_pixels(a) > 300, "the tilt pad picture is in its corner (%d pixels)" % pad_pixels(a))
        time.sleep(0.5)
        b = s.pixels(s.shot("2-ghost-later.png"))
        moved = canvas_differs(a, b)
        check(moved > 100, "0.5 s later, with no input, the canvas area differs (%d points): the ghost rolls" % moved)
        check(ghostly(b) > 60, "the ghost is still there")
        marble_before = red(b)
        check(marble_before[0] > 50, "the child's red marble waits (%d red points at x≈%.0f)" % marble_before)

        print("voice")
        heard = 0.0
        while time.time() - launched < 8:
            heard = speech_seconds(voice)
            if heard >= 1.0:
                break
            time.sleep(0.25)
        check(heard >= 1.0, "the greeting is heard: %.2f s of speech on the sound device, no key pressed" % heard)

        print("takeover")
        s.keys(("down", "Right"), 1.0, ("up", "Right"), 0.3)
        c = s.pixels(s.shot("3-child-took-over.png"))
        check(ghostly(c) < 20, "after a key press the ghost is gone (%d ghost points)" % ghostly(c))
        check(pad_pixels(c) < 30, "and the pad picture with it (%d pixels)" % pad_pixels(c))
        marble_after = red(c)
        check(marble_after[1] > marble_before[1] + 40,
              "the child's marble moved right (red at x≈%.0f, was ≈%.0f)" % (marble_after[1], marble_before[1]))
        time.sleep(0.5)
        d = s.pixels(s.shot("4-still-gone.png"))
        check(ghostly(d) < 20, "the ghost stays gone (%d ghost points)" % ghostly(d))

        print("kept")
        s.keys(("tap", "ctrl+q"))
        check(wait_exit(proc, 10) == 0, "Ctrl+Q closed the window with status 0")
        proc = None
        listed = s.drawings()
        check(len(listed) == 1, "the store lists the one drawing the child made")
        # The same first launch without the voice: the sound device stays quiet.
        quiet = Session(marble, display, work + "/quiet", args.shots)
        os.makedirs(work + "/quiet", exist_ok=True)
        silent = os.path.join(work, "silent.raw")
        quiet.env.update(SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=silent)
        proc = quiet.launch("--no-voice")
        time.sleep(3)
        check(speech_seconds(silent) < 0.1 and os.path.getsize(silent) > 48000 * 4,
              "with --no-voice the first launch is silent (%.2f s of speech)" % speech_seconds(silent))
        quiet.keys(("tap", "ctrl+q"))
        check(wait_exit(proc, 10) == 0, "Ctrl+Q closed it")
        proc = None
        elapsed = time.time() - started
        check(elapsed < 40, "the whole check took %.1f s" % elapsed)
        print("first minute: all steps passed in %.1f s; screenshots in %s" % (elapsed, args.shots))
        return 0
    except Failure as failure:
        print("FAILED:", failure, file=sys.stderr)
        return 1
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()
        display.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
