#!/usr/bin/env python3
"""Writes the marble logs in Replays/: demos and regression tests.

Each log is computed from a closed-form path: the tilt that makes the ball follow it in the
log's physics (fake: velocity = S*tilt; real: acceleration = A*tilt - k*velocity), with the
heading along the direction of motion. Run it from the repository root; the output is
deterministic (seeded), so re-running it changes nothing.
"""
import math
import random

W, H = 1280, 800
CX, CY = W / 2, H / 2
RATE = 60  # samples per second, like a phone or a game loop

PRESETS = {  # (A px/s^2 per g, S px/s per g, damping 1/s): keep in step with PhysicsParameters.preset
    "easy": (450.0, 300.0, 1.5),
    "normal": (750.0, 450.0, 0.6),
    "hard": (1100.0, 650.0, 0.15),
}


def heading_of(vx, vy, fallback):
    """Degrees clockwise from north (screen up) of a screen-space direction."""
    if vx * vx + vy * vy < 1e-9:
        return fallback
    return math.degrees(math.atan2(vx, -vy)) % 360.0


def tilt_for(physics, difficulty, v, a):
    """The tilt (x right, y towards the top) giving screen velocity v and acceleration a."""
    A, S, k = PRESETS[difficulty]
    if physics == "fake":
        tx, ty = v[0] / S, -v[1] / S
    else:
        tx, ty = (a[0] + k * v[0]) / A, -(a[1] + k * v[1]) / A
    n = math.hypot(tx, ty)
    if n > 1:
        tx, ty = tx / n, ty / n
    return tx, ty


def path_rows(physics, difficulty, duration, pos, pen=lambda t: 1, heading=None):
    """Samples a path p(t) (screen px) by finite differences into log rows."""
    rows, h = [], 0.0
    e = 1e-4
    for i in range(int(duration * RATE) + 1):
        t = i / RATE
        p0, p1, p2 = pos(t - e), pos(t), pos(t + e)
        v = ((p2[0] - p0[0]) / (2 * e), (p2[1] - p0[1]) / (2 * e))
        a = ((p2[0] - 2 * p1[0] + p0[0]) / (e * e), (p2[1] - 2 * p1[1] + p0[1]) / (e * e))
        tx, ty = tilt_for(physics, difficulty, v, a)
        h = heading(t) if heading else heading_of(v[0], v[1], h)
        rows.append((t, tx, ty, h, pen(t)))
    return rows


def fmt(x):
    x = round(x, 6) + 0.0  # six decimals: plenty for tilt, and no "-0.0"
    return repr(x)


def write(name, title, physics, difficulty, rows):
    with open(f"Replays/{name}.csv", "w", newline="\n") as f:
        f.write("# marble-log 1\n")
        f.write(f"# title: {title}\n# physics: {physics}\n# difficulty: {difficulty}\n")
        f.write(f"# canvas: {W}x{H}\n# made-by: Replays/generate.py\n")
        f.write("t,tilt_x,tilt_y,heading,pen\n")
        for t, tx, ty, h, pen in rows:
            f.write(f"{fmt(t)},{fmt(tx)},{fmt(ty)},{fmt(h)},{pen}\n")


def figure_eight():
    w = 2 * math.pi / 8  # one figure in 8 s
    pos = lambda t: (CX + 380 * math.sin(w * t), CY + 180 * math.sin(2 * w * t))
    write("figure-eight", "Figure of eight", "fake", "normal", path_rows("fake", "normal", 16, pos))


def spiral():
    w = 2 * math.pi / 6  # one turn in 6 s
    r = lambda t: 20 * t * t / (1 + t)  # starts at rest, then grows ~20 px/s
    pos = lambda t: (CX + r(t) * math.cos(w * t), CY + r(t) * math.sin(w * t))
    write("spiral", "Spiral", "real", "normal", path_rows("real", "normal", 17, pos))


def colour_wheel():
    # Three rings, painted clockwise from the top; the heading is the angle round the ring,
    # so each ring runs once through every hue.
    rings = [(330, 10), (230, 8), (130, 6)]
    segments, t0 = [], 0.0
    for radius, period in rings:
        segments.append((t0, t0 + 2.0, "move", radius, period))
        t0 += 2.0
        segments.append((t0, t0 + period, "ring", radius, period))
        t0 += period
    prev_r = 0.0

    def state(t):
        nonlocal prev_r
        r0 = 0.0
        for s, e, kind, radius, period in segments:
            if t <= e or (s, e) == segments[-1][:2]:
                if kind == "move":
                    u = min(max((t - s) / (e - s), 0), 1)
                    u = u * u * (3 - 2 * u)  # ease in and out
                    rr = r0 + (radius - r0) * u
                    return (CX, CY - rr), 0, 0.0
                ang = 2 * math.pi * min(max((t - s) / period, 0), 1)
                return (CX + radius * math.sin(ang), CY - radius * math.cos(ang)), 1, math.degrees(ang) % 360
            r0 = radius
        raise AssertionError

    pos = lambda t: state(t)[0]
    rows = path_rows("fake", "easy", t0, pos, pen=lambda t: state(t)[1], heading=lambda t: state(t)[2])
    write("colour-wheel", "Colour wheel", "fake", "easy", rows)


def scribble():
    # A child's wobbly scribble: smooth random tilt, a turning heading, the pen lifted now and then.
    rng = random.Random(20261121)
    waves = [(rng.uniform(0.04, 0.3), rng.uniform(0, 2 * math.pi), rng.uniform(0.15, 0.4)) for _ in range(6)]
    lifts = sorted(rng.uniform(3, 27) for _ in range(4))
    rows = []
    for i in range(30 * RATE + 1):
        t = i / RATE
        tx = sum(amp * math.sin(2 * math.pi * f * t + ph) for f, ph, amp in waves[:3])
        ty = sum(amp * math.cos(2 * math.pi * f * t + ph) for f, ph, amp in waves[3:])
        tx += rng.gauss(0, 0.04)  # a shaky hand
        ty += rng.gauss(0, 0.04)
        n = math.hypot(tx, ty)
        if n > 1:
            tx, ty = tx / n, ty / n
        heading = (40 * t + 60 * math.sin(0.7 * t)) % 360
        pen = 0 if any(s <= t < s + 1.0 for s in lifts) else 1
        rows.append((t, tx, ty, heading, pen))
    write("scribble", "Wobbly scribble", "real", "normal", rows)


def bounces():
    # Hard mode: the board tipped sharply one way, then another; the ball ricochets off the walls.
    rows = []
    tips = [(0.9, 0.3), (-0.6, -0.8), (-0.7, 0.7), (0.8, -0.5), (0.2, 0.95), (-0.9, -0.2)]
    for i in range(24 * RATE + 1):
        t = i / RATE
        tx, ty = tips[min(int(t // 4), len(tips) - 1)]
        rows.append((t, tx, ty, (t * 15) % 360, 1))
    write("bounces", "Bounces", "real", "hard", rows)


def exact_rows(difficulty, points):
    """Rows that carry a fake-physics ball exactly through `points` [(x, y, pen)], one a sample.

    Each sample's tilt is the chord to the next point over one sample's time (velocity = S*tilt,
    held until the next sample), so the ball lands on every point to rounding.
    """
    S = PRESETS[difficulty][1]
    rows, h = [], 0.0
    for i, (x, y, pen) in enumerate(points):
        nx, ny, _ = points[min(i + 1, len(points) - 1)]
        vx, vy = (nx - x) * RATE, (ny - y) * RATE
        h = heading_of(vx, vy, h)
        rows.append((i / RATE, vx / S, -vy / S, h, pen))
    return rows


def go_to(start, end, speed):
    """Points from start to end at `speed` px/s, pen up (the last is end)."""
    n = max(1, math.ceil(math.dist(start, end) / (speed / RATE)))
    return [(start[0] + (end[0] - start[0]) * k / n, start[1] + (end[1] - start[1]) * k / n, 0) for k in range(n + 1)]


def trace_circle():
    # The circle challenge drawn exactly: its guide is centred with radius 0.3*min(W, H) = 240 px.
    # Pen up from the centre to the top, then once round clockwise at 150 px/s, back to the top.
    r, speed = 0.3 * min(W, H), 150.0
    n = math.ceil(2 * math.pi * r / (speed / RATE))
    ring = [(CX + r * math.sin(2 * math.pi * k / n), CY - r * math.cos(2 * math.pi * k / n), 1) for k in range(n + 1)]
    points = go_to((CX, CY), ring[0][:2], speed) + ring
    write("trace-circle", "The circle, traced exactly", "fake", "normal", exact_rows("normal", points))


def trace_scribble():
    # A scribble in the top left corner, more than 150 px from the circle's guide.
    pos = lambda t: (165 + 110 * math.sin(0.9 * t) + 20 * math.sin(3.1 * t), 115 + 60 * math.sin(1.3 * t + 1) + 15 * math.sin(4.7 * t))
    start = pos(0)
    points = go_to((CX, CY), start, 400.0) + [(*pos(i / RATE), 1) for i in range(1, 20 * RATE + 1)]
    write("trace-scribble", "A scribble in the corner", "fake", "normal", exact_rows("normal", points))


def two_marbles():
    # Two children on one canvas (fake physics: each tilt is its marble's velocity). Each draws
    # a loop on their own side, then both steer at the other's side along the middle: the
    # marbles meet head on and push against each other; then each draws a wave back home, and
    # marble 2 lifts its pen for a while.
    def path(start, sign):
        x0, y0 = start

        def pos(t):
            if t < 8:  # a loop of radius 90 beside the start, once round in 8 s
                a = 2 * math.pi * t / 8
                return (x0 + sign * 90 * math.sin(a), y0 - 90 * (1 - math.cos(a)))
            if t < 13:  # along the middle at 220 px/s, towards the other side: they meet
                return (x0 + sign * 220 * (t - 8), y0)
            # back home in a wave at 100 px/s (from where the plan was, far past the middle: the
            # marble itself was stopped by the other, and only its velocity counts)
            u = t - 13
            return (x0 + sign * (1100 - 100 * u), y0 + 120 * math.sin(1.2 * u))
        return pos

    def rows_for(start, sign, pen):
        pos = path(start, sign)
        return path_rows("fake", "normal", 24, pos, pen=pen)

    one = rows_for((W / 3, H / 2), 1, lambda t: 1)
    two = rows_for((2 * W / 3, H / 2), -1, lambda t: 0 if 17 <= t < 19 else 1)
    with open("Replays/two-marbles.csv", "w", newline="\n") as f:
        f.write("# marble-log 1\n")
        f.write("# title: Two marbles\n# physics: fake\n# difficulty: normal\n")
        f.write(f"# canvas: {W}x{H}\n# made-by: Replays/generate.py\n")
        f.write("t,tilt_x,tilt_y,heading,pen,tilt_x2,tilt_y2,heading2,pen2\n")
        for (t, tx, ty, h, pen), (_, tx2, ty2, h2, pen2) in zip(one, two):
            f.write(f"{fmt(t)},{fmt(tx)},{fmt(ty)},{fmt(h)},{pen},{fmt(tx2)},{fmt(ty2)},{fmt(h2)},{pen2}\n")


def four_marbles():
    # Four children on one canvas (fake physics), marble k starting at k/5 of the width. Each
    # draws a loop beside its start (marbles 1 and 3 one way, 2 and 4 the other, each set off a
    # quarter turn from the one before, so each paints its own hues), then all
    # four steer at the middle of the canvas: they meet, push and slide past one another; then
    # each draws a wave back towards its side, marble 3 lifting its pen for a while.
    def path(k):
        x0, y0 = k * W / 5, H / 2
        sign = 1 if k % 2 else -1
        toward = (W / 2 - x0, (1 if k <= 2 else -1) * 40.0)

        def pos(t):
            if t < 8:  # a loop of radius 60 beside the start, once round in 8 s, set off a quarter
                a = 2 * math.pi * t / 8  # turn later than the marble before: each paints its own hues
                dx, dy = 60 * math.sin(a), -sign * 60 * (1 - math.cos(a))
                phi = (k - 1) * math.pi / 2
                return (x0 + dx * math.cos(phi) - dy * math.sin(phi), y0 + dx * math.sin(phi) + dy * math.cos(phi))
            if t < 12:  # towards the middle at its own pace: all four meet there
                u = (t - 8) / 4
                return (x0 + 1.6 * toward[0] * u, y0 + toward[1] * u)
            u = t - 12  # back towards its side in a wave
            return (x0 + 1.6 * toward[0] - (1 if toward[0] > 0 else -1) * 90 * u, y0 + toward[1] + 80 * math.sin(1.5 * u + k))
        return pos

    rows = [path_rows("fake", "normal", 20, path(k), pen=(lambda t: 0 if 14 <= t < 16 else 1) if k == 3 else (lambda t: 1))
            for k in range(1, 5)]
    with open("Replays/four-marbles.csv", "w", newline="\n") as f:
        f.write("# marble-log 1\n")
        f.write("# title: Four marbles\n# physics: fake\n# difficulty: normal\n")
        f.write(f"# canvas: {W}x{H}\n# made-by: Replays/generate.py\n")
        f.write("t,tilt_x,tilt_y,heading,pen" + "".join(f",tilt_x{k},tilt_y{k},heading{k},pen{k}" for k in range(2, 5)) + "\n")
        for row in zip(*rows):
            t = row[0][0]
            fields = [fmt(t)]
            for (_, tx, ty, h, pen) in row:
                fields += [fmt(tx), fmt(ty), fmt(h), str(pen)]
            f.write(",".join(fields) + "\n")


if __name__ == "__main__":
    figure_eight()
    spiral()
    colour_wheel()
    scribble()
    bounces()
    trace_circle()
    trace_scribble()
    two_marbles()
    four_marbles()
