#!/usr/bin/env python3
"""The phone page benchmark's phone (marble-bench --only page): headless Chromium
(phone_browser.py) on the page's address, Start tapped, then streaming: its sensors changed
every 50 ms (a slow circle of tilt, the heading turning), so every devicemotion event the page
sends carries new values.

    phone_bench_driver.py URL

Talks on stdout, one line each, flushed:
    resolution MS        the smallest step of performance.now() seen in a busy loop (ms)
    origin MS            performance.timeOrigin (wall-clock ms since 1970)
    offset MS RTT        (performance.timeOrigin + performance.now()) minus this machine's
                         CLOCK_REALTIME at the middle of the Runtime.evaluate that read it, the
                         sample of the shortest round trip of 20 (ms): how far the page's wall
                         clock is from the machine's, within RTT / 2
    ready                the page is connected and sending
    ok pause|resume|cpu  a command done; `cpu` first prints
    cpu CHROMIUM SELF    CPU seconds (user + system) so far of Chromium's processes and of this script
    error TEXT           it could not start (exit 2)
Obeys stdin, one command a line: pause (Debugger.pause: the page's script stops, as a sleeping
phone's does; Chromium stays alive), resume, cpu, quit (or end of input).
"""
import json, math, os, select, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

G = 9.80665


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def tree_cpu(root):
    """CPU seconds (user + system) so far of process `root` and all its descendants (Chromium's
    browser, zygotes, renderer, GPU and utility processes)."""
    tick = os.sysconf("SC_CLK_TCK")
    procs = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # After the name: state(0) ppid(1) … utime(11) stime(12)
        procs[int(pid)] = (int(fields[1]), int(fields[11]) + int(fields[12]))
    children = {}
    for pid, (ppid, _) in procs.items():
        children.setdefault(ppid, []).append(pid)
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        total += procs.get(pid, (0, 0))[1]
        todo += children.get(pid, [])
    return total / tick


def main():
    if len(sys.argv) != 2:
        say("error usage: phone_bench_driver.py URL")
        return 2
    try:
        from phone_browser import PhoneBrowser
    except ImportError as e:  # websocket-client missing
        say(f"error {e}")
        return 2
    url = sys.argv[1]
    try:
        phone = PhoneBrowser(url).__enter__()
    except Exception as e:  # no chromium, or it did not start
        say(f"error {type(e).__name__}: {e}".replace("\n", " "))
        return 2
    try:
        return drive(phone)
    finally:
        phone.close()


def drive(phone):
    # The smallest step of performance.now() (Chromium coarsens it: 100 µs, jittered, unless the
    # page is cross-origin isolated, 5 µs then).
    step = phone.evaluate("(() => { let last = performance.now(), best = Infinity, n = 0;"
                          " const end = last + 50; while (n < 2000) { const t = performance.now();"
                          " if (t !== last) { best = Math.min(best, t - last); last = t; n++; } if (t > end) break; }"
                          " return best; })()")
    say(f"resolution {step!r}")
    say(f"origin {phone.evaluate('performance.timeOrigin')!r}")
    best = None
    for _ in range(20):
        t0 = time.time()
        v = phone.evaluate("performance.timeOrigin + performance.now()")
        t1 = time.time()
        sample = (t1 - t0, v - (t0 + t1) / 2 * 1000)
        if best is None or sample[0] < best[0]:
            best = sample
    say(f"offset {best[1]!r} {best[0] * 1000!r}")

    def motion(k):
        phase = k * 0.05
        x, y = 0.3 * math.cos(phase), 0.3 * math.sin(phase)
        return (G * x, G * y, G * math.sqrt(1 - x * x - y * y)), (k * 1.0) % 360.0

    k = 0
    gravity, heading = motion(k)
    phone.set_motion(gravity=gravity, heading=heading)
    phone.tap("start")
    phone.wait_for("window.marblePhone.state === 'connected' && window.marblePhone.sent > 10", timeout=20)
    # The DevTools events of every WebSocket frame would cost Chromium and this script CPU a
    # real phone does not spend on this machine.
    phone.page.call("Network.disable")
    phone.page.call("Debugger.enable")
    phone.page.events.clear()
    say("ready")
    paused = False
    next_change = time.monotonic()
    while True:
        wait = max(0.0, next_change - time.monotonic())
        ready, _, _ = select.select([sys.stdin], [], [], wait)
        if ready:
            line = sys.stdin.readline()
            command = line.strip()
            if line == "" or command == "quit":  # end of input, or asked
                return 0
            if command == "pause" and not paused:
                phone.page.call("Debugger.pause")
                paused = True
            elif command == "resume" and paused:
                try:
                    phone.page.call("Debugger.resume")
                except RuntimeError:  # not paused yet (no script ran since): the pause is dropped
                    phone.page.call("Debugger.disable")
                    phone.page.call("Debugger.enable")
                paused = False
            elif command == "cpu":
                say(f"cpu {tree_cpu(phone.proc.pid)!r} {sum(os.times()[:2])!r}")
            say(f"ok {command}")
            continue
        if not paused:
            k += 1
            gravity, heading = motion(k)
            phone.set_motion(gravity=gravity, heading=heading)
        phone.page.events.clear()
        next_change += 0.05
        if next_change < time.monotonic():
            next_change = time.monotonic()


if __name__ == "__main__":
    sys.exit(main())
