#!/usr/bin/env python3
"""Crash test for marble's drawing store: kill a paced `marble replay --new` and check what survives.

    python3 Tests/Tools/crash_test.py                  # full: 20 SIGKILL rounds at speed 4 + SIGTERM (~4 min)
    python3 Tests/Tools/crash_test.py --quick          # CI (`make test`): 3 SIGKILL rounds at speed 8 + SIGTERM
    python3 Tests/Tools/crash_test.py --seed 1234      # the same kill moments again

Each round plays LOG into a fresh store at --speed times real time and kills the process at a
moment drawn from a seeded RNG (the seed is printed). Every fifth SIGKILL round (and the last one
with --quick) aims at the closing of the drawing after the last sample: it kills the process as
soon as a temporary file appears in the store (the snapshot being written; failing that, 1 s
after the last sample is due). One last round sends SIGTERM, aimed at 70% of the way between
two autosaves. After each round it checks:

  opens     `marble drawings --json` and `marble info ID --json` exit 0 and print nothing on
            stderr but, at most, the note that the last save was cut short; no temporary file
            (`.tmp-` in its name) is left in the store once it has been opened again.
  loss      at most --max-loss seconds of drawing were lost. The drawing time reached at the
            kill is bounded from above by (when the process was seen dead - a moment no later
            than the start of its sample pacer) x speed. Two such moments are used and the
            tighter bound kept: the spawn (taken before the fork), and the modification time of
            the drawing's `lock` file, which marble creates while opening the new drawing,
            before its pacer starts (file times come from the kernel's coarse clock, never later
            than the event). The loss printed is thus an upper bound: it also counts the ~10-20
            ms marble spends setting up the canvas after taking the lock, and any time the
            process was stalled by the machine (x speed). A stored drawing longer than the bound
            fails the test (the bound would not be one).
  exact     plain `marble replay PREFIX --json` of the log's first `samples` rows (same
            metadata lines) gives the same canvas_sha256, each marble's final_position and final_velocity,
            samples, segments and duration_s as `marble info`.
  continues `marble replay CONT --store DIR --continue ID --json` exits 0 and its duration_s is
            the stored one plus CONT's last time; it equals (same keys) a plain replay of PREFIX
            followed by CONT's rows shifted to the last stored sample's time (--continue-exact);
            the gallery then lists the continued duration.
  SIGTERM   (at --term-speed) the process exits 128+15 = 143 saying "stopped by SIGTERM; drawing
            ID is saved (D s)"; the store holds D (everything fed, not just the last autosave);
            the loss bound, taken when the signal was sent, is at most --term-loss.

Since the bound counts the time the machine kept marble from running, the replay runs at nice
-10 when allowed (--nice), and a loss over the limit comes with how long marble waited for a CPU
just before the kill. Such a failure is not retried away: a store that saves too rarely loses
a varying amount per kill, and a retry at "the same moment" would just as likely pass it.

Exits 0 when every round passes, 1 on any failure (with the reasons; the work folder is kept),
2 on a usage or setup problem. Python 3 standard library only.
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
EXACT_KEYS = ["samples", "duration_s", "segments", "canvas_sha256", "final_positions", "final_velocities"]


def with_ends(report):
    """The report with each marble's final position and velocity (from its `marbles` list) as
    two lists at the top, to compare as the other keys are."""
    marbles = report.get("marbles") or []
    return dict(report, final_positions=[m.get("final_position") for m in marbles],
                final_velocities=[m.get("final_velocity") for m in marbles])


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
        self.body = []        # the rest, as (line, its numbers or None for comments and blank lines)
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
            return with_ends(json.loads(lines[-1])), err
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


def wait_for_lock(store, proc, watch, timeout=20.0):
    """Waits until the new drawing's lock file exists; its mtime (wall clock)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        locks = lock_files(store)
        if locks:
            return os.stat(locks[0]).st_mtime
        if proc.poll() is not None:
            raise Failure(f"marble exited {proc.returncode} before the drawing was opened")
        watch.sample()
        time.sleep(0.002)
    raise Failure(f"no drawing lock appeared in {store} within {timeout:.0f} s")


class RunQueueWatch:
    """Samples how long a process has waited for a CPU (/proc/PID/schedstat, Linux), so that a
    loss bound over its limit can be told apart from a machine too busy to run marble on time."""

    def __init__(self, pid):
        self.path = f"/proc/{pid}/schedstat"
        self.samples = []    # (monotonic time, ns spent runnable but waiting for a CPU)

    def sample(self):
        try:
            with open(self.path) as f:
                self.samples.append((time.monotonic(), int(f.read().split()[1])))
        except (OSError, ValueError, IndexError):
            pass

    def sleep_until(self, deadline):
        while True:
            self.sample()
            left = deadline - time.monotonic()
            if left <= 0:
                return
            time.sleep(min(left, 0.01))

    def waited(self, since, until):
        """Seconds spent waiting for a CPU between two moments, as far as the samples tell."""
        inside = [w for t, w in self.samples if since <= t <= until]
        return (inside[-1] - inside[0]) / 1e9 if len(inside) >= 2 else None


# ---------------------------------------------------------------------------------------------
# One round


KIND_NAMES = {"kill": "SIGKILL", "close": "SIGKILL (closing)", "term": "SIGTERM"}


class Round:
    def __init__(self, number, kind, moment):
        self.number = number
        self.kind = kind          # "kill" (random SIGKILL), "close" (SIGKILL while closing), "term"
        self.moment = moment      # kill: s after spawn; close: at most s after the last sample is due;
                                  # term: drawing time
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

    def line(self, total):
        at = f"{self.at:6.3f}" if self.at is not None else "     ?"
        out = f"round {self.number:2d}/{total} {KIND_NAMES[self.kind]:<17} at {at} s"
        if self.reached is not None:
            out += f"  reached <= {self.reached:6.3f} s (spawn bound {self.reached_spawn:6.3f})"
        if self.saved is not None:
            out += f"  saved {self.saved:6.3f} s"
        if self.lost is not None:
            out += f"  lost <= {self.lost:5.3f} s"
        if self.torn:
            out += "  [torn last save cut off]"
        for note in self.notes:
            out += f"  [{note}]"
        return out + ("  ok" if not self.failures else "  FAILED")


def play_round(rnd, args, marble, log, cont, save_points, folder, pool):
    """Plays one round into `folder`, noting what fails in `rnd`; returns when all it ran is done."""
    submitted = []

    def submit(fn, *a):
        future = pool.submit(fn, *a)
        submitted.append(future)
        return future

    try:
        check_round(rnd, args, marble, log, cont, save_points, folder, submit)
    finally:
        # Nothing of this round may still run while the next one is timed.
        for future in submitted:
            try:
                future.result()
            except BaseException:
                pass


def check_round(rnd, args, marble, log, cont, save_points, folder, submit):
    os.makedirs(folder)
    store = os.path.join(folder, "store")
    speed = args.term_speed if rnd.kind == "term" else args.speed
    run_wall = log.duration / speed
    cmd = [marble.path, "replay", log.path, "--store", store, "--new", "--speed", repr(speed), "--json"]

    out_path, err_path = os.path.join(folder, "replay.out"), os.path.join(folder, "replay.err")
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        spawn_mono = time.monotonic()
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        if args.nice:
            # Other work on the machine then delays marble less (it starts up for ~70 ms first).
            try:
                os.setpriority(os.PRIO_PROCESS, proc.pid, args.nice)
            except OSError:
                pass
        watch = RunQueueWatch(proc.pid)
        try:
            if rnd.kind == "kill":
                watch.sleep_until(spawn_mono + rnd.moment)
            elif rnd.kind == "term":
                lock_wall = wait_for_lock(store, proc, watch)
                watch.sleep_until(time.monotonic() + (lock_wall + rnd.moment / speed - time.time()))
            else:
                # Closing: kill as soon as a temporary file shows (the snapshot being written), else
                # when the chosen time after the last sample is due has passed.
                lock_wall = wait_for_lock(store, proc, watch)
                end = time.monotonic() + (lock_wall + run_wall - time.time())
                watch.sleep_until(end - 0.03)
                while time.monotonic() < end + rnd.moment and proc.poll() is None and not temp_leftovers(store):
                    time.sleep(0.0005)
                if not temp_leftovers(store):
                    rnd.notes.append("no temporary file seen")
            sig = signal.SIGTERM if rnd.kind == "term" else signal.SIGKILL
            finished_first = proc.poll() is not None
            if not finished_first:
                os.kill(proc.pid, sig)
            sent_mono, sent_wall = time.monotonic(), time.time()
            rnd.exit_code = proc.wait(timeout=60)
            dead_mono, dead_wall = time.monotonic(), time.time()
            if rnd.exit_code == 0:
                finished_first = True   # it ended between the check and the signal
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    with open(err_path, encoding="utf-8", errors="replace") as f:
        replay_err = f.read()
    rnd.at = sent_mono - spawn_mono

    # The drawing time reached: an upper bound (see the module's docstring).
    if rnd.kind == "term":
        # Up to the signal: after it, marble feeds at most the one sample whose wait had ended.
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
        rnd.notes.append("finished before the signal")
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

    # What the kill left, before anything opens the store again.
    left = temp_leftovers(store)
    if left:
        rnd.notes.append(f"left {', '.join(os.path.basename(p) for p in left)}")
    if rnd.kind == "close" and not finished_first:
        snapshots = glob.glob(os.path.join(store, "drawings", "*", "snapshot"))
        rnd.notes.append("killed while closing" if left or not snapshots else "killed after the snapshot")

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
    if temp_leftovers(store):
        rnd.fail(f"temporary files left in the store after it was opened again: {temp_leftovers(store)}")
    if len(gallery) > 1:
        rnd.fail(f"{len(gallery)} drawings in a store that got one replay")
        return
    if not gallery:
        # Killed before the new drawing's journal was in place: nothing can have been drawn.
        rnd.saved = 0.0
        rnd.lost = rnd.reached
        rnd.notes.append("killed before the drawing existed")
        if locks:
            rnd.fail("a drawing was opened (its lock file exists) but the gallery does not list it")
        return
    entry = gallery[0]
    did = entry["id"]

    # Guess the sample count from the gallery's duration, so the replays need not wait for `info`.
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
        try:
            cont_out = marble.json_run("continue", "replay", cont.path, "--store", store, "--continue", did, "--json")
        except Failure as e:
            cont_out = e
        return info, info_err, cont_out

    exact_continue = args.continue_exact == "all" or (args.continue_exact == "first" and rnd.number == 1)
    futures = {
        "main": submit(info_then_continue),
        "prefix": submit(prefix_replay, n_guess),
        "combined": submit(combined_replay, n_guess) if exact_continue else None,
    }
    try:
        info, info_err, cont_result = futures["main"].result()
    except Failure as e:
        rnd.fail(str(e))
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

    # Loss.
    rnd.lost = rnd.reached - rnd.saved
    if rnd.lost < -1e-6:
        rnd.fail(f"the store holds {rnd.saved:.3f} s but at most {rnd.reached:.3f} s can have been drawn: the "
                 "reached-time bound is wrong (or the store invents drawing)")
    limit = args.term_loss if rnd.kind == "term" and not finished_first else args.max_loss
    if rnd.lost > limit:
        window = limit / speed
        waited = watch.waited(end_mono - window, end_mono)
        busy = ""
        if waited is not None:
            busy = (f"; in the last {window * 1000:.0f} ms before the {'signal' if rnd.kind == 'term' else 'kill'} "
                    f"marble waited {waited * 1000:.0f} ms for a CPU")
            if waited * speed >= 0.05:
                busy += f", which makes up to {waited * speed:.3f} s of that bound (a busy machine? try a lower --speed)"
        rnd.fail(f"lost up to {rnd.lost:.3f} s of drawing (reached <= {rnd.reached:.3f} s, saved {rnd.saved:.3f} s); "
                 f"at most {limit:g} s may be lost to {KIND_NAMES[rnd.kind]}{busy}")
    if rnd.kind == "term" and not finished_first:
        said = f"is saved ({rnd.saved:.1f} s)"
        if "stopped by SIGTERM" not in replay_err or said not in replay_err:
            rnd.fail(f"SIGTERM: marble should say 'stopped by SIGTERM; drawing {did} {said}' (what it fed, which the "
                     f"store must hold), but said {replay_err.strip()!r}")
    if rnd.kind != "term" and not any(abs(rnd.saved - p) < 1e-9 for p in [0.0] + save_points):
        rnd.notes.append(f"saved duration {rnd.saved} is not an autosave point")

    # Exactness: a plain replay of the first n rows.
    if n != n_guess:
        futures["prefix"] = submit(prefix_replay, n)
        if futures["combined"]:
            futures["combined"] = submit(combined_replay, n)
    try:
        plain, _ = futures["prefix"].result()
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
    expected = rnd.saved + cont.times[-1] if n > 0 else cont.duration
    if abs(continued["duration_s"] - expected) > 1e-6:
        rnd.fail(f"the continued drawing lasts {continued['duration_s']} s, expected {expected} s "
                 f"({rnd.saved} s stored + {os.path.basename(cont.path)} up to {cont.times[-1]} s)")
    if continued.get("samples") != info["samples"] + len(cont.rows):
        rnd.fail(f"the continued drawing has {continued.get('samples')} samples, expected {info['samples']} + {len(cont.rows)}")
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
    ap.add_argument("--quick", action="store_true",
                    help="CI mode: 3 SIGKILL rounds (the last while closing) at speed 8, then SIGTERM; about 25 s")
    ap.add_argument("--rounds", type=int, help="SIGKILL rounds (default 20, or 3 with --quick)")
    ap.add_argument("--speed", type=float, help="replay speed of the SIGKILL rounds, times real time (default 4, or 8 with --quick)")
    ap.add_argument("--term-speed", type=float, default=4.0, help="replay speed of the SIGTERM round (default 4)")
    ap.add_argument("--seed", type=int, help="seed of the kill moments (default: a random one, printed)")
    ap.add_argument("--marble", default=os.environ.get("MARBLE", os.path.join(REPO, ".build", "debug", "marble")),
                    help="the marble binary (default: $MARBLE, else .build/debug/marble)")
    ap.add_argument("--log", default=os.path.join(REPO, "Replays", "scribble.csv"),
                    help="the log played into the store (default Replays/scribble.csv, 30 s)")
    ap.add_argument("--continue-log", default=os.path.join(REPO, "Replays", "figure-eight.csv"),
                    help="the log played on with --continue after each kill (default Replays/figure-eight.csv)")
    ap.add_argument("--max-loss", type=float, default=1.0, help="seconds of drawing a SIGKILL may lose (default 1)")
    ap.add_argument("--term-loss", type=float, default=0.25,
                    help="seconds of drawing SIGTERM may lose, for sample pacing, canvas setup and signal "
                         "latency (default 0.25; a store that kept only its autosaves would lose ~0.35)")
    ap.add_argument("--autosave", type=float, default=0.5,
                    help="marble's autosave interval in drawing seconds, to aim SIGTERM between saves (default 0.5)")
    ap.add_argument("--nice", type=int, default=-10,
                    help="niceness given to the replay under test when allowed (root), so other work on the "
                         "machine stalls it less (default -10; 0 leaves it alone)")
    ap.add_argument("--no-term", action="store_true", help="skip the SIGTERM round")
    ap.add_argument("--continue-exact", choices=["all", "first", "none"],
                    help="rounds in which a plain replay checks the continued drawing bit for bit "
                         "(default all, or first with --quick: each costs a replay)")
    ap.add_argument("--workdir", help="where the stores go (default: a new temporary folder)")
    ap.add_argument("--keep", action="store_true", help="keep the work folder even when all passes")
    args = ap.parse_args()
    if args.rounds is None:
        args.rounds = 3 if args.quick else 20
    if args.speed is None:
        args.speed = 8.0 if args.quick else 4.0
    if args.continue_exact is None:
        args.continue_exact = "first" if args.quick else "all"
    if args.rounds < 0 or not args.speed > 0 or not args.term_speed > 0:
        ap.error("--rounds must be 0 or more, the speeds above 0")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)

    started = time.monotonic()
    try:
        if not os.access(args.marble, os.X_OK):
            raise SetupError(f"{args.marble}: no marble binary there (build it with `swift build`, or pass --marble)")
        log = MarbleLogText(args.log)
        cont = MarbleLogText(args.continue_log)
        if sorted(cont.header) != sorted(log.header) and args.continue_exact != "none":
            raise SetupError(f"{args.continue_log} has other columns than {args.log}; pass --continue-exact none")
    except SetupError as e:
        print(f"crash_test: {e}", file=sys.stderr)
        return 2
    marble = Marble(os.path.abspath(args.marble))
    save_points = log.save_points(args.autosave)
    workdir = os.path.abspath(args.workdir) if args.workdir else tempfile.mkdtemp(prefix="marble-crash-")
    os.makedirs(workdir, exist_ok=True)

    # Every moment comes from the seed, drawn before anything runs.
    rng = random.Random(seed)
    plan = []
    for i in range(args.rounds):
        if i % 5 == 4 or (args.quick and i == args.rounds - 1):
            plan.append(("close", 1.0))
        else:
            plan.append(("kill", rng.uniform(0.0, log.duration / args.speed)))
    if not args.no_term:
        gaps = [k for k in range(len(save_points) - 1) if 0.2 * log.duration <= save_points[k] <= 0.5 * log.duration]
        if not gaps:
            print(f"crash_test: {args.log} is too short to aim SIGTERM between autosaves", file=sys.stderr)
            return 2
        k = rng.choice(gaps)
        plan.append(("term", save_points[k] + 0.7 * (save_points[k + 1] - save_points[k])))

    kinds = [kind for kind, _ in plan]
    print(f"crash test: {len(plan)} rounds ({kinds.count('kill')} SIGKILL at random, {kinds.count('close')} SIGKILL while "
          f"closing at speed {args.speed:g}; {kinds.count('term')} SIGTERM at speed {args.term_speed:g}), "
          f"{os.path.relpath(log.path)} ({log.duration:g} s, {len(log.rows)} samples), continued with "
          f"{os.path.relpath(cont.path)}")
    print(f"seed: {seed} (rerun with --seed {seed}); marble: {marble.path}; work folder: {workdir}", flush=True)

    rounds = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
        for i, (kind, moment) in enumerate(plan, 1):
            rnd = Round(i, kind, moment)
            round_started = time.monotonic()
            try:
                play_round(rnd, args, marble, log, cont, save_points, os.path.join(workdir, f"round-{i:02d}"), pool)
            except (Failure, subprocess.TimeoutExpired, OSError, ValueError, KeyError, TypeError) as e:
                rnd.fail(f"{type(e).__name__}: {e}")
            print(f"{rnd.line(len(plan))} ({time.monotonic() - round_started:.1f} s)", flush=True)
            for f in rnd.failures:
                print(f"    FAIL: {f}", flush=True)
            rounds.append(rnd)

    failed = [r for r in rounds if r.failures]
    print()
    print(f"rounds: {len(rounds)}, passed: {len(rounds) - len(failed)}, failed: {len(failed)}; seed {seed}; "
          f"{time.monotonic() - started:.1f} s")
    print("seconds of drawing lost (upper bounds):")
    for kind, what, limit in [("kill", "SIGKILL mid-run", args.max_loss), ("close", "SIGKILL while closing", args.max_loss),
                              ("term", "SIGTERM", args.term_loss)]:
        losses = [r.lost for r in rounds if r.lost is not None and r.kind == kind]
        if losses:
            print(f"  {what + ':':<23} {len(losses):2d} x  min {min(losses):.3f}  median {statistics.median(losses):.3f}  "
                  f"max {max(losses):.3f}  (allowed {limit:g})")
    losses = [r.lost for r in rounds if r.lost is not None and r.kind != "term"]
    if losses:
        print(f"  {'every SIGKILL:':<23} {len(losses):2d} x  min {min(losses):.3f}  median {statistics.median(losses):.3f}  "
              f"max {max(losses):.3f}")
    if failed:
        print(f"FAILED: {len(failed)} round(s):", file=sys.stderr)
        for r in failed:
            for f in r.failures:
                print(f"  round {r.number} ({KIND_NAMES[r.kind]}): {f}", file=sys.stderr)
        print(f"the stores are kept in {workdir}; rerun with --seed {seed}", file=sys.stderr)
        return 1
    if not args.keep and not args.workdir:
        shutil.rmtree(workdir, ignore_errors=True)
    print("crash test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
