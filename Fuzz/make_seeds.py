#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora (Fuzz/Corpus/<target>/) from the test fixtures and Replays/.

Run once after a fixture or a format changes; the seeds are kept in the repository.
`make_seeds.py --marble .build/debug/marble` adds a small store in today's format, made by
replaying a log into it (a journal with edits, a snapshot and an index), and a four-marble drawing's journal and
snapshot (version 4). The version 5 seeds (a drawing over a picture) come from the frozen
store-v5 fixture. Each seed is cut small
(the first rows or records of a fixture): libFuzzer mutates short inputs much faster, and the
shape of a file is in its first lines.
"""
import os
import shutil
import random
import struct
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FIX = os.path.join(ROOT, "Tests", "MarbleKitTests", "Fixtures")
CORPUS = os.path.join(HERE, "Corpus")
# Seeds this script does not make, kept as they are when it runs: the DSU datagrams, the
# pictures (made once by Tests/MarblePicturesTests' helpers, through libpng, TurboJPEG and
# libwebp), and the two-marble drawing's files in version 3, which no build writes any more.
KEPT = ["DSU", "Pictures", os.path.join("Journal", "two-marbles"), os.path.join("Snapshot", "two-marbles")]


def head_lines(path, n):
    with open(path, "rb") as f:
        return b"".join(f.readlines()[:n])


def write(target, name, data):
    folder = os.path.join(CORPUS, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def joined(folder, rows):
    """A folder's files as one input: each after a line `@@@ NAME` (see FuzzInput.files)."""
    out = b""
    for dirpath, _, names in sorted(os.walk(folder)):
        for name in sorted(names):
            rel = os.path.relpath(os.path.join(dirpath, name), folder)
            out += b"@@@ " + rel.encode() + b"\n" + head_lines(os.path.join(dirpath, name), rows)
    return out


def journal_records(data):
    """The journal's header and its records' (start, end) by their lengths."""
    records, at = [], 16
    while at + 9 <= len(data):
        (length,) = struct.unpack_from("<I", data, at)
        end = at + 9 + length
        if end > len(data):
            break
        records.append((at, end))
        at = end
    return data[:16], records


def png_chunk(kind, payload):
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))


def small_snapshot(fixture):
    """A snapshot of an 8×6 drawing with one two-point stroke, built by hand from the layout in
    docs/drawing-store.md (the fixture's is 280 kB of pixels: slow to mutate)."""
    at = 32 + 8 + 4 + 16
    (title_len,) = struct.unpack_from("<I", fixture, at)
    at += 4 + title_len
    config = bytearray(fixture[at:at + 2 + 6 * 8 + 12])
    struct.pack_into("<II", config, 2 + 6 * 8, 8, 6)
    (radius,) = struct.unpack_from("<d", config, 2 + 4 * 8)
    w, h = 8, 6
    p = struct.pack("<QIdd", 16, 0, 1.7e9, 1.7e9 + 60) + struct.pack("<I", 5) + b"fuzzy" + bytes(config)
    ball = (w / 2, h / 2)  # a radius wider than the board keeps the ball at the centre
    p += struct.pack("<Bd", 1, 0.0) + struct.pack("<q", 240) + struct.pack("<dddd", ball[0], ball[1], 0, 0)
    p += struct.pack("<B", 1) + struct.pack("<ddddB", 1.0, 0.2, -0.1, 45, 1)
    p += struct.pack("<I", 0xFF3366CC) + struct.pack("<qqqB", 240, 61, 0, 0)
    p += struct.pack("<Bdddd", 0, 0, 0, 3.0, 0) + struct.pack("<I", 1)
    p += struct.pack("<I", 1) + struct.pack("<dI", 3.0, 2) + struct.pack("<ddI", 1, 1, 0xFF0000FF) + struct.pack("<ddI", 5, 4, 0xFF00FF00)
    p += struct.pack("<II", 1, 0) + struct.pack("<I", 0)
    p += bytes([200, 10, 10, 255]) * (w * h)
    p += struct.pack("<I", 0)
    assert radius > 0
    return b"MRBLSNAP" + struct.pack("<IIQII", 1, 0, len(p), zlib.crc32(p), 0) + p


def current_store(marble):
    """The journal, snapshot and index of a 64×48 drawing made now by `marble` (today's format)."""
    root = tempfile.mkdtemp(prefix="marble-seeds-")
    try:
        def run(*args):
            subprocess.run([marble, *args, "--store", root], check=True, stdout=subprocess.DEVNULL)
        log = os.path.join(root, "short.csv")
        with open(log, "wb") as f:
            f.write(head_lines(os.path.join(ROOT, "Replays", "scribble.csv"), 120))
        run("replay", log, "--new", "--size", "64x48")
        run("clear")
        run("undo")
        run("undo")
        run("redo")
        run("replay", log, "--continue")
        (drawing,) = os.listdir(os.path.join(root, "drawings"))
        folder = os.path.join(root, "drawings", drawing)
        subprocess.run([marble, "rename", drawing, "seed", "--store", root], check=True, stdout=subprocess.DEVNULL)
        run("drawings")
        read = lambda *p: open(os.path.join(*p), "rb").read()
        return read(folder, "journal"), read(folder, "snapshot"), read(root, "index")
    finally:
        shutil.rmtree(root, ignore_errors=True)


def four_marble_rows(first, count):
    """The frozen four-marble log's metadata and header row, then `count` of its rows from row
    `first` (from t = 5.8 s: marble 2 with a width of 20, marble 3 with the eraser from 6 s)."""
    lines = open(os.path.join(FIX, "formats", "marble-log-four-marbles.csv"), "rb").readlines()
    header = next(i for i, line in enumerate(lines) if line.startswith(b"t,")) + 1
    return b"".join(lines[:header] + lines[header + first:header + first + count])


def four_marble_store(marble):
    """The journal and snapshot (version 4) of a 64×48 drawing of four marbles made now by
    `marble` from 90 rows of the frozen four-marble log, then an undo."""
    root = tempfile.mkdtemp(prefix="marble-seeds-")
    try:
        def run(*args):
            subprocess.run([marble, *args, "--store", root], check=True, stdout=subprocess.DEVNULL)
        log = os.path.join(root, "four.csv")
        with open(log, "wb") as f:
            f.write(four_marble_rows(348, 90))
        run("replay", log, "--new", "--size", "64x48")
        run("undo")
        (drawing,) = os.listdir(os.path.join(root, "drawings"))
        folder = os.path.join(root, "drawings", drawing)
        read = lambda *p: open(os.path.join(*p), "rb").read()
        return read(folder, "journal"), read(folder, "snapshot")
    finally:
        shutil.rmtree(root, ignore_errors=True)


def write_pictures_seeds():
    """Version 5 (pictures), from the frozen store-v5 drawing (two marbles over a 160×100 page,
    kept raw): the journal's setup, picture and first see-through samples records, then its
    edits; and its snapshot whole (the picture under the paint is most of it)."""
    folder = os.path.join(FIX, "formats", "store-v5", "drawings")
    (drawing,) = os.listdir(folder)
    journal = open(os.path.join(folder, drawing, "journal"), "rb").read()
    header, records = journal_records(journal)
    edits = [r for r in records[5:] if journal[r[0] + 4] in (9, 10, 11)]
    write("Journal", "pictures", header + b"".join(journal[s:e] for s, e in records[:5] + edits))
    write("Snapshot", "pictures", open(os.path.join(folder, drawing, "snapshot"), "rb").read())


def write_class_seeds():
    """The class folder's readers: PROPFIND answers as Apache, lighttpd and Nextcloud write them
    (Fuzz/Targets/Multistatus.swift), and outbox entries as the outbox writes them, with the
    code the target reads them under (Fuzz/Targets/OutboxEntry.swift)."""
    write("Multistatus", "apache.xml", b"""<?xml version="1.0" encoding="utf-8"?>
<D:multistatus xmlns:D="DAV:">
<D:response xmlns:lp1="DAV:" xmlns:lp2="http://apache.org/dav/props/">
<D:href>/class/</D:href>
<D:propstat><D:prop><lp1:resourcetype><D:collection/></lp1:resourcetype><lp1:getlastmodified>Sun, 29 Nov 2026 06:00:14 GMT</lp1:getlastmodified><lp1:getetag>W/"1000-6616401cb59a6"</lp1:getetag></D:prop>
<D:status>HTTP/1.1 200 OK</D:status></D:propstat>
</D:response>
<D:response xmlns:lp1="DAV:" xmlns:lp2="http://apache.org/dav/props/">
<D:href>/class/Frau%20M%c3%bcller/</D:href>
<D:propstat><D:prop><lp1:resourcetype><D:collection/></lp1:resourcetype></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>
</D:response>
<D:response xmlns:lp1="DAV:" xmlns:lp2="http://apache.org/dav/props/">
<D:href>/class/20261127-101500-a3f9-K7QX9M.png</D:href>
<D:propstat><D:prop><lp1:resourcetype/><lp1:getcontentlength>1234</lp1:getcontentlength><lp1:getetag>"4d2-66164"</lp1:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>
<D:propstat><D:prop><D:lockdiscovery><D:activelock><D:locktoken><D:href>opaquelocktoken:48597bd1</D:href></D:locktoken></D:activelock></D:lockdiscovery></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>
</D:response>
</D:multistatus>
""")
    write("Multistatus", "lighttpd.xml", b"""<?xml version="1.0" encoding="utf-8"?>
<D:multistatus xmlns:D="DAV:" xmlns:ns0="urn:uuid:c2f41010-65b3-11d1-a29f-00aa00c14882/">
<D:response>
<D:href>/class/Ada/</D:href>
<D:propstat>
<D:prop>
<D:getcontentlength>4096</D:getcontentlength><D:getetag>"3310103126"</D:getetag><D:getlastmodified ns0:dt="dateTime.rfc1123">Sun, 29 Nov 2026 06:01:36 GMT</D:getlastmodified><D:resourcetype><D:collection/></D:resourcetype></D:prop>
<D:status>HTTP/1.1 200 OK</D:status>
</D:propstat>
</D:response>
<D:response>
<D:href>/class/Ada/a%20b.csv</D:href>
<D:propstat>
<D:prop>
<D:getcontentlength>0</D:getcontentlength><D:getetag>"4014723612"</D:getetag><D:resourcetype/></D:prop>
<D:status>HTTP/1.1 200 OK</D:status>
</D:propstat>
</D:response>
</D:multistatus>
""")
    write("Multistatus", "nextcloud.xml", b"""<?xml version="1.0"?>
<d:multistatus xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns"><d:response><d:href>https://cloud.example/remote.php/dav/files/frau/K/</d:href>
<d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype><d:getetag>&quot;abc&quot;</d:getetag></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>
<d:propstat><d:prop><d:getcontentlength/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat></d:response>
<d:response><d:href>/remote.php/dav/files/frau/K/J%c3%bcrgen.png</d:href><d:propstat><d:prop><d:resourcetype/><d:getcontentlength>77</d:getcontentlength></d:prop></d:propstat></d:response>
</d:multistatus>
""")
    files = (b'[{"name":"20261127-101500-a3f9-K7QX9M.png","remote":"20261127-101500-a3f9-K7QX9M.png","sent":true,"size":7},'
             b'{"name":"20261127-101500-a3f9-K7QX9M.csv","remote":"20261127-101500-a3f9-K7QX9M-2.csv","sent":false,"size":9}]')
    write("OutboxEntry", "waiting.json",
          b'{"child":"Ada","code":"K7QX9M","created":1000,"drawing":"20261127-101500-a3f9","files":' + files
          + b',"folder":"Ada","nextTry":1004,"state":"waiting","title":"Spiral","tries":2,'
          b'"error":"http:\/\/127.0.0.1:9\/class\/ does not answer"}')
    write("OutboxEntry", "sent.json",
          b'{"child":"","code":"K7QX9M","created":1000.5,"drawing":"20261127-101500-a3f9","files":' + files
          + b',"folder":"","nextTry":1000.5,"sentAt":1003.25,"state":"sent","title":"Bild f\u00fcr J\u00fcrgen","tries":1}')


def main():
    marble = sys.argv[sys.argv.index("--marble") + 1] if "--marble" in sys.argv else None
    kept = {}
    for name in KEPT:
        path = os.path.join(CORPUS, name)
        for dirpath, _, names in os.walk(path):
            for n in names:
                kept[os.path.relpath(os.path.join(dirpath, n), CORPUS)] = open(os.path.join(dirpath, n), "rb").read()
        if os.path.isfile(path):
            kept[name] = open(path, "rb").read()
    shutil.rmtree(CORPUS, ignore_errors=True)
    for name, data in kept.items():
        write(os.path.dirname(name), os.path.basename(name), data)
    if marble:
        journal, snapshot, index = current_store(marble)
        write("Journal", "current", journal)
        write("Snapshot", "current", snapshot)
        write("Index", "current", index)
        journal, snapshot = four_marble_store(marble)
        write("Journal", "four-marbles", journal)
        write("Snapshot", "four-marbles", snapshot)

    for i, text in enumerate([b"0", b"-1.5e-3", b"  42.125\t", b"0.1000000000000000055511151231257827",
                              b"1e308", b"4.9e-324", b"nan", b"-inf", b"123456789012345678", b"+.5E+2"]):
        write("NumberParser", f"n{i}", text)

    write("MarbleLog", "marble-log-v1.csv", open(os.path.join(FIX, "formats", "marble-log-v1.csv"), "rb").read())
    for name in ["bounces", "scribble", "spiral"]:
        write("MarbleLog", name + ".csv", head_lines(os.path.join(ROOT, "Replays", name + ".csv"), 40))
    write("MarbleLog", "four-marbles.csv", four_marble_rows(348, 40))

    for name in ["SensorLogger-iOS", "SensorLogger-Android"]:
        write("SensorLogger", name, joined(os.path.join(FIX, name), 12))
    for name in sorted(os.listdir(os.path.join(FIX, "phyphox"))):
        write("Phyphox", name, joined(os.path.join(FIX, "phyphox", name), 12))

    store = os.path.join(FIX, "formats", "store-v1")
    journal = open(os.path.join(store, "drawings", "20261121-143737-9602", "journal"), "rb").read()
    header, records = journal_records(journal)
    # The setup and the first samples; the setup and every edit (undo, redo, clear, title) that follows.
    write("Journal", "first-records", header + b"".join(journal[s:e] for s, e in records[:3]))
    edits = [r for r in records[1:] if journal[r[0] + 4] != 2][:6]
    write("Journal", "edits", header + journal[records[0][0]:records[0][1]] + b"".join(journal[s:e] for s, e in edits))
    write("Journal", "whole", journal)

    snapshot = open(os.path.join(store, "drawings", "20261121-143737-9602", "snapshot"), "rb").read()
    write("Snapshot", "store-v1", snapshot)
    write("Snapshot", "small", small_snapshot(snapshot))
    write("Index", "store-v1", open(os.path.join(store, "index"), "rb").read())

    write_pictures_seeds()
    write_class_seeds()

    # A tiny picture carrying the first records of the journal, and the frozen exported picture.
    small = header + b"".join(journal[s:e] for s, e in records[:2])
    ihdr = struct.pack(">IIBBBBB", 1, 1, 8, 6, 0, 0, 0)
    idat = zlib.compress(b"\x00\xff\x00\x00\xff")
    png = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", idat)
    write("PictureChunk", "tiny.png", png + png_chunk(b"mrBL", small) + png_chunk(b"IEND", b""))
    write("PictureChunk", "no-drawing.png", png + png_chunk(b"IEND", b""))
    write("PictureChunk", "drawing-v1.png", open(os.path.join(FIX, "formats", "drawing-v1.png"), "rb").read())

    write("SettingsFile", "defaults.json",
          b'{\n  "sound": true,\n  "scale": "newton",\n  "sensitivity": 1.0,\n  "invert_y": false,\n  "left_handed": false\n}\n')
    write("SettingsFile", "changed.json", b'{"sound":false,"scale":"pridmore","sensitivity":2.5e0,"invert_y":true,"left_handed":true}')
    write("SettingsFile", "wrong-kinds.json", b'{"sound":1,"scale":7,"sensitivity":"fast","extra":[null,{}]}')

    # The rasterizer: a wobbly stroke near a 40×30 canvas (Int16 points in 1/64 px), and raw
    # Float64 points: a steep piece leaning left, a far-off one, infinity and NaN (Fuzz/Targets/Canvas.swift).
    wobble, rng, x, y = bytes([40, 30]) + bytes([3 << 3]) + struct.pack("<hh", 640, 640), random.Random(3), 640, 640
    for _ in range(40):
        x, y = x + rng.randint(-150, 150), y + rng.randint(-150, 150)
        wobble += bytes([1]) + struct.pack("<hh", x, y)
    write("Canvas", "wobble", wobble + bytes([7]) + struct.pack("<hh", 0, 0))
    write("Canvas", "extremes", bytes([63, 63]) + bytes([0x80 | 3 << 3]) + struct.pack("<dd", 0.0, 1.17554)
          + bytes([0x81]) + struct.pack("<dd", -1e-15, 11.17554) + bytes([0x81]) + struct.pack("<dd", -1e300, 5)
          + bytes([0x81]) + struct.pack("<dd", float("inf"), float("nan")))


if __name__ == "__main__":
    main()
