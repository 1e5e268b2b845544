#!/usr/bin/env python3
"""Power cuts: every state a crash can leave on disk, opened with marble, and checked.

    python3 Tests/Tools/powercut.py                      # every scenario (`make powercut`, minutes)
    python3 Tests/Tools/powercut.py --quick              # `make test`: one scenario, a sample of its states
    python3 Tests/Tools/powercut.py --only settings,edit --states 500

Each scenario sets up a store (two finished drawings, a picture, settings), runs marble's
commands under `strace -f` with the data of every write, and replays the calls onto a model of
the files (crashfs.py states the model: ALICE's for ext4's default mode, made stricter). After
each call it builds the states a power cut at that moment could leave, writes each distinct
one to a folder, and opens it with marble:

  opens     `marble drawings --json` exits 0, and `marble info ID --json` of every drawing it
            lists exits 0 and agrees with the gallery (title, duration, segments);
  kept      every drawing saved before the scenario is there and exact (samples, duration,
            segments, canvas hash, title, undo and redo steps, final position);
  changed   the drawing being changed is a state it really had: marble info of its journal
            cut after some record, never before the last record the program confirmed (a
            journal fdatasync that returned, or the command's exit); in real time (the
            window) it lacks at most 1 s of the drawing in memory at the cut;
  files     settings.json is the old or the new one; an exported picture or time-lapse is
            absent (if it was), the old one or the whole new one; a deleted drawing is gone
            or exact; after a command exits, what it did is there whatever else is lost.

Points are taken in reverse order, so a state seen at several moments is checked against the
strictest (latest) promise. Exits 0 when every state keeps every promise, 1 otherwise (the
failing state is kept with its trace), 2 on a usage or setup problem. Standard library only.
"""

import argparse
import concurrent.futures
import json
import os
import random
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import crashfs  # noqa: E402

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
KEY = ["samples", "duration_s", "segments", "canvas_sha256", "title", "undo_steps", "redo_steps", "final_positions"]


class SetupError(Exception):
    pass


def key(info):
    # Each marble's final position, from the report's `marbles` list.
    info = dict(info, final_positions=[m.get("final_position") for m in info.get("marbles") or []])
    return tuple(json.dumps(info.get(k), sort_keys=True) for k in KEY)


def journal_records(b):
    """[(end, duration, segments)] after each intact record of a journal's bytes."""
    out = []
    if len(b) < 16 or b[:8] != b"MRBLJRNL":
        return out
    pos = 16
    while pos + 9 <= len(b):
        n, kind = struct.unpack_from("<IB", b, pos)
        end = pos + 5 + n + 4
        if end > len(b) or zlib.crc32(b[pos:pos + 5 + n]) & 0xFFFFFFFF != struct.unpack_from("<I", b, pos + 5 + n)[0]:
            break
        duration, segments = (0.0, 0) if kind in (1, 7) else struct.unpack_from("<dQ", b, pos + 13)
        out.append((end, duration, segments))
        pos = end
    return out


class Marble:
    """Runs marble against a folder laid out as the scenario's work folder."""

    def __init__(self, binary):
        self.binary = binary

    def env(self, root):
        env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "MARBLE_"))}
        env.update(HOME=os.path.join(root, "home"), XDG_CONFIG_HOME=os.path.join(root, "config"),
                   XDG_DATA_HOME=os.path.join(root, "data"), XDG_PICTURES_DIR=os.path.join(root, "pictures"),
                   SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        return env

    def argv(self, root, *args):
        return [self.binary] + [a.replace("{root}", root) for a in args]

    def run(self, root, *args, timeout=120):
        return subprocess.run(self.argv(root, *args), env=self.env(root), capture_output=True, text=True, timeout=timeout)

    def must(self, root, *args):
        r = self.run(root, *args)
        if r.returncode != 0:
            raise SetupError("marble %s: exit %d\n%s" % (" ".join(args), r.returncode, r.stderr))
        return r.stdout

    def info(self, root, drawing):
        return json.loads(self.must(root, "info", drawing, "--json", "--store", "{root}/store").splitlines()[-1])


class JournalStates:
    """The states a drawing really had: marble info of its journal cut after each record."""

    def __init__(self, marble, scratch, drawing, content):
        self.marble, self.scratch, self.drawing, self.content = marble, scratch, drawing, content
        self.records = journal_records(content)
        self.keys, self.lock = {}, threading.Lock()

    def key_at(self, i):
        with self.lock:
            if i in self.keys:
                return self.keys[i]
        root = tempfile.mkdtemp(dir=self.scratch)
        path = os.path.join(root, "store", "drawings", self.drawing)
        os.makedirs(path)
        with open(os.path.join(path, "journal"), "wb") as f:
            f.write(self.content[: self.records[i][0]])
        k = key(self.marble.info(root, self.drawing))
        shutil.rmtree(root)
        with self.lock:
            self.keys[i] = k
        return k

    def match(self, info):
        """The record the state is the drawing after, or None."""
        d, s = info["duration_s"], info["segments"]
        for i in reversed(range(len(self.records))):
            _, rd, rs = self.records[i]
            if rs == s and abs(rd - d) <= 1e-9 * max(1.0, abs(d)) and self.key_at(i) == key(info):
                return i
        return None

    def confirmed(self, length):
        """The last record wholly inside the first `length` bytes (-1: none)."""
        last = -1
        for i, (end, _, _) in enumerate(self.records):
            if end <= length:
                last = i
        return last


# ---------------------------------------------------------------------------------------------
# Scenarios: each sets up the work folder, names its commands, and checks one state.


class Scenario:
    """A scenario: its setup, its commands, and what it promises.

    `changes` names the drawing whose journal the scenario changes ("new": the one it makes,
    "target": `self.target`, None: none), and `file` a file it replaces whole (`old` its bytes
    before, None when there was none); the common checks cover both.
    """
    name = ""
    realtime = False
    changes = None
    file = None

    def __init__(self, marble, work, logs):
        self.marble, self.work, self.logs = marble, work, logs
        self.kept = {}          # drawing id -> key, for drawings the scenario must not change
        self.changed = None     # (drawing id, JournalStates) once the traces are read
        self.target = None
        self.old = None
        self.new = None         # the file's bytes after the scenario

    def store(self):
        return os.path.join(self.work, "store")

    def base(self):
        """Two finished drawings, a picture of the first, and settings."""
        m, w = self.marble, self.work
        for d in ("store", "pictures", "config", "home"):
            os.makedirs(os.path.join(w, d), exist_ok=True)
        ids = []
        for log in ("figure-eight.csv", "spiral.csv"):
            out = m.must(w, "replay", os.path.join(REPO, "Replays", log), "--new", "--store", "{root}/store", "--json")
            ids.append(json.loads(out.splitlines()[-1])["id"])
        m.must(w, "export", ids[0], "--png", "{root}/pictures/picture.png", "--store", "{root}/store")
        m.must(w, "settings", "--sensitivity", "2")
        for i in ids:
            self.kept[i] = key(m.info(w, i))
        return ids

    def setup(self):
        self.base()

    def commands(self):
        return []

    def around(self):
        """A helper process to run while the commands do (None: none)."""
        return None

    def watch(self, path):
        return path.endswith("/journal") or path == self.file

    def after_trace(self, final):
        """Called with the last point: finds the drawing being changed and the file's new bytes."""
        drawing = self.new_drawing(final) if self.changes == "new" else self.target if self.changes == "target" else None
        if drawing:
            path = os.path.join(self.store(), "drawings", drawing, "journal")
            self.changed = (drawing, JournalStates(self.marble, self.work + "-scratch", drawing, final.watched.get(path, b"")))
        if self.file:
            self.new = final.watched.get(self.file)

    def check(self, point, root, infos):
        """Problems of one state beyond the common ones."""
        return self.check_changed(point, infos) + self.check_file(point, root)

    def new_drawing(self, final):
        prefix = os.path.join(self.store(), "drawings") + "/"
        for p in final.watched:
            d = p[len(prefix):].split("/")[0] if p.startswith(prefix) else None
            if d and d not in self.kept and p.endswith("/journal"):
                return d
        return None

    def check_changed(self, point, infos):
        if self.changed is None:
            return []
        drawing, states = self.changed
        path = os.path.join(self.store(), "drawings", drawing, "journal")
        confirmed = states.confirmed(point.acks.get(path, 0))
        info = infos.get(drawing)
        if info is None:
            if confirmed >= 1 or (point.exits and states.records):
                return ["drawing %s is gone, though the program had confirmed %d of its records" % (drawing, confirmed + 1)]
            return []
        i = states.match(info)
        if i is None:
            return ["drawing %s opens to a state it never had (%s s, %s segments)" % (drawing, info["duration_s"], info["segments"])]
        problems = []
        if i < confirmed:
            problems.append("drawing %s lost confirmed records: it opens after record %d, record %d was confirmed" % (drawing, i + 1, confirmed + 1))
        volatile = journal_records(point.watched.get(path, b""))
        if self.realtime and volatile:
            lost = volatile[-1][1] - states.records[i][1]
            point.loss = max(getattr(point, "loss", 0.0), lost)
            if lost > 1.0:
                problems.append("drawing %s lost %.2f s of drawing (at most 1 s)" % (drawing, lost))
        return problems

    def check_file(self, point, root):
        if not self.file:
            return []
        q = os.path.join(root, os.path.relpath(self.file, self.work))
        now = open(q, "rb").read() if os.path.exists(q) else None
        if now in ([self.new] if point.exits else [self.old, self.new]):
            return []
        if now is None:
            what = "missing"
        elif now == self.old:
            what = "still the old one (the new one was lost)"
        else:
            what = "%d bytes, neither the old (%s) nor the new (%d bytes)" % (
                len(now), "absent" if self.old is None else "%d bytes" % len(self.old), len(self.new))
        return ["%s is %s%s" % (os.path.relpath(self.file, self.work), what, " after the command exited" if point.exits else "")]


class Autosave(Scenario):
    """The window drawing with a phone's tilt: autosaves written in the frame, synced in the background."""
    name, realtime, changes = "autosave", True, "new"

    def setup(self):
        self.base()
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.bind(("127.0.0.1", 0))
        self.port = s.getsockname()[1]
        s.close()

    def commands(self):
        return [("play", "--new", "--store", "{root}/store", "--motion", "127.0.0.1:%d" % self.port,
                 "--exit-after-frames", str(self.logs.frames))]

    def around(self):
        return subprocess.Popen([sys.executable, os.path.join(REPO, "Tests", "Tools", "dsu_server.py"), "--port", str(self.port),
                                 "--log", os.path.join(REPO, "Replays", "figure-eight.csv"), "--seconds", "60"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


class Snapshots(Scenario):
    """A long replay into a new drawing: snapshots every 60 s of drawing, each rotating the one before."""
    name, changes = "snapshot", "new"

    def commands(self):
        return [("replay", self.logs.long, "--new", "--store", "{root}/store")]


class Repair(Scenario):
    """Opening a drawing whose journal is damaged before its snapshot's record: the checkpoint rewrite."""
    name = "repair"

    def setup(self):
        ids = self.base()
        self.target = ids[1]
        journal = os.path.join(self.store(), "drawings", self.target, "journal")
        # A byte in the middle: after the setup record, before the record the snapshot names.
        middle = os.path.getsize(journal) // 2
        with open(journal, "r+b") as f:
            f.seek(middle)
            b = f.read(1)
            f.seek(middle)
            f.write(bytes([b[0] ^ 0x5A]))

    def commands(self):
        return [("info", self.target, "--store", "{root}/store")]

    # The repair loses nothing: the damaged drawing stays in `kept` with its key from before
    # the damage, so every state must open to it exactly.


class Edit(Scenario):
    """Clear, then undo (bringing the picture back), on a finished drawing."""
    name, changes = "edit", "target"

    def setup(self):
        self.target = self.base()[0]
        del self.kept[self.target]

    def commands(self):
        return [("clear", self.target, "--store", "{root}/store"), ("undo", self.target, "--store", "{root}/store")]


class Delete(Scenario):
    """Deleting a drawing."""
    name = "delete"

    def setup(self):
        self.target = self.base()[1]
        self.whole = self.kept.pop(self.target)

    def commands(self):
        return [("delete", self.target, "--yes", "--store", "{root}/store")]

    def check(self, point, root, infos):
        info = infos.get(self.target)
        if info is None:
            return []
        if point.exits:
            return ["deleted drawing %s is back after delete exited" % self.target]
        return [] if key(info) == self.whole else ["drawing %s, being deleted, opens changed" % self.target]


class Index(Edit):
    """A new title: the journal's title record and the gallery's index rewritten."""
    name = "index"

    def commands(self):
        return [("rename", self.target, "A new title", "--store", "{root}/store"), ("drawings", "--store", "{root}/store")]


class SettingsSave(Scenario):
    """settings.json saved."""
    name = "settings"

    def setup(self):
        self.base()
        self.file = os.path.join(self.work, "config", "marble", "settings.json")
        self.old = open(self.file, "rb").read()

    def commands(self):
        return [("settings", "--sound", "off", "--big-buttons", "on")]

    def check(self, point, root, infos):
        problems = Scenario.check(self, point, root, infos)
        r = self.marble.run(root, "settings")
        if r.returncode != 0 or r.stderr.strip():
            problems.append("marble settings: exit %d %s" % (r.returncode, r.stderr.strip()))
        return problems


class SettingsFirst(SettingsSave):
    """settings.json saved for the first time: its folder made too."""
    name = "settings-new"

    def setup(self):
        SettingsSave.setup(self)
        shutil.rmtree(os.path.join(self.work, "config", "marble"))
        self.old = None


class ExportPicture(Scenario):
    """Saving a picture over an older one."""
    name = "export"

    def setup(self):
        self.target = self.base()[1]
        self.file = os.path.join(self.work, "pictures", "picture.png")
        self.old = open(self.file, "rb").read()

    def commands(self):
        return [("export", self.target, "--png", "{root}/pictures/picture.png", "--store", "{root}/store")]


class Timelapse(Scenario):
    """Saving a time-lapse where there was none."""
    name = "timelapse"

    def setup(self):
        self.target = self.base()[0]
        self.file = os.path.join(self.work, "pictures", "film.webp")

    def commands(self):
        return [("timelapse", self.target, "--out", "{root}/pictures/film.webp", "--seconds", "1", "--fps", "5",
                 "--width", "160", "--quiet", "--store", "{root}/store")]


class OpenPicture(Scenario):
    """`marble open` of an exported PNG: a new drawing from the journal inside it."""
    name, changes = "open", "new"

    def commands(self):
        return [("open", "{root}/pictures/picture.png", "--store", "{root}/store")]


class HandIn(Scenario):
    """Handing a drawing in to a class folder (a plain folder, a mounted share): the outbox
    written durably first (files, then the entry), then each file sent whole, then noted sent."""
    name = "hand-in"

    def setup(self):
        self.target = self.base()[1]
        self.share = os.path.join(self.work, "share")
        os.makedirs(self.share)
        self.marble.must(self.work, "class", "set", self.share, "--names", "Ada", "--store", "{root}/store")

    def commands(self):
        return [("class", "hand-in", self.target, "--name", "Ada", "--store", "{root}/store")]

    def watch(self, path):
        return "/store/outbox/" in path or path.startswith(self.share + "/")

    def after_trace(self, final):
        self.final = {os.path.relpath(p, self.work): b for p, b in final.watched.items()}

    def check(self, point, root, infos):
        problems = []
        r = self.marble.run(root, "class", "status", "--json", "--store", "{root}/store")
        if r.returncode != 0 or r.stderr.strip():
            return ["marble class status: exit %d %s" % (r.returncode, r.stderr.strip())]
        entries = json.loads(r.stdout)
        if len(entries) > 1:
            problems.append("the outbox holds %d hand-ins of one" % len(entries))
        if point.exits and len(entries) != 1:
            problems.append("the hand-in is gone from the outbox after the command said it was kept")
        for e in entries:
            entry = json.load(open(os.path.join(root, "store", "outbox", e["code"], "entry.json")))
            for f in entry["files"]:
                p = os.path.join(root, "store", "outbox", e["code"], f["name"])
                size = os.path.getsize(p) if os.path.exists(p) else None
                if size != f["size"]:
                    problems.append("outbox file %s is %s, the entry says %d bytes" % (f["name"], size, f["size"]))
        # Whatever the class folder shows under a real name is whole: the final bytes.
        for d, _, names in os.walk(os.path.join(root, "share")):
            for n in names:
                if n.startswith("."):
                    continue
                rel = os.path.relpath(os.path.join(d, n), root)
                now = open(os.path.join(d, n), "rb").read()
                if now != self.final.get(rel):
                    problems.append("the class folder shows %s with %d bytes, not the whole file" % (rel, len(now)))
        if point.exits and entries and entries[0]["state"] != "sent":
            problems.append("the command exited 0 but the hand-in is not noted sent")
        return problems


SCENARIOS = [Autosave, Snapshots, Repair, Edit, Delete, Index, SettingsSave, SettingsFirst, ExportPicture, Timelapse, OpenPicture, HandIn]


# ---------------------------------------------------------------------------------------------
# Exploring


def check_state(marble, scenario, point, dirs, files, scratch):
    """Materializes one crash state and opens it; returns its problems."""
    root = tempfile.mkdtemp(dir=scratch)
    try:
        crashfs.materialize(scenario.work, dirs, files, root)
        problems = []
        r = marble.run(root, "drawings", "--json", "--store", "{root}/store")
        if r.returncode != 0:
            return ["marble drawings: exit %d: %s" % (r.returncode, r.stderr.strip())]
        infos = {}
        for entry in json.loads(r.stdout):
            ri = marble.run(root, "info", entry["id"], "--json", "--store", "{root}/store")
            if ri.returncode != 0:
                problems.append("marble info %s: exit %d: %s" % (entry["id"], ri.returncode, ri.stderr.strip()))
                continue
            info = json.loads(ri.stdout.splitlines()[-1])
            infos[entry["id"]] = info
            if (entry["title"], entry["duration_s"], entry["segments"]) != (info["title"], info["duration_s"], info["segments"]):
                problems.append("the gallery lists %s as %r, %s s, %s segments; it opens as %r, %s s, %s segments" % (
                    entry["id"], entry["title"], entry["duration_s"], entry["segments"], info["title"], info["duration_s"], info["segments"]))
        for drawing, k in scenario.kept.items():
            if drawing not in infos:
                problems.append("saved drawing %s is missing" % drawing)
            elif key(infos[drawing]) != k:
                problems.append("saved drawing %s changed" % drawing)
        problems += scenario.check(point, root, infos)
        litter = [os.path.relpath(os.path.join(d, n), root) for d, subdirs, names in os.walk(os.path.join(root, "store"))
                  for n in names + subdirs if ".tmp-" in n or n.startswith(".deleting-")]
        if litter:
            problems.append("the store, opened, still holds what a cut left half-made: %s" % ", ".join(sorted(litter)[:3]))
        if problems:
            keep = scratch + "-failed-%d" % point.index
            if not os.path.exists(keep):
                shutil.copytree(root, keep)
            problems = [p + " [state kept in %s]" % keep for p in problems]
        return problems
    finally:
        shutil.rmtree(root, ignore_errors=True)


def important(point):
    d = point.description
    return not ((d.startswith("write ") or d.startswith("fdatasync ")) and "/journal " in d + " ")


def explore(marble, cls, args, logs, base):
    work = tempfile.mkdtemp(prefix="powercut-%s-" % cls.name, dir=base)
    scratch = work + "-scratch"
    os.makedirs(scratch)
    scenario = cls(marble, work, logs)
    scenario.setup()
    model = crashfs.Model(work, watch=scenario.watch)
    traces = []
    helper = scenario.around()
    try:
        if helper:
            time.sleep(0.3)
        for n, cmd in enumerate(scenario.commands()):
            trace = os.path.join(base, "%s-%d.strace" % (cls.name, n))
            r = crashfs.run_traced(marble.argv(work, *cmd), trace, env=marble.env(work))
            if r.returncode != 0:
                raise SetupError("%s: marble %s exited %d: %s" % (cls.name, " ".join(cmd), r.returncode, r.stderr.decode(errors="replace")))
            traces.append(trace)
    finally:
        if helper:
            helper.kill()
            helper.wait()
    points = list(crashfs.replay(model, traces))
    scenario.after_trace(points[-1])
    rng = random.Random(args.seed)
    regular = [p for p in points if not important(p)]
    keep_regular = set(id(p) for p in rng.sample(regular, min(len(regular), args.regular)))
    chosen = [p for p in points if important(p) or id(p) in keep_regular]
    seen, jobs = set(), []
    for p in reversed(chosen):
        for fp, dirs, files in p.states(rng):
            if fp in seen:
                continue
            seen.add(fp)
            jobs.append((p, dirs, files))
    if args.states and len(jobs) > args.states:
        jobs = rng.sample(jobs, args.states)
    failures = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = pool.map(lambda j: (j[0], check_state(marble, scenario, j[0], j[1], j[2], scratch)), jobs)
        for p, problems in results:
            for problem in problems:
                failures.append("after %s: %s" % (p.description, problem))
    loss = max([getattr(p, "loss", 0.0) for p in chosen] + [0.0])
    shutil.rmtree(scratch, ignore_errors=True)
    if not failures:
        shutil.rmtree(work, ignore_errors=True)
    return len(points), len(seen), len(jobs), loss, failures


class Logs:
    """The marble logs the scenarios play."""

    def __init__(self, base, quick):
        self.frames = 900 if quick else 2400
        self.long = os.path.join(base, "long.csv")
        with open(self.long, "w") as f:
            f.write("# marble-log 1\n# title: Long enough for snapshots\n# physics: fake\n# difficulty: normal\n"
                    "# canvas: 320x200\nt,tilt_x,tilt_y,heading,pen\n")
            rate, seconds = 30, 130
            for i in range(rate * seconds):
                t = i / rate
                f.write("%.6f,%.6f,%.6f,%.6f,1\n" % (t, 0.6 * _sin(t * 0.9), 0.6 * _sin(t * 1.3 + 1), (t * 40) % 360))


def _sin(x):
    import math
    return math.sin(x)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--marble", default=os.path.join(REPO, ".build", "debug", "marble"))
    ap.add_argument("--quick", action="store_true", help="one scenario (edit), a sample of its states")
    ap.add_argument("--only", help="comma-separated scenario names: " + ", ".join(c.name for c in SCENARIOS))
    ap.add_argument("--states", type=int, default=0, help="open at most this many states a scenario (0: all)")
    ap.add_argument("--regular", type=int, default=60, help="plain journal appends and syncs sampled a scenario")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--work", help="where to keep work folders (default: a new temporary folder)")
    args = ap.parse_args()
    if shutil.which("strace") is None:
        print("powercut: strace is missing (apt-get install strace)", file=sys.stderr)
        return 2
    if not os.access(args.marble, os.X_OK):
        print("powercut: %s is not built (swift build)" % args.marble, file=sys.stderr)
        return 2
    chosen = SCENARIOS
    if args.quick:
        chosen, args.states, args.regular = [Edit], args.states or 40, 10
    if args.only:
        names = args.only.split(",")
        unknown = [n for n in names if n not in [c.name for c in SCENARIOS]]
        if unknown:
            print("powercut: no scenario %s" % ", ".join(unknown), file=sys.stderr)
            return 2
        chosen = [c for c in SCENARIOS if c.name in names]
    base = args.work or tempfile.mkdtemp(prefix="powercut-")
    os.makedirs(base, exist_ok=True)
    marble = Marble(os.path.abspath(args.marble))
    logs = Logs(base, args.quick)
    print("powercut: seed %d, %d job(s), work in %s" % (args.seed, args.jobs, base))
    failed = False
    for cls in chosen:
        t0 = time.time()
        try:
            points, distinct, opened, loss, failures = explore(marble, cls, args, logs, base)
        except (SetupError, crashfs.TraceError) as e:
            print("%-10s setup failed: %s" % (cls.name, e), file=sys.stderr)
            return 2
        status = "every one kept its promise" if not failures else "%d problem(s)" % len(failures)
        extra = ", loss at most %.2f s" % loss if cls.realtime else ""
        print("%-10s %5d calls, %6d distinct crash states, %5d opened%s: %s (%.0f s)" % (
            cls.name, points, distinct, opened, extra, status, time.time() - t0))
        for f in sorted(set(failures))[:20]:
            print("    " + f)
        failed = failed or bool(failures)
    if not failed and not args.work:
        shutil.rmtree(base, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
