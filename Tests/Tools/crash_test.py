#!/usr/bin/env python3
"""Crash test for marble's drawing store: kill a paced `marble replay --new` and check what survives.

    python3 Tests/Tools/crash_test.py                  # full: 20 SIGKILL rounds at speed 4, then SIGTERM
    python3 Tests/Tools/crash_test.py --quick          # CI: 4 SIGKILL rounds at speed 10, then SIGTERM
    python3 Tests/Tools/crash_test.py --seed 1234      # replay a run's kill moments

Each round plays LOG into a fresh store at --speed times real time and kills the process at a
random moment (seeded; the seed is printed). Every fifth SIGKILL round aims at the last moments
of the run, while the drawing is being closed (snapshot, thumbnail, index written). One last
round sends SIGTERM instead. After each round it checks:

  opens     `marble drawings --json` and `marble info ID --json` exit 0 and print nothing on
            stderr but, at most, the note that the last save was cut short; no temporary file
            (`.tmp-` in its name) is left in the store once it has been opened again.
  loss      at most --max-loss seconds of drawing were lost. The drawing time reached at the
            kill is bounded from above by (time the process was seen dead - a moment no later
            than the sample pacer's start) x speed. Two such moments are used, and the tighter
            bound kept: the spawn (taken before fork), and the modification time of the
            drawing's `lock` file, which `marble` creates while opening the new drawing, before
            its pacer starts (file times come from the kernel's coarse clock, never later than
            the event). So the loss printed is an upper bound; a stored drawing longer than the
            bound fails the test too (it would mean the bound is not one).
  exact     plain `marble replay PREFIX --json` of the log's first `samples` rows (same
            metadata lines) gives the same canvas_sha256, final_position, final_velocity,
            samples, segments and duration_s as `marble info`.
  continues `marble replay CONT --store DIR --continue ID --json` exits 0, its duration_s is
            the stored one plus CONT's last time, and it equals (same keys) a plain replay of
            PREFIX followed by CONT's rows shifted to start at the last stored sample's time;
            the gallery then lists the continued duration.
  SIGTERM   the process exits 128+15 = 143 and says what it saved; the loss bound, taken when
            the signal was sent, is under --term-loss (the signal is aimed at 70% of the way
            between two autosaves, so a store that saved only on its autosave timer would fail).

Exits 0 when every round passes, 1 on any failure (with the reasons, and the work folder is
kept), 2 on a usage or setup problem. Python 3 standard library only.
"""

import argparse
import concurrent.futures
import glob
import json
import math
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
TORN_NOTE = "the last save was cut short"
EXACT_KEYS = ["samples", "duration_s", "segments", "canvas_sha256", "final_position", "final_velocity"]


class SetupError(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# Marble logs


class MarbleLogText:
    """A marble-log v1 file as lines: the lines before the first data row, then data rows."""

    def __init__(self, path):
        self.path = path
        with open(path, "r", encoding="utf-8", newline="") as f:
            lines = f.read().splitlines(keepends=True)
        if not lines or lines[0].lstrip("\ufeff").rstrip("\r\n") != "# marble-log 1":
            raise SetupError(f"{path}: not a marble-log v1 file")
        self.head = []        # first line, metadata, comments, blank lines, the header row
        self.body = []        # the rest, as (line, t or None for comments and blank lines)
        header = None
        for line in lines:
            text = line.rstrip("\r\n")
            skip = text.strip() == "" or text.startswith("#")
            if header is None:
                self.head.append(line)
                if not skip:
                    header = [c.strip() for c in text.split(",")]
                continue
            if skip:
                self.body.append((line, None))
                continue
            fields = text.split(",")
            if len(fields) != len(header):
                raise SetupError(f"{path}: a row with {len(fields)} fields under a {len(header)}-column header: {text!r}")
            values = []
            for v in fields:
                try:
                    values.append(float(v))
                except ValueError:
                    raise SetupError(f"{path}: unreadable number in row {text!r}")
            if not all(math.isfinite(v) for v in values):
                raise SetupError(f"{path}: row {text!r} would be dropped by the reader; use a log without such rows")
            self.body.append((line, values))
        if header is None or "t" not in header:
            raise SetupError(f"{path}: no header row with a t column")
        self.header = header
        self.t_index = header.index("t")
        self.rows = [(line, values) for line, values in self.body if values is not None]
        if not self.rows:
            raise SetupError(f"{path}: no samples")
        self.times = [values[self.t_index] for _, values in self.rows]
        if any(b < a for a, b in zip(self.times, self.times[1:])):
            raise SetupError(f"{path}: time goes backwards")
        self.duration = self.times[-1] - self.times[0]

    def prefix_lines(self, n):
        """The head and the body up to (and with) the n-th data row."""
        out = list(self.head)
        if n == 0:
            return out
        seen = 0
        for line, values in self.body:
            out.append(line)
            if values is not None:
                seen += 1
                if seen == n:
                    break
        return out

    def samples_within(self, duration):
        """How many leading rows lie within `duration` of the first (the rows a drawing of that
        duration holds, unless rows share a time)."""
        t0 = self.times[0]
        return sum(1 for t in self.times if t - t0 <= duration + 1e-9)

    def save_points(self, interval):
        """The durations at which `marble` autosaves while playing this log into a new drawing
        (StoredDrawing.saveIfDue: at the first sample, then whenever interval has passed since
        the last save), then the end."""
        points, last = [], None
        t0 = self.times[0]
        for t in self.times:
            if last is None or t - last >= interval:
                last = t
                points.append(t - t0)
        if points[-1] != self.duration:
            points.append(self.duration)
        return points


def write_lines(path, lines):
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.writelines(lines)


def continued_log_lines(main, n, cont):
    """PREFIX(n) of the main log followed by CONT's rows placed as `--continue` places them:
    at (the last stored sample's time + t), in the main log's column order."""
    resume = main.times[n - 1] if n > 0 else 0.0
    newline = "\r\n" if main.head[-1].endswith("\r\n") else "\n"
    lines = main.prefix_lines(n)
    if not lines[-1].endswith("\n"):
        lines[-1] += newline
    order = [cont.header.index(c) for c in main.header]
    for line, values in cont.rows:
        fields = line.rstrip("\r\n").split(",")
        fields[cont.t_index] = repr(resume + values[cont.t_index])
        lines.append(",".join(fields[i] for i in order) + newline)
    return lines


# ---------------------------------------------------------------------------------------------
# Running marble


class Marble:
    def __init__(self, path):
        self.path = path

    def run(self, *args, timeout=300):
        p = subprocess.run([self.path, *args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")

    def json_run(self, what, *args):
        """Runs marble; (parsed JSON of stdout's last line, stderr). Raises Failure on a bad exit."""
        rc, out, err = self.run(*args)
        if rc != 0:
            raise Failure(f"{what}: `marble {' '.join(args)}` exited {rc}; stderr: {err.strip()!r}")
        lines = [l for l in out.splitlines() if l.strip()]
        try:
            return json.loads(lines[-1]), err
        except (IndexError, ValueError):
            raise Failure(f"{what}: `marble {' '.join(args)}` printed no JSON: {out[-300:]!r}")


class Failure(Exception):
    pass


def unexpected_stderr(err):
    """The stderr lines other than the note about a torn last save."""
    return [l for l in err.splitlines() if l.strip() and TORN_NOTE not in l]


def temp_leftovers(store):
    found = []
    for folder, dirs, files in os.walk(store):
        for name in dirs + files:
            if ".tmp-" in name:
                found.append(os.path.relpath(os.path.join(folder, name), store))
    return found


def lock_files(store):
    return glob.glob(os.path.join(store, "drawings", "*", "lock"))


def wait_for_lock(store, proc, timeout=20.0):
    """Waits until the new drawing's lock file exists; its mtime (wall clock)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        locks = lock_files(store)
        if locks:
            return os.stat(locks[0]).st_mtime
        if proc.poll() is not None:
            raise Failure(f"marble exited {proc.returncode} before the drawing was opened")
        time.sleep(0.002)
    raise Failure(f"no drawing lock appeared in {store} within {timeout:.0f} s")


def sleep_until(deadline):
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return
        time.sleep(min(left, 0.05))


# ---------------------------------------------------------------------------------------------
# One round


class Round:
    def __init__(self, number, kind):
        self.number = number
        self.kind = kind          # "kill" (random SIGKILL), "close" (SIGKILL while closing), "term"
        self.failures = []
        self.notes = []
        self.lost = None
        self.reached = None
        self.reached_spawn = None
        self.saved = None
        self.exit_code = None
        self.at = None
        self.torn = False

    def fail(self, message):
        self.failures.append(message)


def play_round(rnd, args, marble, log, cont, save_points, workdir, rng, pool):
    folder = os.path.join(workdir, f"round-{rnd.number:02d}")
    os.makedirs(folder)
    store = os.path.join(folder, "store")
    speed = args.speed
    run_wall = log.duration / speed
    cmd = [marble.path, "replay", log.path, "--store", store, "--new", "--speed", repr(speed), "--json"]

    # Choose the moment before starting, so that it does not depend on timing.
    if rnd.kind == "kill":
        delay = rng.uniform(0.0, run_wall + 0.3)
    elif rnd.kind == "close":
        delay = rng.uniform(0.0, 0.3)           # after the last sample is due
    else:
        middle = [i for i in range(1, len(save_points) - 1)
                  if 0.2 * log.duration <= save_points[i] <= 0.8 * log.duration]
        k = rng.choice(middle)
        target = save_points[k] + 0.7 * (save_points[k + 1] - save_points[k])

    out_path, err_path = os.path.join(folder, "replay.out"), os.path.join(folder, "replay.err")
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        spawn_mono = time.monotonic()
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        try:
            if rnd.kind == "kill":
                sleep_until(spawn_mono + delay)
            else:
                lock_wall = wait_for_lock(store, proc)
                due = lock_wall + (target / speed if rnd.kind == "term" else run_wall + delay)
                sleep_until(time.monotonic() + (due - time.time()))
            sig = signal.SIGTERM if rnd.kind == "term" else signal.SIGKILL
            finished_first = proc.poll() is not None
            if not finished_first:
                os.kill(proc.pid, sig)
            sent_mono, sent_wall = time.monotonic(), time.time()
            rnd.exit_code = proc.wait(timeout=60)
            dead_mono, dead_wall = time.monotonic(), time.time()
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    with open(err_path, encoding="utf-8", errors="replace") as f:
        replay_err = f.read()
    rnd.at = sent_mono - spawn_mono

    # The drawing time reached: an upper bound (see the module's docstring).
    if rnd.kind == "term":
        # Up to the signal: what was fed after it is at most the one sample whose wait had ended.
        end_mono, end_wall = sent_mono, sent_wall
    else:
        end_mono, end_wall = dead_mono, dead_wall
    rnd.reached_spawn = min(log.duration, (end_mono - spawn_mono) * speed)
    locks = lock_files(store)
    if locks:
        rnd.reached = min(rnd.reached_spawn, max(0.0, end_wall - os.stat(locks[0]).st_mtime) * speed)
    else:
        rnd.reached = 0.0   # the pacer starts after the lock exists: nothing was drawn
    if finished_first:
        rnd.notes.append("finished before the kill")
        rnd.reached = rnd.reached_spawn = log.duration

    # The process's own exit.
    if finished_first:
        if rnd.exit_code != 0:
            rnd.fail(f"replay finished on its own with exit {rnd.exit_code}: {replay_err.strip()!r}")
    elif rnd.kind == "term":
        if rnd.exit_code != 128 + signal.SIGTERM:
            rnd.fail(f"SIGTERM: replay exited {rnd.exit_code}, expected 143; stderr: {replay_err.strip()!r}")
    elif rnd.exit_code != -signal.SIGKILL:
        rnd.fail(f"replay exited {rnd.exit_code} instead of dying of SIGKILL")

    # The store opens.
    rc, out, err = marble.run("drawings", "--store", store, "--json")
    if rc != 0:
        rnd.fail(f"`marble drawings --json` exited {rc} after the kill: {err.strip()!r}")
        return
    if unexpected_stderr(err):
        rnd.fail(f"`marble drawings` complained: {unexpected_stderr(err)}")
    try:
        gallery = json.loads(out)
    except ValueError:
        rnd.fail(f"`marble drawings --json` printed no JSON: {out[-300:]!r}")
        return
    leftovers = temp_leftovers(store)
    if leftovers:
        rnd.fail(f"temporary files left in the store after it was opened again: {leftovers}")
    if len(gallery) > 1:
        rnd.fail(f"{len(gallery)} drawings in a store that got one replay")
        return
    if not gallery:
        # Killed before the new drawing's journal was in place: nothing could have been drawn.
        rnd.saved = 0.0
        rnd.lost = rnd.reached
        rnd.notes.append("killed before the drawing existed")
        if rnd.reached > args.max_loss:
            rnd.fail(f"no drawing in the store, but up to {rnd.reached:.3f} s may have been drawn")
        if os.path.exists(os.path.join(store, "drawings")) and locks:
            rnd.fail("a drawing was opened (its lock exists) but the gallery does not list it")
        return
    entry = gallery[0]
    did = entry["id"]

    # Guess the sample count from the gallery's duration so the replays can start with `info`.
    n_guess = log.samples_within(entry["duration_s"])
    prefix_path = lambda n: os.path.join(folder, f"prefix-{n}.csv")
    combined_path = lambda n: os.path.join(folder, f"prefix-{n}-continued.csv")

    def prefix_replay(n):
        write_lines(prefix_path(n), log.prefix_lines(n))
        return marble.json_run("prefix replay", "replay", prefix_path(n), "--json")

    def combined_replay(n):
        write_lines(combined_path(n), continued_log_lines(log, n, cont))
        return marble.json_run("replay of prefix + continuation", "replay", combined_path(n), "--json")

    def info_then_continue():
        info, info_err = marble.json_run("info", "info", did, "--store", store, "--json")
        cont_out = None
        try:
            cont_out = marble.json_run("continue", "replay", cont.path, "--store", store, "--continue", did, "--json")
        except Failure as e:
            cont_out = e
        return info, info_err, cont_out

    futures = {
        "main": pool.submit(info_then_continue),
        "prefix": pool.submit(prefix_replay, n_guess),
        "combined": pool.submit(combined_replay, n_guess) if not args.no_continue_exact else None,
    }
    try:
        info, info_err, cont_result = futures["main"].result()
    except Failure as e:
        rnd.fail(str(e))
        for f in futures.values():
            if f:
                f.cancel()
        return
    if unexpected_stderr(info_err):
        rnd.fail(f"`marble info` complained: {unexpected_stderr(info_err)}")
    rnd.torn = TORN_NOTE in info_err
    rnd.saved = info["duration_s"]
    n = info["samples"] + info["dropped_samples"]
    if info["dropped_samples"]:
        rnd.fail(f"info reports {info['dropped_samples']} dropped samples; the log has none")
    if abs(entry["duration_s"] - info["duration_s"]) > 1e-9:
        rnd.fail(f"the gallery says {entry['duration_s']} s, info says {info['duration_s']} s")
    if temp_leftovers(store):
        rnd.fail(f"temporary files in the store after info: {temp_leftovers(store)}")

    # Loss.
    rnd.lost = rnd.reached - rnd.saved
    if rnd.lost < -1e-6:
        rnd.fail(f"the store holds {rnd.saved:.3f} s but at most {rnd.reached:.3f} s can have been drawn: the "
                 "reached-time bound is wrong (or the store invents drawing)")
    if rnd.lost > args.max_loss:
        rnd.fail(f"lost up to {rnd.lost:.3f} s of drawing (reached <= {rnd.reached:.3f} s, saved {rnd.saved:.3f} s); "
                 f"the promise is at most {args.max_loss} s")
    if rnd.kind == "term" and not finished_first:
        if rnd.lost > args.term_loss:
            rnd.fail(f"SIGTERM lost up to {rnd.lost:.3f} s (more than {args.term_loss} s): what was fed before the "
                     "signal should all be saved")
        said = f"is saved ({rnd.saved:.1f} s)"
        if "stopped by SIGTERM" not in replay_err or said not in replay_err:
            rnd.fail(f"SIGTERM: expected stderr to say 'stopped by SIGTERM ... {said}', got {replay_err.strip()!r}")
    if rnd.kind != "term" and not any(abs(rnd.saved - p) < 1e-9 for p in [0.0] + save_points):
        rnd.notes.append(f"saved duration {rnd.saved} is not an autosave point")

    # Exactness: a plain replay of the first n rows.
    if n != n_guess:
        futures["prefix"].cancel()
        if futures["combined"]:
            futures["combined"].cancel()
        futures["prefix"] = pool.submit(prefix_replay, n)
        if futures["combined"]:
            futures["combined"] = pool.submit(combined_replay, n)
    try:
        plain, plain_err = futures["prefix"].result()
        diff = [k for k in EXACT_KEYS if plain.get(k) != info.get(k)]
        if diff:
            rnd.fail("the stored drawing differs from a plain replay of its first {} rows ({}): {}".format(
                n, prefix_path(n), "; ".join(f"{k}: stored {info.get(k)!r}, replay {plain.get(k)!r}" for k in diff)))
    except Failure as e:
        rnd.fail(str(e))

    # Continuing.
    if isinstance(cont_result, Failure):
        rnd.fail(str(cont_result))
        return
    continued, cont_err = cont_result
    if unexpected_stderr(cont_err):
        rnd.fail(f"`marble replay --continue` complained: {unexpected_stderr(cont_err)}")
    if n > 0:
        expected = rnd.saved + cont.times[-1]
    else:
        expected = cont.duration
    if abs(continued["duration_s"] - expected) > 1e-6:
        rnd.fail(f"continued drawing lasts {continued['duration_s']} s, expected {expected} s "
                 f"({rnd.saved} s stored + {cont.path} up to {cont.times[-1]} s)")
    if continued.get("samples") != info["samples"] + len(cont.rows):
        rnd.fail(f"continued drawing has {continued.get('samples')} samples, expected {info['samples']} + {len(cont.rows)}")
    if futures["combined"]:
        try:
            combined, _ = futures["combined"].result()
            diff = [k for k in EXACT_KEYS if combined.get(k) != continued.get(k)]
            if diff:
                rnd.fail("the continued drawing differs from a plain replay of prefix + shifted continuation ({}): {}".format(
                    combined_path(n), "; ".join(f"{k}: continued {continued.get(k)!r}, replay {combined.get(k)!r}" for k in diff)))
        except Failure as e:
            rnd.fail(str(e))
    rc, out, err = marble.run("drawings", "--store", store, "--json")
    if rc != 0 or unexpected_stderr(err):
        rnd.fail(f"`marble drawings` after continuing: exit {rc}, stderr {err.strip()!r}")
    else:
        after = json.loads(out)
        if len(after) != 1 or abs(after[0]["duration_s"] - continued["duration_s"]) > 1e-9:
            rnd.fail(f"after continuing the gallery lists {after}, expected one drawing of {continued['duration_s']} s")
    if temp_leftovers(store):
        rnd.fail(f"temporary files in the store after continuing: {temp_leftovers(store)}")


# ---------------------------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    ap.add_argument("--quick", action="store_true", help="CI mode: 4 SIGKILL rounds at speed 10 (well under 30 s)")
    ap.add_argument("--rounds", type=int, help="SIGKILL rounds (default 20, or 4 with --quick)")
    ap.add_argument("--speed", type=float, help="replay speed, times real time (default 4, or 10 with --quick)")
    ap.add_argument("--seed", type=int, help="seed of the kill moments (default: a random one, printed)")
    ap.add_argument("--marble", default=os.environ.get("MARBLE", os.path.join(REPO, ".build", "debug", "marble")),
                    help="the marble binary (default: $MARBLE, else .build/debug/marble)")
    ap.add_argument("--log", default=os.path.join(REPO, "Replays", "scribble.csv"),
                    help="the log played into the store (default Replays/scribble.csv, 30 s)")
    ap.add_argument("--continue-log", default=os.path.join(REPO, "Replays", "figure-eight.csv"),
                    help="the log played on with --continue after each kill (default Replays/figure-eight.csv)")
    ap.add_argument("--max-loss", type=float, default=1.0, help="seconds of drawing a kill may lose (default 1)")
    ap.add_argument("--term-loss", type=float, default=0.2,
                    help="seconds of drawing SIGTERM may lose, counting sample pacing and signal latency (default 0.2)")
    ap.add_argument("--autosave", type=float, default=0.5,
                    help="marble's autosave interval in drawing seconds, to aim SIGTERM between saves (default 0.5)")
    ap.add_argument("--no-term", action="store_true", help="skip the SIGTERM round")
    ap.add_argument("--no-continue-exact", action="store_true",
                    help="skip the plain replay that checks the continued drawing bit for bit")
    ap.add_argument("--workdir", help="where the stores go (default: a new temporary folder)")
    ap.add_argument("--keep", action="store_true", help="keep the work folder even when all passes")
    args = ap.parse_args()
    if args.rounds is None:
        args.rounds = 4 if args.quick else 20
    if args.speed is None:
        args.speed = 10.0 if args.quick else 4.0
    if args.rounds < 0 or not args.speed > 0:
        ap.error("--rounds must be 0 or more and --speed above 0")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)

    started = time.monotonic()
    try:
        if not os.access(args.marble, os.X_OK):
            raise SetupError(f"{args.marble}: no marble binary there (build it with `swift build`, or pass --marble)")
        log = MarbleLogText(args.log)
        cont = MarbleLogText(args.continue_log)
        if sorted(cont.header) != sorted(log.header) and not args.no_continue_exact:
            raise SetupError(f"{args.continue_log} has other columns than {args.log}; pass --no-continue-exact")
    except SetupError as e:
        print(f"crash_test: {e}", file=sys.stderr)
        return 2
    marble = Marble(os.path.abspath(args.marble))
    save_points = log.save_points(args.autosave)
    workdir = args.workdir or tempfile.mkdtemp(prefix="marble-crash-")
    os.makedirs(workdir, exist_ok=True)
    rng = random.Random(seed)

    kinds = ["close" if i % 5 == 4 or (args.quick and i == args.rounds - 1) else "kill" for i in range(args.rounds)]
    if not args.no_term:
        kinds.append("term")
    print(f"crash test: {len(kinds)} rounds ({kinds.count('kill')} random SIGKILL, {kinds.count('close')} SIGKILL while "
          f"closing, {kinds.count('term')} SIGTERM), {os.path.relpath(log.path)} ({log.duration:g} s, {len(log.rows)} samples) "
          f"at speed {args.speed:g}, continued with {os.path.relpath(cont.path)}")
    print(f"seed: {seed} (rerun with --seed {seed}); marble: {marble.path}; work folder: {workdir}")

    rounds = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
        for i, kind in enumerate(kinds, 1):
            rnd = Round(i, kind)
            try:
                play_round(rnd, args, marble, log, cont, save_points, workdir, rng, pool)
            except (Failure, subprocess.TimeoutExpired, OSError, ValueError, KeyError) as e:
                rnd.fail(f"{type(e).__name__}: {e}")
            rounds.append(rnd)
            what = {"kill": "SIGKILL", "close": "SIGKILL (closing)", "term": "SIGTERM"}[kind]
            line = f"round {i:2d}/{len(kinds)} {what:<17} at {rnd.at if rnd.at is not None else float('nan'):6.3f} s"
            if rnd.reached is not None:
                line += f"  reached <= {rnd.reached:6.3f} s (spawn bound {rnd.reached_spawn:6.3f})"
            if rnd.saved is not None:
                line += f"  saved {rnd.saved:6.3f} s"
            if rnd.lost is not None:
                line += f"  lost <= {rnd.lost:5.3f} s"
            if rnd.torn:
                line += "  [torn last save cut]"
            for note in rnd.notes:
                line += f"  [{note}]"
            line += "  ok" if not rnd.failures else "  FAILED"
            print(line, flush=True)
            for f in rnd.failures:
                print(f"    FAIL: {f}", flush=True)

    losses = [r.lost for r in rounds if r.lost is not None]
    failed = [r for r in rounds if r.failures]
    print()
    print(f"rounds: {len(rounds)}, passed: {len(rounds) - len(failed)}, failed: {len(failed)}; seed {seed}; "
          f"{time.monotonic() - started:.1f} s")
    if losses:
        print(f"seconds of drawing lost per kill (upper bounds): min {min(losses):.3f}, "
              f"median {statistics.median(losses):.3f}, max {max(losses):.3f} (allowed {args.max_loss:g})")
    if failed:
        print(f"FAILED: {len(failed)} round(s):", file=sys.stderr)
        for r in failed:
            for f in r.failures:
                print(f"  round {r.number}: {f}", file=sys.stderr)
        print(f"the stores are kept in {workdir}; rerun with --seed {seed}", file=sys.stderr)
        return 1
    if not args.keep and not args.workdir:
        shutil.rmtree(workdir, ignore_errors=True)
    print("crash test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
