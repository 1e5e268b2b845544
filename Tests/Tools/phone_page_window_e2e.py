#!/usr/bin/env python3
"""The phone page in marble's window, as a family uses it: a real X server, the real server,
and each phone a headless Chromium of its own (phone_browser.py) whose sensors the test moves.

    python3 Tests/Tools/phone_page_window_e2e.py --marble .build/debug/marble [--shots out/e2e]

  code       `marble play --phone-page 127.0.0.1:0` opens on the Phone screen; zbarimg reads its
             QR code from a screenshot, and it is player 1's address in the codes file marble
             keeps for this test (MARBLE_PHONE_PAGE_CODES); its stdout and stderr name the page's
             address and none of the four seats' codes.
  paint      `--new --phone-page`: the page's Start, then its tilt to the right paints a trail;
             holding its pen button moves the ball without paint.
  silence    the page's script paused (as a phone asleep): the ball stops; resumed, it paints again.
  four       `--marbles 4`: four pages, four trails; Ctrl+Q's log names four page phones.
  taken      `--marbles 2 --motion` (a DSU phone of dsu_server.py, on player 1): the page opened
             from player 1's code drives player 2 and turns player 2's colour; the page from
             player 2's code waits (the page's own colour, an hourglass); the DSU phone stopped,
             the waiting page takes player 1 and turns player 1's colour.
Exits 0 when every step passes, 1 on a failure. Screenshots go to --shots.
"""
import argparse, json, math, os, re, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_window import Display, Session, Failure, check, painted, differing, wait_exit  # noqa: E402
from phone_browser import PhoneBrowser, G  # noqa: E402


def count(raw, test, x0, x1, y0, y1, width=1280):
    return sum(1 for y in range(y0, y1, 2) for x in range(x0, x1, 2) if test(*raw[(y * width + x) * 3:(y * width + x) * 3 + 3]))


# Where marble keeps the seats' codes for this test (MARBLE_PHONE_PAGE_CODES): its stderr never
# shows them, and a family scans them from the Phone screen.
CODES = None


def launch(s, *args):
    """marble launched afresh, its last run's codes gone."""
    if os.path.exists(CODES):
        os.remove(CODES)
    return s.launch(*args)


def urls(proc, n, seconds=20):
    """The page addresses for players 1 to n, from the codes file marble keeps (0600)."""
    found = {}
    deadline = time.time() + seconds
    while len(found) < n and time.time() < deadline and proc.poll() is None:
        if os.path.exists(CODES):
            check(os.stat(CODES).st_mode & 0o777 == 0o600, "the codes file is 0600")
            for line in open(CODES):
                m = re.match(r"player (\d): (https://\S+)$", line.strip())
                if m:
                    found[int(m.group(1))] = m.group(2)
        time.sleep(0.1)
    if len(found) < n:
        raise Failure("marble kept %d page addresses, not %d" % (len(found), n))
    return [found[k] for k in range(1, n + 1)]


def tilt(deg_right=0.0, deg_up=0.0):
    """Gravity for a phone whose right edge is lowered by deg_right and top edge by deg_up."""
    x, y = -math.sin(math.radians(deg_right)), -math.sin(math.radians(deg_up))
    return (G * x, G * y, G * math.sqrt(max(0.0, 1 - x * x - y * y)))


def start(phone):
    phone.set_motion(gravity=(0, 0, G), heading=0)
    phone.tap("start")
    phone.wait_for("window.marblePhone.state === 'connected'", timeout=20)


def background(phone, wanted, timeout=10):
    """The page's background colour as the browser computes it, once it is `wanted` (it fades
    in 0.4 s) or the time is up."""
    try:
        return phone.wait_for("(c => c === %s && c)(getComputedStyle(document.body).backgroundColor)" % json.dumps(wanted),
                              timeout=timeout)
    except TimeoutError:
        return phone.evaluate("getComputedStyle(document.body).backgroundColor")


def taken(s, work, shots):
    """Pages opened for players who already have a device show the player they really drive."""
    port_file = os.path.join(work, "dsu-port-taken")
    dsu = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "dsu_server.py"),
                            "--port", "0", "--port-file", port_file, "--rate", "100", "--seconds", "120"])
    phones = []
    try:
        deadline = time.time() + 10
        while not os.path.exists(port_file) and time.time() < deadline:
            time.sleep(0.05)
        address = "127.0.0.1:" + open(port_file).read().strip()
        p = launch(s, "--new", "--marbles", "2", "--physics", "fake", "--motion", address, "--phone-page", "127.0.0.1:0")
        one, two = urls(p, 2)
        time.sleep(2.0)  # the DSU phone is asked and sends: it takes player 1
        s.keys(("tap", "F1"), 0.3)
        phones.append(PhoneBrowser(one).__enter__())
        start(phones[0])
        seen = background(phones[0], "rgb(86, 180, 233)")
        check(seen == "rgb(86, 180, 233)" and phones[0].evaluate("document.getElementById('player').textContent") == "2",
              "player 1's page, player 1 holding a DSU phone, drives player 2 and shows 2 on player 2's colour (%s)" % seen)
        phones[0].screenshot(os.path.join(shots, "20k-page-moved-to-player-2.png"))
        phones.append(PhoneBrowser(two).__enter__())
        start(phones[1])
        phones[1].wait_for("window.marblePhone.waiting === true", timeout=10)
        look = [background(phones[1], "rgb(244, 239, 230)"), *phones[1].evaluate(
            "[document.getElementById('words').textContent, getComputedStyle(document.getElementById('hourglass')).display]")]
        check(look == ["rgb(244, 239, 230)", "Wait", "block"], "player 2's page, every player taken, waits: its own colour, "
              "'Wait' and an hourglass (%s)" % look)
        phones[1].set_viewport(390, 844)  # a phone's screen, as the README's pictures of the page
        phones[1].screenshot(os.path.join(shots, "20l-page-waiting.png"))
        s.shot("20m-page-waiting-window.png")
        check(background(phones[0], "rgb(86, 180, 233)", 1) == "rgb(86, 180, 233)", "the first page still shows player 2's colour")
        dsu.kill()
        dsu.wait()
        seen = background(phones[1], "rgb(230, 159, 0)", 15)
        check(seen == "rgb(230, 159, 0)" and phones[1].evaluate("document.getElementById('player').textContent") == "1",
              "the DSU phone gone, the waiting page takes player 1 and shows 1 on player 1's colour (%s)" % seen)
        phones[1].screenshot(os.path.join(shots, "20n-page-seated-player-1.png"))
        s.keys(("tap", "ctrl+q"))
        check(wait_exit(p, 10) == 0, "Ctrl+Q exits 0 with the pages moved")
    finally:
        for ph in phones:
            ph.close()
        if dsu.poll() is None:
            dsu.kill()
            dsu.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--marble", default=".build/debug/marble")
    ap.add_argument("--shots", default="out/e2e")
    a = ap.parse_args()
    for tool in ("Xvfb", "xdotool", "import", "convert", "zbarimg", "chromium"):
        if shutil.which(tool) is None:
            print("phone page e2e: %s is missing (make test-deps installs it)" % tool, file=sys.stderr)
            return 2
    os.makedirs(a.shots, exist_ok=True)
    work = tempfile.mkdtemp(prefix="marble-phone-e2e-")
    display = Display()
    started = time.time()
    try:
        s = Session(os.path.abspath(a.marble), display, work, a.shots)
        global CODES
        CODES = os.path.join(work, "phone-page-codes")
        s.env["MARBLE_PHONE_PAGE_CODES"] = CODES

        print("code")
        p = launch(s, "--phone-page", "127.0.0.1:0")
        first = urls(p, 1)[0]
        time.sleep(0.5)
        shot = s.shot("20a-phone-page-code.png")
        read = s.run("zbarimg", "--quiet", "--raw", shot).stdout.strip()
        check(read == first, "the Phone screen's QR code reads %r, the address kept for player 1" % read)
        codes = [line.split("/#", 1)[1].strip() for line in open(CODES) if "/#" in line]
        s.keys(("tap", "ctrl+q"))
        check(wait_exit(p, 10) == 0, "Ctrl+Q exits 0 from the Phone screen")
        out = p.stdout.read() + p.stderr.read()
        check("https://127.0.0.1:" in out and len(codes) == 4 and not any(c in out for c in codes) and "/#" not in out,
              "marble's output says where the page is, and none of the four seats' codes")

        print("paint")
        p = launch(s, "--new", "--physics", "fake", "--phone-page", "127.0.0.1:0")
        url = urls(p, 1)[0]
        s.keys(("tap", "F1"), 0.3)  # the first drawing's help put away
        with PhoneBrowser(url) as phone:
            start(phone)
            blank = painted(s.pixels(s.shot("20b-page-phone-blank.png")))
            phone.set_motion(gravity=tilt(deg_right=25, deg_up=-10), heading=0)
            phone.page.pump(1.5)
            phone.set_motion(gravity=tilt(), heading=0)
            phone.page.pump(0.6)
            trail = painted(s.pixels(s.shot("20c-page-phone-trail.png")))
            check(trail > blank + 2000, "the page's tilt paints a trail (%d painted pixels, was %d)" % (trail, blank))
            phone.press("pen")
            phone.set_motion(gravity=tilt(deg_right=-25), heading=0)
            phone.page.pump(1.0)
            phone.set_motion(gravity=tilt(), heading=0)
            phone.page.pump(0.6)
            phone.release("pen")
            lifted = s.pixels(s.shot("20d-page-phone-pen-up.png"))
            check(abs(painted(lifted) - trail) < 600, "holding the pen button moves without paint (%d painted pixels, was %d)"
                  % (painted(lifted), trail))

            print("silence")
            phone.set_motion(gravity=tilt(deg_up=12), heading=0)
            phone.page.pump(0.5)
            # The page's script stopped, as a phone's browser stops a sleeping phone's page: it
            # sends nothing. (Page.setWebLifecycleState "frozen" does not stop a visible
            # headless page's sensor events; the debugger's pause stops all of its script.)
            phone.page.call("Debugger.enable")
            phone.page.call("Debugger.pause")
            time.sleep(1.8)  # a second of silence, then the app lets the page's marble go
            a1 = s.pixels(s.shot("20e-page-phone-silent.png"))
            time.sleep(0.8)
            a2 = s.pixels(s.shot("20f-page-phone-still-silent.png"))
            check(differing(a1, a2) < 400, "a silent page's ball stands still (%d pixels changed in 0.8 s)" % differing(a1, a2))
            phone.page.call("Debugger.resume")
            phone.page.pump(1.5)
            back = s.pixels(s.shot("20g-page-phone-back.png"))
            check(painted(back) > painted(a2) + 500, "back from silence, it paints again (%d painted pixels, was %d)"
                  % (painted(back), painted(a2)))
        s.keys(("tap", "ctrl+q"))
        check(wait_exit(p, 10) == 0, "Ctrl+Q exits 0")
        err = p.stderr.read()
        check(re.search(r"phone page 1 \(player 1\): \d+ readings used", err) is not None, "the exit log tells what the page phone sent: %s"
              % err.strip().splitlines()[-3:])

        print("four")
        p = launch(s, "--new", "--marbles", "4", "--physics", "fake", "--phone-page", "127.0.0.1:0")
        four_urls = urls(p, 4)
        s.keys(("tap", "F1"), 0.3)
        phones = [PhoneBrowser(u) for u in four_urls]
        try:
            for ph in phones:
                ph.__enter__()
                start(ph)
            begin = s.pixels(s.shot("20h-four-pages-start.png"))
            for k, ph in enumerate(phones):
                ph.set_motion(gravity=tilt(deg_up=20 if k % 2 == 0 else -20), heading=0)
            time.sleep(2.0)
            for ph in phones:
                ph.set_motion(gravity=tilt(), heading=0)
            time.sleep(0.5)
            four = s.pixels(s.shot("20i-four-pages.png"))
            paint = lambda r, g, b: max(r, g, b) - min(r, g, b) > 100
            new = [count(four, paint, x0, x0 + 265, 124, 800) - count(begin, paint, x0, x0 + 265, 124, 800)
                   for x0 in (110, 375, 640, 905)]
            check(all(n > 150 for n in new), "four pages draw four trails (%s new painted pixels by quarter)" % new)
            s.keys(("tap", "Return"), 0.8)
            s.shot("20j-four-pages-end.png")
            s.keys(("tap", "ctrl+q"))
            check(wait_exit(p, 15) == 0, "Ctrl+Q exits 0 with four pages")
        finally:
            for ph in phones:
                ph.close()
        err = p.stderr.read()
        used = re.findall(r"phone page (\d) \(player \d\): (\d+) readings used", err)
        check(len(used) == 4 and all(int(n) > 30 for _, n in used), "the exit log names four page phones: %s" % used)

        print("taken")
        taken(s, work, a.shots)
    except Failure as e:
        print("phone page e2e FAILED: %s" % e, file=sys.stderr)
        return 1
    finally:
        display.close()
        shutil.rmtree(work, ignore_errors=True)
    print("phone page e2e passed in %.0f s" % (time.time() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main())
