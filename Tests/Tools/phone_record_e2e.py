#!/usr/bin/env python3
"""`marble record --phone-page` end to end: the real server, the real page in headless
Chromium (phone_browser.py), its sensors driven over the DevTools protocol, the log read back.

Closed-form cases, each held for a second so the tracker's gravity filter (time constant
0.08 s) has settled to within 1e-5 of its value:
  flat, heading 30            tilt (0, 0), heading 0 (the first heading is the start)
  right edge lowered 30°      tilt x = sin 30° = 0.5, y = 0
  top edge lowered 30°        tilt y = 0.5, x = 0
  flat, heading 120           heading 90 (turned 90° clockwise since the start)
  flat, the pen button held   pen 0
Tolerance 0.02 in tilt and 1° in heading: the page rounds gravity to 3 decimals.

    phone_record_e2e.py --marble .build/debug/marble
Exits 1 on any failure. Also: a phone that never comes gives up after --wait, writes nothing.
"""
import argparse, csv, math, os, re, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phone_browser import PhoneBrowser, G  # noqa: E402

failures = []


def check(what, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + what + (f": {detail}" if detail and not ok else ""), flush=True)
    if not ok:
        failures.append(what)


def start_record(marble, home, out, seconds, wait=30):
    env = dict(os.environ, MARBLE_HOME=home)
    p = subprocess.Popen([marble, "record", "--phone-page", "127.0.0.1:0", "--seconds", str(seconds), "--wait", str(wait),
                          "-o", out], stderr=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True)
    url = None
    p.head = ""  # what stderr said up to the address
    deadline = time.time() + 30
    while url is None and time.time() < deadline:
        line = p.stderr.readline()
        if not line:
            break
        p.head += line
        m = re.search(r"phone page: (https://\S+)", line)
        if m:
            url = m.group(1)
    return p, url


def rows(path):
    with open(path) as f:
        lines = [l for l in f if not l.startswith("#")]
    return list(csv.DictReader(lines))


def phase(rs, t0, t1):
    """The rows whose time lies in [t0, t1] seconds."""
    return [r for r in rs if t0 <= float(r["t"]) <= t1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--marble", required=True)
    a = ap.parse_args()
    home = tempfile.mkdtemp(prefix="phone-record-")
    out = os.path.join(home, "phone.csv")

    # Nobody comes: a message, exit 69, no file.
    p, url = start_record(a.marble, home, out, seconds=5, wait=1)
    _, err = p.communicate(timeout=30)
    check("no phone within --wait: exit 69", p.returncode == 69, f"exit {p.returncode}")
    check("no phone: says so", "no phone opened the page" in err, err)
    check("no phone: writes nothing", not os.path.exists(out))
    said = p.head + err
    check("it prints one address with a code, the one it waits for", said.count("/#") == 1 and url is not None and url in said, said)
    helped = subprocess.run([a.marble, "record", "--help"], capture_output=True, text=True).stdout
    check("its help says it prints only that address", "prints only the one address it waits for" in " ".join(helped.split()), helped)

    plan = [  # (gravity, heading, pen held)
        ((0, 0, G), 30, False),
        ((-G * math.sin(math.radians(30)), 0, G * math.cos(math.radians(30))), 30, False),
        ((0, -G * math.sin(math.radians(30)), G * math.cos(math.radians(30))), 30, False),
        ((0, 0, G), 120, False),
        ((0, 0, G), 120, True),
    ]
    step = 1.0
    p, url = start_record(a.marble, home, out, seconds=step * len(plan) + 0.5)
    check("the page's address printed", url is not None and url.startswith("https://127.0.0.1:"), str(url))
    if url is None:
        p.kill()
        return 1
    with PhoneBrowser(url) as phone:
        phone.set_motion(gravity=plan[0][0], heading=plan[0][1])
        # The real server's /phone.css, under its CSP (no inline style allowed), shapes the page.
        check("the stylesheet applies", phone.evaluate("getComputedStyle(document.getElementById('status')).borderRadius") == "999px")
        phone.tap("start")
        phone.wait_for("window.marblePhone.state === 'connected'", timeout=20)
        begun = time.time()
        for k, (g, h, pen) in enumerate(plan):
            if pen:
                phone.press("pen")
            phone.set_motion(gravity=g, heading=h)
            phone.page.pump(max(0.0, begun + step * (k + 1) - time.time()))
        phone.release("pen")
        _, err = p.communicate(timeout=60)
    check("record exits 0", p.returncode == 0, f"exit {p.returncode}: {err}")
    if p.returncode != 0:
        return 1
    rs = rows(out)
    check("about 60 rows a second", len(rs) >= 40 * len(plan), f"{len(rs)} rows")
    t = [float(r["t"]) for r in rs]
    check("t from 0, never back", t[0] == 0 and all(b >= a for a, b in zip(t, t[1:])), str(t[:3]))
    # Each phase's second half (the first half allows the readings' change to arrive).
    def near(r, key, want, tol):
        return abs(float(r[key]) - want) <= tol
    names = ["flat", "right edge lowered", "top edge lowered", "turned to 120", "pen held"]
    wants = [(0, 0, 0, 1), (0.5, 0, 0, 1), (0, 0.5, 0, 1), (0, 0, 90, 1), (0, 0, 90, 0)]
    for k, (name, (tx, ty, hd, pen)) in enumerate(zip(names, wants)):
        ph = phase(rs, step * k + 0.5, step * (k + 1) - 0.05)
        ok = bool(ph) and all(near(r, "tilt_x", tx, 0.02) and near(r, "tilt_y", ty, 0.02)
                              and (abs((float(r["heading"]) - hd + 180) % 360 - 180) <= 1) and int(r["pen"]) == pen for r in ph)
        check(f"{name}: tilt ({tx}, {ty}), heading {hd}, pen {pen}", ok,
              str([(r["t"], r["tilt_x"], r["tilt_y"], r["heading"], r["pen"]) for r in ph[:2]]))
    print("phone record e2e: " + ("all passed" if not failures else f"{len(failures)} failed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
