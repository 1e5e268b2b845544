#!/usr/bin/env python3
"""Draws marble's colouring pages: simple outlines, black on white, 1280×800 PNGs.

Drawn by the project (this script; no outside artwork), so the package's copyright file covers
them. Each shape is a list of strokes (polylines, closed or not) and circles; a pixel's ink is
its distance to the nearest stroke, anti-aliased over one pixel, lines LINE px wide. Run it
again to make the PNGs (they are committed: make test does not need Python's help to ship
them).
"""
import math
import os
import struct
import zlib

W, H, LINE = 1280, 800, 9


def png(path, gray):
    rows = b"".join(b"\x00" + bytes(v for x in range(W) for v in (gray[y * W + x],) * 3) for y in range(H))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def draw(segments, circles):
    """White paper, black lines: each segment ((x0, y0), (x1, y1)) and circle (cx, cy, r)."""
    gray = bytearray([255]) * (W * H)
    def ink(x, y, d):
        a = min(1.0, max(0.0, LINE / 2 + 0.5 - d))
        i = y * W + x
        gray[i] = min(gray[i], int(255 * (1 - a) + 0.5))
    reach = LINE // 2 + 2
    for (x0, y0), (x1, y1) in segments:
        dx, dy = x1 - x0, y1 - y0
        l2 = dx * dx + dy * dy or 1e-9
        for y in range(max(0, int(min(y0, y1)) - reach), min(H, int(max(y0, y1)) + reach + 1)):
            for x in range(max(0, int(min(x0, x1)) - reach), min(W, int(max(x0, x1)) + reach + 1)):
                px, py = x + 0.5, y + 0.5
                t = max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / l2))
                ink(x, y, math.hypot(px - x0 - t * dx, py - y0 - t * dy))
    for cx, cy, r in circles:
        for y in range(max(0, int(cy - r) - reach), min(H, int(cy + r) + reach + 1)):
            for x in range(max(0, int(cx - r) - reach), min(W, int(cx + r) + reach + 1)):
                ink(x, y, abs(math.hypot(x + 0.5 - cx, y + 0.5 - cy) - r))
    return gray


def poly(points, closed=True):
    pts = points + ([points[0]] if closed else [])
    return list(zip(pts, pts[1:]))


def star(cx, cy, r1, r2, n=5):
    return [(cx + (r1 if k % 2 == 0 else r2) * math.sin(k * math.pi / n), cy - (r1 if k % 2 == 0 else r2) * math.cos(k * math.pi / n))
            for k in range(2 * n)]


PAGES = {
    "house": (poly([(440, 420), (640, 230), (840, 420)]) + poly([(470, 400), (810, 400), (810, 680), (470, 680)])
              + poly([(600, 680), (600, 540), (680, 540), (680, 680)], closed=False)
              + poly([(500, 450), (570, 450), (570, 510), (500, 510)]) + poly([(710, 450), (780, 450), (780, 510), (710, 510)])
              + poly([(100, 700), (1180, 700)], closed=False), [(1050, 160, 70)]),
    "fish": (poly([(330, 400), (520, 260), (800, 300), (930, 400), (800, 500), (520, 540)])
             + poly([(930, 400), (1090, 290), (1060, 400), (1090, 510)]) + poly([(560, 300), (600, 400), (560, 500)], closed=False),
             [(440, 380, 22), (200, 220, 30), (250, 120, 20), (1100, 650, 40)]),
    "flower": (poly([(640, 470), (640, 760)], closed=False) + poly([(640, 650), (540, 570), (500, 640), (640, 650)])
               + poly([(640, 620), (760, 540), (790, 610), (640, 620)]),
               [(640, 330, 70)] + [(640 + 130 * math.cos(k * math.pi / 3), 330 + 130 * math.sin(k * math.pi / 3), 62) for k in range(6)]),
    "star": (poly(star(640, 400, 300, 130)) + poly(star(200, 180, 80, 35)) + poly(star(1080, 620, 90, 40)), [(1080, 170, 60)]),
}

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    for name, (segments, circles) in PAGES.items():
        png(os.path.join(here, name + ".png"), draw(segments, circles))
        print("wrote", name + ".png")
