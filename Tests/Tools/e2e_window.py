#!/usr/bin/env python3
"""End-to-end test of marble's window, as a person uses it: a real X server, real key presses.

    python3 Tests/Tools/e2e_window.py --marble .build/debug/marble [--shots out/e2e]

Starts Xvfb (1280x800), then:

  draw       `marble play --new --physics fake` opens a window named Marble; xdotool holds the
             arrow keys and E (turn the colour) for a few seconds; a screenshot shows a trail
             (thousands of painted pixels) where the blank canvas had none.
  quit       Ctrl+Q closes the window within 10 s, exit status 0; `marble drawings --json`
             lists the drawing with the seconds drawn.
  continue   `marble play --continue` shows the same screen, pixel for pixel: the picture, the
             ball where it stopped, the heading dial.
  undo       one more stroke; Z takes it away, Y brings it back.
  SIGTERM    drawing on and sending SIGTERM exits 143 and the store holds the longer drawing.
  tour       `marble play` shows Home with a Continue button, the gallery and the setup screen
             (screenshots for the README); Settings ▸ Class asks for the grown-up gate: the
             number asked is read off the screen (its word matched against the words drawn in
             the window's font), tapped, clicked and mashed (the gate stays), then held down with
             Enter for three seconds (Class opens).
  sound      under SDL's disk audio driver (what the device plays goes to a file): drawing is
             heard; M silences it and settings.json keeps "sound": false; a relaunch is silent
             while drawing; M again is heard and kept.
  no display `marble play` without DISPLAY exits 69 within 5 s saying no display was found.

Screenshots go to --shots (kept); the store lives in a temporary folder. Exits 0 when every
step passes, 1 on a failure (with the reason), 2 when a tool is missing.
Needs: Xvfb, xdotool, ImageMagick (import, convert). Python 3 standard library only.
"""

import argparse
import json
import struct
import zlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

PAPER = (252, 250, 245)


class Failure(Exception):
    pass


REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def check(condition, message):
    if not condition:
        raise Failure(message)
    print("  ok:", message)


class Display:
    """An Xvfb server on a free display number."""

    def __init__(self):
        r, w = os.pipe()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(w), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
            pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(w)
        number = b""
        deadline = time.time() + 10
        while not number.endswith(b"\n") and time.time() < deadline:
            chunk = os.read(r, 16)
            if not chunk:
                break
            number += chunk
        os.close(r)
        if not number.strip():
            self.proc.kill()
            raise Failure("Xvfb did not start")
        self.name = ":" + number.decode().strip()

    def close(self):
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Session:
    def __init__(self, marble, display, work, shots):
        self.marble = marble
        self.shots = shots
        self.store = os.path.join(work, "store")
        self.env = dict(os.environ, DISPLAY=display.name, HOME=work,
                        XDG_PICTURES_DIR=os.path.join(work, "pictures"),
                        MARBLE_PAGES=os.path.join(REPO, "Pages"))
        for k in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY", "MARBLE_HOME", "XDG_CONFIG_HOME", "SDL_AUDIODRIVER"):
            self.env.pop(k, None)
        self.settings = os.path.join(work, ".config", "marble", "settings.json")

    def run(self, *args, timeout=20):
        return subprocess.run(list(args), env=self.env, capture_output=True, text=True, timeout=timeout)

    def launch(self, *args, audio=None, settle=0.6):
        """Starts marble; with `audio`, SDL's disk driver writes what it plays to that file.
        Returns `settle` seconds after its window exists (0: at once, to time the first frames)."""
        env = dict(self.env)
        if audio:
            env.update(SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=audio)
        proc = subprocess.Popen([self.marble, "play", "--store", self.store, *args], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.time() + 20
        while time.time() < deadline:
            # By its class: the voice's espeak-ng makes LC_CTYPE UTF-8, under which SDL names
            # the window in UTF8_STRING, which `xdotool search --name` cannot read.
            found = self.run("xdotool", "search", "--class", "^marble$")
            if found.returncode == 0 and found.stdout.strip():
                self.window = found.stdout.split()[0]
                time.sleep(settle)  # the first frames
                return proc
            if proc.poll() is not None:
                raise Failure("marble exited %d before its window appeared: %s" % (proc.returncode, proc.stderr.read()))
            time.sleep(0.1)
        proc.kill()
        raise Failure("no window named Marble within 20 s")

    def keys(self, *steps):
        """Each step: ('down', key), ('up', key), ('tap', key) or a pause in seconds."""
        for step in steps:
            if isinstance(step, (int, float)):
                time.sleep(step)
            else:
                action, key = step
                verb = {"down": "keydown", "up": "keyup", "tap": "key"}[action]
                self.run("xdotool", verb, key)

    def shot(self, name):
        path = os.path.join(self.shots, name)
        result = self.run("import", "-window", "root", path)
        if result.returncode != 0:
            raise Failure("screenshot failed: " + result.stderr)
        return path

    def pixels(self, path):
        raw = subprocess.run(["convert", path, "-depth", "8", "rgb:-"], capture_output=True, timeout=20).stdout
        return raw

    def drawings(self):
        result = self.run(self.marble, "drawings", "--store", self.store, "--json")
        if result.returncode != 0:
            raise Failure("marble drawings failed: " + result.stderr)
        return json.loads(result.stdout.strip().splitlines()[-1])


def dsu_pads(work, pads):
    """A DSU server on 127.0.0.1 serving `pads` pads for 30 s at 100 Hz, and its address."""
    port_file = os.path.join(work, "dsu-port-%d" % pads)
    server = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "dsu_server.py"),
                               "--port", "0", "--port-file", port_file, "--rate", "100", "--seconds", "30", "--pads", str(pads)])
    deadline = time.time() + 10
    while not os.path.exists(port_file) and time.time() < deadline:
        time.sleep(0.05)
    return server, "127.0.0.1:" + open(port_file).read().strip()


def painted(raw, width=1280, height=800):
    """Pixels of saturated paint on the canvas, leaving out the corners where the heading dial
    and the Undo, Redo and Done buttons sit, the eraser and brush buttons down the left, and the
    tilt pad picture a hint shows in the lower right (after 8 s without a tilt)."""
    n = 0
    for y in range(0, height, 2):
        row = y * width * 3
        for x in range(0, width, 2):
            if y < 140 and (x < 160 or x > width - 400) or (x < 110 and y < 580) or (x >= width - 200 and y >= height - 180):
                continue
            i = row + x * 3
            r, g, b = raw[i], raw[i + 1], raw[i + 2]
            if max(r, g, b) - min(r, g, b) > 100:
                n += 1
    return n * 4


def differing(a, b):
    return sum(1 for i in range(0, min(len(a), len(b)), 3) if a[i:i + 3] != b[i:i + 3]) + abs(len(a) - len(b)) // 3


def samples(path, start=0):
    """The 16-bit samples SDL's disk driver wrote, from byte `start` on."""
    with open(path, "rb") as f:
        f.seek(start)
        data = f.read()
    return [int.from_bytes(data[i:i + 2], "little", signed=True) for i in range(0, len(data) - 1, 2)]


def loudest(path, start=0):
    return max((abs(v) for v in samples(path, start)), default=0)


def kept_sound(settings):
    try:
        with open(settings) as f:
            return json.load(f).get("sound")
    except (OSError, ValueError):
        return None


def wait_exit(proc, seconds):
    try:
        proc.wait(seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise Failure("marble did not exit within %d s" % seconds)
    return proc.returncode


NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
GATE_BLUE = (74, 112, 196)  # the gate's number buttons (Palette.button)


def light(raw, x0, y0, x1, y1, width=1280):
    """The light pixels (white text) of a box of a screenshot, from the top left of their extent."""
    points = [(x, y) for y in range(y0, y1) for x in range(x0, x1)
              if min(raw[(y * width + x) * 3:(y * width + x) * 3 + 3]) > 150]
    if not points:
        return set()
    left, top = min(x for x, _ in points), min(y for _, y in points)
    return {(x - left, y - top) for x, y in points}


def rendered(text, px):
    """`text` drawn by ImageMagick in the window's font (FreeType, as SDL_ttf) at `px` pixels,
    white on black: the light pixels from their top left."""
    fonts = [os.environ.get("MARBLE_FONT", ""), "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
             "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]
    font = next(f for f in fonts if f and os.path.exists(f))
    pgm = subprocess.run(["convert", "-background", "black", "-fill", "white", "-font", font, "-pointsize", str(px),
                          "label:" + text, "-depth", "8", "pgm:-"], capture_output=True, timeout=20).stdout
    fields = pgm.split(maxsplit=4)  # P5, width, height, 255, the pixels
    w, h, pixels = int(fields[1]), int(fields[2]), fields[4]
    points = [(i % w, i // w) for i in range(w * h) if pixels[i] > 150]
    left, top = min(x for x, _ in points), min(y for _, y in points)
    return {(x - left, y - top) for x, y in points}


def gate_number(raw):
    """The number the grown-up gate asks for, read as a grown-up reads it: its word (a line of
    its own, 44 px, centred at y 226) matched against each number's word drawn in the same font.
    Returns the number and how far the next best word was from what the screen shows."""
    seen = light(raw, 200, 198, 1080, 256)
    scores = sorted((min(len(seen ^ {(x + dx, y + dy) for x, y in rendered(word, 44)})
                         for dx in (-1, 0, 1) for dy in (-1, 0, 1)), n + 1)
                    for n, word in enumerate(NUMBER_WORDS))
    if not seen or scores[0][0] * 3 > scores[1][0]:
        raise Failure("the gate's word is not one of one to nine (scores %s)" % scores[:3])
    return scores[0][1], scores


def tally(raw, colour, x0, x1, y0, y1, width=1280):
    """Pixels of exactly `colour` in a box of a screenshot."""
    want = bytes(colour)
    return sum(1 for y in range(y0, y1) for x in range(x0, x1) if raw[(y * width + x) * 3:(y * width + x) * 3 + 3] == want)


def on_gate(raw):
    """Whether the gate shows: its nine blue number buttons across the middle."""
    return tally(raw, GATE_BLUE, 0, 1280, 350, 490) > 60000


def through_gate(s, shot):
    """Settings' C asks for Class: the grown-up gate. Tapping the number asked (Enter, a click)
    does not pass; holding the new number asked with Enter for three seconds does. `shot`
    prefixes the screenshots; the Class page shows at the end."""
    s.keys(("tap", "c"), 0.8)
    gate = s.pixels(s.shot(shot + "-gate.png"))
    check(on_gate(gate), "C on Settings shows the grown-up gate, not Class")
    n, scores = gate_number(gate)
    check(True, "the gate asks for %s (next best word %d pixels off, this one %d)" % (NUMBER_WORDS[n - 1], scores[1][0], scores[0][0]))
    # Focus starts on 1; the arrows go to n. Tapped, clicked and mashed: each starts over.
    s.keys(*[("tap", "Right") for _ in range(n - 1)])
    s.keys(0.3, ("tap", "Return"), 0.3, ("tap", "Return"), 0.1, ("tap", "space"), 0.3)
    x, y = 128 * n, 420  # the centre of number n's button (nine 114 px wide, 14 apart, from x 71)
    s.run("xdotool", "mousemove", str(x), str(y), "click", "1")
    s.run("xdotool", "click", "--repeat", "6", "--delay", "90", "1")
    s.keys(0.2, *[("tap", k) for k in ("Return", "space") * 8], 0.6)
    tapped = s.pixels(s.shot(shot + "-gate-tapped.png"))
    check(on_gate(tapped), "tapping, clicking and mashing the number asked does not pass the gate")
    m, _ = gate_number(tapped)
    # Focus is still on n (a click focuses the number it presses): the arrows go to m.
    s.keys(*[("tap", "Right" if m > n else "Left") for _ in range(abs(m - n))])
    s.keys(0.3, ("down", "Return"), 1.5)
    holding = s.pixels(s.shot(shot + "-gate-holding.png"))
    check(on_gate(holding) and tally(holding, (46, 160, 90), 340, 940, 555, 585) > 4000,
          "holding %s down with Enter fills the bar" % NUMBER_WORDS[m - 1])
    s.keys(2.0, ("up", "Return"), 0.6)
    check(not on_gate(s.pixels(s.shot(shot + "-gate-passed.png"))), "held three seconds, the gate opens")


def write_png(path, width, height, color_at):
    """A plain RGB PNG (zlib and struct only): what a parent's photo stands in for."""
    rows = b"".join(b"\x00" + bytes(c for x in range(width) for c in color_at(x, y)) for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def window_arguments(doc, name, shots):
    """The window tests' command line (--marble, --shots), the shots' folder made; None (after a
    line naming it) when a tool the tests drive the window with is missing."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--marble", default=".build/debug/marble")
    parser.add_argument("--shots", default=shots)
    args = parser.parse_args()
    for tool in ("Xvfb", "xdotool", "import", "convert"):
        if shutil.which(tool) is None:
            print("%s: %s is missing (make test installs xvfb, xdotool and imagemagick)" % (name, tool), file=sys.stderr)
            return None
    os.makedirs(args.shots, exist_ok=True)
    args.marble = os.path.abspath(args.marble)
    return args


def main():
    args = window_arguments(__doc__, "e2e", "out/e2e")
    if args is None:
        return 2
    marble = args.marble
    work = tempfile.mkdtemp(prefix="marble-e2e-")
    display = Display()
    started = time.time()
    try:
        s = Session(marble, display, work, args.shots)

        print("draw")
        p = s.launch("--new", "--physics", "fake")
        # The first drawing of an empty store opens with its help; F1 puts it away.
        with_help = s.pixels(s.shot("1a-help.png"))
        s.keys(("tap", "F1"), 0.4)
        blank_path = s.shot("1-blank.png")
        check(differing(with_help, s.pixels(blank_path)) > 50000, "the first drawing opened with its help, and F1 put it away")
        blank = painted(s.pixels(blank_path))
        check(blank < 2000, "the new canvas is blank (%d painted pixels: the ball)" % blank)
        s.keys(("down", "Right"), 0.9, ("down", "Down"), 0.7, ("up", "Right"), ("down", "e"), 0.8, ("up", "e"),
               ("down", "Left"), 0.9, ("up", "Down"), ("down", "Up"), 0.6, ("up", "Left"), ("up", "Up"),
               ("down", "e"), 0.5, ("up", "e"))
        time.sleep(0.8)  # fake physics: the ball stops once the tilt has eased back
        drawn_path = s.shot("2-drawing.png")
        drawn = s.pixels(drawn_path)
        ink = painted(drawn)
        check(ink > blank + 3000, "a trail appeared (%d painted pixels)" % ink)

        print("quit")
        s.keys(("tap", "ctrl+q"))
        check(wait_exit(p, 10) == 0, "Ctrl+Q closed the window with status 0")
        listed = s.drawings()
        check(len(listed) == 1, "the store lists one drawing")
        first = listed[0]
        check(first["duration_s"] > 3, "the drawing holds %.1f s of drawing" % first["duration_s"])

        print("continue")
        p = s.launch("--continue")
        again = s.pixels(s.shot("3-continued.png"))
        diff = differing(drawn, again)
        check(diff == 0, "--continue shows the same screen (%d pixels differ)" % diff)

        print("undo")
        s.keys(("down", "Left"), 0.8, ("up", "Left"), 0.6)
        longer = painted(s.pixels(s.shot("3b-one-more-stroke.png")))
        check(longer > ink + 1000, "one more stroke (%d painted pixels, was %d)" % (longer, ink))
        s.keys(("tap", "z"), 0.4)
        undone = painted(s.pixels(s.shot("3c-undone.png")))
        check(undone < longer - 1000, "Z takes it away (%d painted pixels)" % undone)
        s.keys(("tap", "y"), 0.4)
        redone = painted(s.pixels(s.shot("3d-redone.png")))
        check(abs(redone - longer) < 200, "Y brings it back (%d painted pixels)" % redone)

        print("eraser and brushes")
        s.keys(("tap", "x"), 0.3, ("tap", "3"), 0.3, ("down", "Right"), 0.9, ("up", "Right"), 0.6)
        erased = painted(s.pixels(s.shot("3e-erasing.png")))
        check(erased < redone - 800, "X and a fat pass erase the trail (%d painted pixels, was %d)" % (erased, redone))
        # X again first: the ball is red again (the eraser's ball is white, not paint).
        s.keys(("tap", "z"), 0.4, ("tap", "x"), 0.3)
        unerased = painted(s.pixels(s.shot("3f-unerased.png")))
        check(abs(unerased - redone) < 300, "Z takes the eraser pass back (%d painted pixels)" % unerased)
        s.keys(("tap", "1"), 0.3, ("down", "Down"), 0.5, ("up", "Down"), 0.6)
        thin = painted(s.pixels(s.shot("3g-thin.png")))
        # Held a little longer than the thin pass, so that a press cut short on a busy machine
        # still covers the thin line's length (the fat one paints back over it).
        s.keys(("tap", "3"), 0.3, ("down", "Up"), 0.7, ("up", "Up"), 0.6)
        fat = painted(s.pixels(s.shot("3h-fat.png")))
        check(fat - thin > 3 * max(1, thin - unerased),
              "3 draws fat: %d more painted pixels, after 1 drew %d" % (fat - thin, thin - unerased))
        s.keys(("tap", "2"), 0.2)

        print("SIGTERM")
        s.keys(("down", "Up"), 0.6, ("up", "Up"), 0.3)
        p.send_signal(signal.SIGTERM)
        check(wait_exit(p, 10) == 143, "SIGTERM saves and exits 143")
        longer = s.drawings()[0]
        check(longer["duration_s"] > first["duration_s"] + 0.5,
              "the store kept the drawing after SIGTERM (%.1f s, was %.1f s)" % (longer["duration_s"], first["duration_s"]))

        print("tour")
        p = s.launch()
        s.shot("4-home.png")
        s.keys(("tap", "g"), 0.5)
        s.shot("5-gallery.png")
        s.keys(("tap", "Escape"), 0.3, ("tap", "s"), 0.5)
        s.shot("6b-settings.png")
        s.keys(("tap", "3"), 0.3)
        check(os.path.exists(s.settings) and json.load(open(s.settings)).get("sensitivity") == 2,
              "Settings: Fast is kept in settings.json (sensitivity 2)")
        # Settings ▸ Class is behind the grown-up gate; Esc comes back to Settings.
        through_gate(s, "6d")
        s.keys(("tap", "Escape"), 0.5)
        s.keys(("tap", "2"), 0.3, ("tap", "Escape"), 0.3, ("tap", "n"), 0.5)
        setup = s.pixels(s.shot("6-setup.png"))
        s.keys(("tap", "t"), 0.4)
        check(differing(setup, s.pixels(s.shot("6c-setup-trace.png"))) > 2000, "T in Setup chooses a shape to trace")
        s.keys(("tap", "Escape"), 0.3, ("tap", "c"), 0.6, ("tap", "Return"), 1.8)
        end = s.pixels(s.shot("7-end.png"))
        s.keys(("tap", "w"), 1.5)
        check(differing(end, s.pixels(s.shot("7b-watch.png"))) > 20000, "W on the End screen plays the drawing's history")
        s.keys(("tap", "Escape"), 0.5)
        check(differing(end, s.pixels(s.shot("7c-end-again.png"))) < 20000, "Esc goes back to the End screen")
        s.keys(("tap", "s"), 0.6)
        # The picture is encoded and written off the frame loop: give it a few seconds.
        folder = os.path.join(work, "pictures", "Marble")
        deadline = time.time() + 8
        while True:
            pictures = [n for n in os.listdir(folder) if n.endswith(".png")] if os.path.isdir(folder) else []
            if pictures or time.time() > deadline:
                break
            time.sleep(0.1)
        check(any(n.endswith(".png") for n in pictures), "Save picture wrote a PNG to ~/Pictures/Marble (%s)" % pictures)
        s.shot("8-saved.png")
        s.keys(("tap", "ctrl+q"))
        check(wait_exit(p, 10) == 0, "Ctrl+Q from the end screen exits 0")

        print("sound")
        first_audio, second_audio = os.path.join(work, "sound-1.raw"), os.path.join(work, "sound-2.raw")
        # The drawing's own sound, so the voice (first_minute_e2e.py hears it) is kept out.
        p = s.launch("--new", "--physics", "fake", "--no-voice", audio=first_audio)
        s.keys(("down", "Right"), 1.2, ("up", "Right"), 0.4)
        heard = loudest(first_audio)
        check(heard > 1000, "drawing is heard on the sound device (loudest sample %d)" % heard)
        s.keys(("tap", "m"), 0.5)
        mark = os.path.getsize(first_audio)
        s.keys(("down", "Left"), 1.2, ("up", "Left"), 0.3)
        after = loudest(first_audio, mark)
        check(after == 0 and os.path.getsize(first_audio) > mark + 48000,
              "M silences it (%d bytes more, loudest %d)" % (os.path.getsize(first_audio) - mark, after))
        check(kept_sound(s.settings) is False, "settings.json keeps \"sound\": false")
        s.keys(("tap", "ctrl+q"))
        check(wait_exit(p, 10) == 0, "Ctrl+Q exits 0")
        p = s.launch("--continue", "--no-voice", audio=second_audio)
        s.keys(("down", "Down"), 1.2, ("up", "Down"), 0.3)
        check(loudest(second_audio) == 0, "relaunched, the mute is kept: drawing is silent")
        s.keys(("tap", "m"), 0.3)
        mark = os.path.getsize(second_audio)
        s.keys(("down", "Up"), 1.2, ("up", "Up"), 0.3)
        heard = loudest(second_audio, mark)
        check(heard > 1000 and kept_sound(s.settings) is True, "M again: heard (%d) and kept" % heard)
        s.keys(("tap", "ctrl+q"))
        check(wait_exit(p, 10) == 0, "Ctrl+Q exits 0")

        print("sensitivity")
        rolled = {}
        for sensitivity in (1, 2):
            with open(s.settings) as f:
                kept = json.load(f)
            kept["sensitivity"] = sensitivity
            with open(s.settings, "w") as f:
                json.dump(kept, f)
            p = s.launch("--new", "--physics", "fake")
            before = painted(s.pixels(s.shot("9-sensitivity-%d-start.png" % sensitivity)))
            s.keys(("down", "Right"), 0.5, ("up", "Right"), 0.8)
            rolled[sensitivity] = painted(s.pixels(s.shot("9-sensitivity-%d.png" % sensitivity))) - before
            s.keys(("tap", "ctrl+q"))
            check(wait_exit(p, 10) == 0, "Ctrl+Q exits 0")
        ratio = rolled[2] / max(1, rolled[1])
        check(1.4 < ratio < 2.8, "a sensitivity of 2 in settings.json rolls the same key press about twice as far "
              "(%d painted pixels against %d: %.2f×)" % (rolled[2], rolled[1], ratio))

        print("phone")
        port_file = os.path.join(work, "dsu-port")
        server = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "dsu_server.py"),
                                   "--port", "0", "--port-file", port_file, "--rate", "100", "--seconds", "40",
                                   "--silence", "4:12.5", "--garbage", "--foreign"])
        try:
            deadline = time.time() + 10
            while not os.path.exists(port_file) and time.time() < deadline:
                time.sleep(0.05)
            port = open(port_file).read().strip()
            p = s.launch("--new", "--physics", "fake", "--motion", "127.0.0.1:" + port)
            start = painted(s.pixels(s.shot("10-phone-start.png")))
            time.sleep(2.5)
            rolling = painted(s.pixels(s.shot("10b-phone-drawing.png")))
            check(rolling > start + 3000, "the phone's tilt paints (%d painted pixels, was %d)" % (rolling, start))
            # Into the server's silence (4 s to 12.5 s of its stream): the app calls it lost after
            # 1.5 s, and the easy ball stops soon after.
            time.sleep(3.0)
            quiet_a = s.pixels(s.shot("10c-phone-silent.png"))
            time.sleep(1.2)
            quiet_b = s.pixels(s.shot("10d-phone-still-silent.png"))
            check(abs(painted(quiet_b) - painted(quiet_a)) < 300,
                  "silent, the ball stops (%d then %d painted pixels)" % (painted(quiet_a), painted(quiet_b)))
            # Every way in turn: whichever wall the ball stopped at, some of them move it.
            s.keys(("down", "Right"), 0.5, ("up", "Right"), ("down", "Left"), 0.7, ("up", "Left"),
                   ("down", "Down"), 0.4, ("up", "Down"), ("down", "Up"), 0.5, ("up", "Up"), 0.3)
            keyed = painted(s.pixels(s.shot("10e-phone-silent-keys.png")))
            check(keyed > painted(quiet_b) + 300, "silent, the keys still paint (%d painted pixels)" % keyed)
            # The stream comes back 12.5 s in; when the app hears it depends on how fast this machine
            # took the steps above, and for 3 s a "The phone is back." notice covers the bottom of the
            # canvas, where the ball often runs along the wall. So look again until the paint shows,
            # for as long as the server goes on streaming.
            time.sleep(2.5)
            deadline = time.time() + 12
            while True:
                back = painted(s.pixels(s.shot("10f-phone-back.png")))
                if back > keyed + 2000 or time.time() > deadline:
                    break
                time.sleep(0.5)
            check(back > keyed + 2000, "the phone comes back and paints again (%d painted pixels, %d with the keys)"
                  % (back, keyed))
            s.keys(("tap", "ctrl+q"))
            check(wait_exit(p, 10) == 0, "Ctrl+Q exits 0 with the phone streaming")
            err = p.stderr.read()
            check("reports used" in err and "ignored" in err and "CRC-32" in err,
                  "the log tells what the phone sent and what was turned away: %s" % err.strip().splitlines()[-1:])
        finally:
            server.kill()
            server.wait()

        print("two marbles")
        p = s.launch()
        s.keys(("tap", "n"), 0.4)
        one = s.pixels(s.shot("11a-setup-one.png"))
        s.keys(("tap", "p"), 0.4)
        two = s.pixels(s.shot("11a-setup-two.png"))
        check(differing(one, two) > 2000, "P on Setup chooses Two (%d pixels changed)" % differing(one, two))
        # P again: Three, Four (players 3 and 4 with no pad or phone yet, in red), then One and Two again.
        s.keys(("tap", "p"), 0.3, ("tap", "p"), 0.4)
        four = s.pixels(s.shot("11a-setup-four.png"))
        check(differing(two, four) > 2000, "P steps on to Four (%d pixels changed)" % differing(two, four))
        s.keys(("tap", "p"), 0.3, ("tap", "p"), 0.4)
        check(differing(two, s.pixels(s.shot("11a-setup-two-again.png"))) < 200, "and round to Two again")
        s.keys(("tap", "Return"), 0.6)
        # F1: the help in pictures, each marble's keys side by side; F1 again hides it.
        bare = s.pixels(s.shot("11a-two-marbles-bare.png"))
        s.keys(("tap", "F1"), 0.4)
        helped = s.pixels(s.shot("11a-two-marbles-help.png"))
        s.keys(("tap", "F1"), 0.4)
        check(differing(bare, helped) > 20000 and differing(bare, s.pixels(s.shot("11a-two-marbles-help-gone.png"))) < 500,
              "F1 shows the help over a drawing of two and hides it again")
        # Two children start half a turn apart: marble 1 red (0°), marble 2 cyan (180°), each
        # ringed in their player's colour (orange, sky blue). The left hand rolls marble 1
        # right and the right hand marble 2 left.
        s.keys(("down", "d"), ("down", "Left"), 0.9, ("up", "d"), ("up", "Left"),
               ("down", "s"), ("down", "Down"), 0.5, ("up", "s"), ("up", "Down"), 0.8)
        duet = s.pixels(s.shot("11b-two-marbles.png"))

        def count(raw, test, x0, x1, y0, y1, width=1280):
            n = 0
            for y in range(y0, y1, 2):
                for x in range(x0, x1, 2):
                    i = (y * width + x) * 3
                    if test(raw[i], raw[i + 1], raw[i + 2]):
                        n += 1
            return n
        red = lambda r, g, b: r > 200 and g < 90 and b < 90
        green = lambda r, g, b: g > 200 and b > 200 and r < 90
        left_red, right_green = count(duet, red, 300, 640, 150, 800), count(duet, green, 640, 1000, 150, 800)
        check(left_red > 150 and right_green > 150,
              "each side of the keyboard paints its own colour from the start (%d red pixels left, %d cyan right)" % (left_red, right_green))
        check(count(duet, green, 300, 600, 150, 800) < 20 and count(duet, red, 700, 1000, 150, 800) < 20,
              "and only its own marble paints on its side")
        orange = lambda r, g, b: r > 200 and 130 < g < 190 and b < 50
        sky = lambda r, g, b: r < 120 and 160 < g < 200 and b > 210
        # Each child's dial in the top bar, ringed in their colour; no paint in the bar or the tool edges.
        check(count(duet, orange, 0, 100, 0, 100) > 40 and count(duet, sky, 130, 240, 0, 100) > 40
              and count(duet, sky, 0, 100, 0, 100) == 0 and count(duet, orange, 130, 240, 0, 100) == 0,
              "two dials ringed in the players' colours (orange %d, sky blue %d)"
              % (count(duet, orange, 0, 100, 0, 100), count(duet, sky, 130, 240, 0, 100)))
        trail = lambda r, g, b: red(r, g, b) or green(r, g, b)
        check(count(duet, trail, 0, 108, 130, 800) == 0 and count(duet, trail, 1172, 1280, 130, 800) == 0
              and count(duet, trail, 240, 820, 0, 120) == 0, "no paint lies under a button (the canvas sits between the tool columns, below the bar)")
        s.keys(("tap", "Return"), 0.8)
        end = s.pixels(s.shot("11c-two-marbles-end.png"))
        # The End screen's movement panels, edged in each player's colour, under the picture.
        check(count(end, orange, 0, 1280, 560, 800) > 100 and count(end, sky, 0, 1280, 560, 800) > 100,
              "the End screen shows a movement panel for each child, in their colour")
        s.keys(("tap", "ctrl+q"))
        check(wait_exit(p, 10) == 0, "Ctrl+Q exits 0 after drawing with two marbles")

        print("two phones")
        # One server with two pads (DS4Windows with two pads, or a handheld's two controllers):
        # marble 1's phone is its first pad, marble 2's its second, each on a socket of its own.
        server, address = dsu_pads(work, 2)
        try:
            # A grown-up sets both phones on the phone screen: Settings, P, the address, Enter;
            # Tab to marble 2's, the same address, Enter: it is that server's second pad.
            p = s.launch()
            s.keys(("tap", "s"), 0.3, ("tap", "p"), 0.3)
            s.run("xdotool", "type", "--delay", "30", address)
            s.keys(("tap", "Return"), 0.3, ("tap", "Tab"), 0.3)
            s.run("xdotool", "type", "--delay", "30", address)
            s.keys(("tap", "Return"), 1.5)
            s.shot("12a-phone-marble-2.png")
            with open(s.settings) as f:
                kept = json.load(f)
            check(kept.get("phones") == [{"address": address, "pad": 0}, {"address": address, "pad": 1}],
                  "the phone screen keeps phone 1 and phone 2, the same server's second pad: %s" % kept.get("phones"))
            s.keys(("tap", "Escape"), 0.3, ("tap", "Escape"), 0.3, ("tap", "n"), 0.3, ("tap", "p"), 0.6)
            s.shot("12b-two-phones-setup.png")
            s.keys(("tap", "f"), 0.2, ("tap", "Return"), 0.6)
            start = s.pixels(s.shot("12c-two-phones-start.png"))
            time.sleep(3.0)
            duet = s.pixels(s.shot("12d-two-phones.png"))
            saturated = lambda r, g, b: max(r, g, b) - min(r, g, b) > 100
            # Pad 2 sends pad 1's motion mirrored, so each marble paints its side's mirror image.
            left = count(duet, saturated, 110, 640, 130, 800) - count(start, saturated, 110, 640, 130, 800)
            right = count(duet, saturated, 640, 1170, 130, 800) - count(start, saturated, 640, 1170, 130, 800)
            check(left > 300 and right > 300 and 0.6 < left / right < 1.67,
                  "each pad of one server paints with its own marble, mirror images "
                  "(%d new painted pixels on the left, %d on the right)" % (left, right))
            s.keys(("tap", "ctrl+q"))
            check(wait_exit(p, 10) == 0, "Ctrl+Q exits 0 with two phones streaming")
            err = p.stderr.read()
            used = re.findall(r"(phone \d) 127\.0\.0\.1:\d+( \(pad 2\))?: (\d+) reports used(, \d+ ignored)?", err)
            check(len(used) == 2 and all(int(n) > 100 and not ignored for _, _, n, ignored in used) and used[1][1],
                  "the log tells what each pad sent, none of it turned away: %s" % err.strip().splitlines()[-2:])
        finally:
            server.kill()
            server.wait()

        print("four phones")
        # Four pads of one DSU server (a console's two pairs of small controllers), one a
        # player: `--motion` once per marble, the same address again that server's next pad.
        server, address = dsu_pads(work, 4)
        try:
            p = s.launch("--new", "--marbles", "4", "--physics", "fake", *sum((["--motion", address] for _ in range(4)), []))
            s.shot("13a-four-phones-start.png")
            time.sleep(3.0)
            four = s.pixels(s.shot("13b-four-phones.png"))
            paint = lambda r, g, b: max(r, g, b) - min(r, g, b) > 100
            # The canvas (1060×676 at 110, 124) is new: all its paint is the marbles'. Marble k
            # starts at k/5 of its width, 212 px from the next; a band 212 px wide centred on
            # each start holds at least the first 106 px of that marble's trail, however soon it
            # left (a quarter of the width, as counted before, could hold only 53 px of marble
            # 4's: it had left before the first screenshot in one run).
            starts = [110 + 1060 * k // 5 for k in range(1, 5)]
            bands = [count(four, paint, x - 106, x + 106, 124, 800) for x in starts]
            check(all(n > 150 for n in bands),
                  "four pads of one server draw four trails (%s painted pixels about each start)" % bands)
            s.keys(("tap", "Return"), 0.8)
            end = s.pixels(s.shot("13c-four-phones-end.png"))
            colours = [lambda r, g, b: r > 200 and 130 < g < 190 and b < 50, lambda r, g, b: r < 120 and 160 < g < 200 and b > 210,
                       lambda r, g, b: r < 40 and 130 < g < 180 and 90 < b < 140, lambda r, g, b: r > 180 and 100 < g < 140 and 150 < b < 190]
            panels = [count(end, c, 0, 1280, 560, 800) for c in colours]
            check(all(n > 40 for n in panels), "the End screen shows four movement panels, one in each player's colour (%s)" % panels)
            s.keys(("tap", "ctrl+q"))
            check(wait_exit(p, 10) == 0, "Ctrl+Q exits 0 with four phones streaming")
            err = p.stderr.read()
            used = re.findall(r"phone (\d) 127\.0\.0\.1:\d+(?: \(pad (\d)\))?: (\d+) reports used", err)
            check(len(used) == 4 and all(int(n) > 100 for _, _, n in used) and [pad or "1" for _, pad, _ in used] == ["1", "2", "3", "4"],
                  "the exit log names four phones, pads 1 to 4, with the reports each used: %s" % used)
        finally:
            server.kill()
            server.wait()

        print("picture")
        # A photo in the Pictures folder: meadow green on the left, sky blue on the right.
        os.makedirs(os.path.join(work, "pictures"), exist_ok=True)
        green, sky = (40, 160, 60), (120, 180, 230)
        write_png(os.path.join(work, "pictures", "meadow.png"), 320, 200, lambda x, y: green if x < 160 else sky)
        before = len(s.drawings())
        p = s.launch()
        s.keys(("tap", "n"), 0.4, ("tap", "i"), 0.8)
        shelf = s.pixels(s.shot("14a-paint-over.png"))
        # The top row is the empty board and the colouring pages; the photos are the row below.
        s.keys(("tap", "Down"), 0.2, ("tap", "Return"), 0.6)
        s.shot("14b-setup-photo.png")
        def near(raw, x, y, c, tolerance=6):
            i = (y * 1280 + x) * 3
            return all(abs(raw[i + k] - c[k]) <= tolerance for k in range(3))
        # Start: the photo is fitted to the canvas and kept in the new drawing's journal (in this
        # debug build that takes seconds), so look until the drawing shows.
        s.keys(("tap", "Return"))
        deadline = time.time() + 30
        while True:
            time.sleep(0.5)
            start = s.pixels(s.shot("14c-over-photo.png"))
            if near(start, 300, 300, green) and near(start, 1000, 600, sky) or time.time() > deadline:
                break
        check(near(start, 300, 300, green) and near(start, 1000, 600, sky),
              "Setup ▸ Picture ▸ meadow: the new drawing lies over the photo (green left, sky right)")
        def off_photo(raw, y0, y1):
            return sum(1 for y in range(y0, y1, 2) for x in range(120, 1180, 2)
                       if not near(raw, x, y, green if x < 640 else sky, 12))
        s.keys(("tap", "3"), ("down", "Right"), 0.9, ("up", "Right"), 1.0)
        painted_path = s.shot("14d-painted.png")
        trail = off_photo(s.pixels(painted_path), 360, 440)
        check(trail > 300, "a trail painted over the photo (%d samples off the photo)" % trail)
        s.keys(("tap", "x"), ("down", "Left"), 1.4, ("up", "Left"), 1.2)
        erased = off_photo(s.pixels(s.shot("14e-erased.png")), 360, 440)
        check(erased < trail / 2, "the eraser wiped it back to the photo (%d samples off the photo, was %d)" % (erased, trail))
        s.keys(("tap", "ctrl+q"))
        check(wait_exit(p, 10) == 0, "Ctrl+Q saves the drawing over the photo and exits 0")
        check(len(s.drawings()) == before + 1, "the store lists the drawing over the photo")

        print("class")
        # A class folder on a real Apache mod_dav (127.0.0.1), set once by the teacher; the
        # server is stopped while the child hands in, so the hand-in waits, then comes back.
        # Its own folder, open to Apache's user (www-data when run as root): the work folder is 0700.
        dav_parent = tempfile.mkdtemp(prefix="marble-e2e-dav-")
        os.chmod(dav_parent, 0o755)
        dav_dir = os.path.join(dav_parent, "webdav")
        def dav_start(port=0):
            proc = subprocess.Popen([sys.executable, os.path.join(REPO, "Tests", "Tools", "webdav_server.py"), "--dir", dav_dir,
                                     "--port", str(port), "--user", "teacher", "--password", "secret"],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            started = json.loads(proc.stdout.readline() or "{}")
            if "port" not in started:
                raise Failure("webdav_server.py did not start: %s" % started)
            return proc, started["port"]
        def dav_stop(proc):
            proc.stdin.close()
            proc.wait(timeout=20)
        dav, port = dav_start()
        try:
            share = os.path.join(dav_dir, "www", "class", "c3")
            os.makedirs(share)
            os.chmod(share, 0o777)
            pw = os.path.join(work, "class-password.txt")
            with open(pw, "w") as f:
                f.write("secret\n")
            r = s.run(marble, "class", "set", "http://127.0.0.1:%d/class/c3/" % port, "--user", "teacher",
                      "--password-file", pw, "--names", "Ada, Ben", "--store", s.store)
            check(r.returncode == 0, "marble class set: the class folder answers (%s)" % (r.stderr.strip() or r.stdout.strip()))
            dav_stop(dav)
            p = s.launch("--new", "--physics", "fake")
            s.keys(("down", "Right"), 1.0, ("up", "Right"), 0.3, ("tap", "Return"), 0.8, ("tap", "i"), 0.8)
            names = s.pixels(s.shot("15a-class-names.png"))
            check(count(names, lambda r, g, b: (r, g, b) == (252, 250, 245), 0, 1280, 130, 800) < 1000,
                  "Hand in shows the children's names (no canvas in sight)")
            s.keys(("tap", "Return"), 2.0)
            def status():
                r = s.run(marble, "class", "status", "--json", "--store", s.store)
                return json.loads(r.stdout) if r.returncode == 0 else []
            waiting = status()
            green = lambda r, g, b: (r, g, b) == (46, 160, 90)
            end_wait = s.pixels(s.shot("15b-class-waiting.png"))
            check(len(waiting) == 1 and waiting[0]["child"] == "Ada" and waiting[0]["state"] == "waiting" and waiting[0]["error"],
                  "the server is down: the hand-in waits in the outbox and says why (%s)" % (waiting[0]["error"] if waiting else None))
            check(count(end_wait, green, 460, 860, 676, 752) < 200, "the End screen shows it waiting (no green tick yet)")
            dav, _ = dav_start(port)
            deadline = time.time() + 30
            while time.time() < deadline and not (status() and status()[0]["state"] == "sent"):
                time.sleep(0.5)
            time.sleep(0.5)
            end_sent = s.pixels(s.shot("15c-class-sent.png"))
            arrived = sorted(os.listdir(os.path.join(share, "Ada"))) if os.path.isdir(os.path.join(share, "Ada")) else []
            check(status()[0]["state"] == "sent" and len(arrived) == 2,
                  "the server is back: the window sends it by itself, into Ada's folder (%s)" % arrived)
            check(count(end_sent, green, 460, 860, 676, 752) > 2000, "the End screen shows the tick and the code")
            r = s.run(marble, "class", "pull", "--store", s.store)
            check(r.returncode == 0 and "Pulled 1 new" in r.stdout, "the teacher pulls it: %s" % r.stdout.strip().splitlines()[-1:])
            s.keys(("tap", "h"), 0.6, ("tap", "s"), 0.6)
            through_gate(s, "15d")
            room = s.pixels(s.shot("15d-class-screen.png"))
            check(count(room, lambda r, g, b: r > 240 and g > 240 and b > 230, 290, 1280, 320, 800) > 2000,
                  "the Class screen shows Ada's drawing (a thumbnail)")
            s.keys(("tap", "ctrl+q"))
            check(wait_exit(p, 10) == 0, "Ctrl+Q exits 0 with the class folder set")
        finally:
            if dav.poll() is None:
                dav_stop(dav)
            shutil.rmtree(dav_parent, ignore_errors=True)

        print("no display")
        env = dict(s.env)
        env.pop("DISPLAY", None)
        t = time.time()
        r = subprocess.run([marble, "play", "--store", s.store], env=env, capture_output=True, text=True, timeout=30)
        check(r.returncode == 69 and "no display" in r.stderr and time.time() - t < 5,
              "without a display: exit %d in %.1f s, '%s'" % (r.returncode, time.time() - t, r.stderr.splitlines()[0] if r.stderr else ""))
    except Failure as f:
        print("e2e FAILED: %s (screenshots in %s, store in %s)" % (f, args.shots, work), file=sys.stderr)
        return 1
    finally:
        display.close()
    shutil.rmtree(work, ignore_errors=True)
    print("e2e passed in %.1f s; screenshots in %s" % (time.time() - started, args.shots))
    return 0


if __name__ == "__main__":
    sys.exit(main())
