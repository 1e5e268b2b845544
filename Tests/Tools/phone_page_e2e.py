#!/usr/bin/env python3
"""The phone page end to end in headless Chromium (phone_browser.py), against the test
stand-in server (phone_page_stand_in.py) until the real one is wired in: Start, the socket, the
welcome, readings (gravity, turn, heading, iOS's sign, the screen turned), the buttons, a drop
and the comeback with back,KEY, a bye, and the POST fallback. Exits 1 on any failure.

    phone_page_e2e.py [--shots DIR]   (DIR gets phone-page-start.png, -player.png, -held.png,
                                       -landscape.png and -refused.png)
"""
import argparse, os, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from phone_browser import PhoneBrowser, G  # noqa: E402
from phone_page_stand_in import StandIn  # noqa: E402

failures = []


def check(what, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + what + (f": {detail}" if detail and not ok else ""), flush=True)
    if not ok:
        failures.append(what)


def fields(line):
    f = line.split(",")
    return {"t": float(f[1]), "g": tuple(map(float, f[2:5])), "r": tuple(map(float, f[5:8])),
            "h": None if f[8] == "" else float(f[8]), "b": int(f[9])}


def settle(phone, what):
    """The page's reading after the sensors' new values have reached it (a few events later)."""
    phone.page.pump(0.25)
    return fields(phone.state()["last"])


def reading_lines(server, via):
    return [l for v, l in server.lines if v == via and l.startswith("r,")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shots", help="a folder for the screenshots")
    a = ap.parse_args()
    seats = [(StandIn.new_token(), n, c) for n, c in ((1, "#e69f00"), (2, "#56b4e9"), (3, "#009e73"), (4, "#cc79a7"))]
    with StandIn(seats=seats) as server:
        t1, t2, t3, t4 = (s[0] for s in seats)
        with PhoneBrowser(server.url(t1)) as phone:
            phone.set_viewport(390, 844)
            phone.set_motion(gravity=(0, 0, G), heading=90)
            check("idle before Start", phone.state()["state"] == "idle")
            # /phone.css, allowed by the CSP (which allows no inline style), shapes the page.
            check("the stylesheet applies", phone.evaluate("getComputedStyle(document.getElementById('status')).borderRadius") == "999px"
                  and phone.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(244, 239, 230)")
            if a.shots:
                phone.screenshot(os.path.join(a.shots, "phone-page-start.png"))
            phone.tap("start")
            phone.wait_for("window.marblePhone.state === 'connected'")
            check("one socket, wss to the page's host", phone.sockets() == [f"wss://127.0.0.1:{server.port}/socket"],
                  str(phone.sockets()))
            check("hello first", server.lines[0] == ("socket", "hello," + t1), str(server.lines[:1]))
            s = phone.state()
            check("welcome: player 1, its colour", s["player"] == 1 and s["color"] == "#e69f00", str(s))
            bg = phone.wait_for("(c => c === 'rgb(230, 159, 0)' && c)(getComputedStyle(document.body).backgroundColor)", timeout=3)
            check("background is the player's colour", bg == "rgb(230, 159, 0)", bg)
            check("the number shown", phone.evaluate("document.getElementById('player').textContent") == "1")
            phone.wait_for("window.marblePhone.sent > 5")
            check("readings arrive", len(reading_lines(server, "socket")) > 5)

            r = settle(phone, "flat")
            check("flat: gravity (0, 0, 9.8)", abs(r["g"][0]) < 0.05 and abs(r["g"][1]) < 0.05 and abs(r["g"][2] - G) < 0.1, str(r))
            check("flat: heading 90 from the quaternion", r["h"] is not None and abs(r["h"] - 90) < 0.5, str(r))
            check("spec sign kept", phone.state()["gravitySign"] == 1)
            phone.set_motion(gravity=(-3.0, 0.0, 9.33), heading=200)
            r = settle(phone, "right edge lowered")
            check("right edge lowered: gx negative", r["g"][0] < -2.5 and abs(r["g"][1]) < 0.1, str(r))
            check("heading 200 while tilted", r["h"] is not None and abs(r["h"] - 200) < 0.5, str(r))
            phone.set_motion(gravity=(0.0, 4.0, 8.95), rotation_deg=(10, 20, 30), heading=0)
            r = settle(phone, "turning")
            check("top edge raised: gy positive", r["g"][1] > 3.5, str(r))
            check("rotation (alpha, beta, gamma) deg/s", all(abs(x - y) < 0.5 for x, y in zip(r["r"], (10, 20, 30))), str(r))
            check("heading 0", r["h"] is not None and (r["h"] < 0.5 or r["h"] > 359.5), str(r))
            phone.press("pen")
            r = settle(phone, "pen")
            check("pen held: bit 1", r["b"] == 1, str(r))
            phone.release("pen")
            r = settle(phone, "pen released")
            check("pen released: 0", r["b"] == 0, str(r))
            phone.press("eraser")
            check("eraser held: bit 2", settle(phone, "eraser")["b"] == 2)
            phone.release("eraser")
            before = len(server.lines)
            phone.tap("undo")
            phone.page.pump(0.2)
            check("undo tapped: bit 4 reaches the server",
                  any(l.endswith(",4") for v, l in server.lines[before:]), str(server.lines[before:before + 3]))
            if a.shots:
                phone.set_motion(gravity=(0, 0, G), heading=90)
                phone.page.pump(0.5)
                phone.screenshot(os.path.join(a.shots, "phone-page-player.png"))
                phone.press("pen")  # and one held, to look at
                phone.wait_for("document.getElementById('pen').classList.contains('held')", timeout=2)
                phone.page.pump(0.2)
                phone.screenshot(os.path.join(a.shots, "phone-page-held.png"))
                phone.release("pen")

            # The screen turned a quarter counterclockwise (landscape-primary, angle 90): the
            # device's right edge is the screen's up. Device gx −3 (right edge lowered) is then
            # the screen's top lowered: screen gy −3.
            phone.set_viewport(390, 844, angle=90)
            check("screen.orientation.angle 90", phone.evaluate("screen.orientation.angle") == 90)
            if a.shots:
                phone.screenshot(os.path.join(a.shots, "phone-page-landscape.png"))
            phone.set_motion(gravity=(-3.0, 0.0, 9.33), heading=200)
            r = settle(phone, "landscape")
            check("landscape: device x becomes screen y", abs(r["g"][0]) < 0.1 and r["g"][1] < -2.5, str(r))
            check("landscape: heading of the screen's top is +90", r["h"] is not None and abs(r["h"] - 290) < 0.5, str(r))
            phone.set_viewport(390, 844)

            # A drop: the page comes back by itself with back,KEY.
            key = phone.evaluate("link.key")
            before = len(server.lines)
            server.drop_sockets()
            phone.wait_for("window.marblePhone.state === 'connecting'", timeout=5)
            phone.wait_for("window.marblePhone.state === 'connected'", timeout=5)
            check("came back with back,KEY", ("socket", "back," + key) in server.lines[before:], str(server.lines[before:before + 2]))
            check("sessionStorage keeps the key", phone.evaluate(f"sessionStorage.getItem('marble.key.{t1}')") == key)
            n = len(reading_lines(server, "socket"))
            phone.page.pump(0.3)
            check("readings again after the comeback", len(reading_lines(server, "socket")) > n)

            # Last in this browser: a page whose absolute orientation went away does not see it
            # come back (Chromium stops its events), which a real phone never asks of it.
            phone.set_motion(gravity=(0, 0, G), heading=None)
            r = settle(phone, "no compass")
            check("no absolute orientation: no heading", r["h"] is None, str(r))

        # iOS's sign: the accelerometer inverted, the orientation not; the page turns it round.
        with PhoneBrowser(server.url(t2)) as phone:
            phone.set_motion(gravity=(1.0, 2.0, 9.5), heading=30, ios=True)
            phone.tap("start")
            phone.wait_for("window.marblePhone.state === 'connected' && window.marblePhone.sent > 3")
            r = settle(phone, "ios")
            s = phone.state()
            check("iOS's inverted gravity detected", s["gravitySign"] == -1, str(s))
            check("and turned round: (1, 2, 9.5)", abs(r["g"][0] - 1) < 0.1 and abs(r["g"][1] - 2) < 0.1 and r["g"][2] > 9, str(r))

        # A used token: bye, a sad face, no retry.
        with PhoneBrowser(server.url(t1)) as phone:
            phone.tap("start")
            phone.wait_for("window.marblePhone.state === 'refused'")
            check("bye shown under a sad face", phone.evaluate(
                "getComputedStyle(document.getElementById('sad')).display === 'flex' && document.getElementById('why').textContent")
                == "That code was used: scan the new one")
            if a.shots:
                phone.set_viewport(390, 844)
                phone.screenshot(os.path.join(a.shots, "phone-page-refused.png"))
            phone.page.pump(1.5)
            check("no retry after bye", len(phone.sockets()) == 1, str(phone.sockets()))

        # No socket (as iOS with a self-signed certificate): POST /readings after two failed opens.
        server.refuse_sockets = True
        with PhoneBrowser(server.url(t3)) as phone:
            phone.set_motion(gravity=(0, 0, G), heading=45)
            phone.tap("start")
            phone.wait_for("window.marblePhone.state === 'posting'", timeout=10)
            s = phone.state()
            check("POST fallback: welcome, player 3", s["transport"] == "post" and s["player"] == 3, str(s))
            check("two sockets tried first", len(phone.sockets()) == 2, str(phone.sockets()))
            phone.press("pen")
            phone.wait_for("window.marblePhone.sent > 10")
            phone.page.pump(0.4)
            rs = reading_lines(server, "post")
            posts = [l for v, l in server.lines if v == "post"]
            check("first batch hello, then back", posts[0] == "hello," + t3 and any(l.startswith("back,") for l in posts),
                  str(posts[:3]))
            check("readings by POST", len(rs) > 10 and fields(rs[-1])["h"] == 45.0, rs[-1] if rs else "none")
            check("pen bit by POST", fields(rs[-1])["b"] == 1, rs[-1] if rs else "none")
            requests = [e["params"]["request"]["url"] for e in phone.page.events if e["method"] == "Network.requestWillBeSent"]
            check("nothing fetched from another host",
                  requests and all(u.startswith(f"https://127.0.0.1:{server.port}/") for u in requests), str(requests))
            # Reloaded on POST: its batches say back (never welcomed again), so the seat kept in
            # the tab shows player 3 at once, before and after Start.
            phone.page.call("Page.reload")
            phone.wait_for("window.marblePhone && window.marblePhone.state === 'idle'")
            s = phone.state()
            shown = phone.evaluate("document.getElementById('player').textContent + ' ' + document.body.style.background")
            check("reloaded: player 3's seat shown from the tab's keeping", s["player"] == 3 and shown.startswith("3 "), f"{s} {shown}")
            before = len([l for v, l in server.lines if v == "post"])
            phone.tap("start")
            phone.wait_for("window.marblePhone.state === 'posting'", timeout=10)
            phone.wait_for("window.marblePhone.sent > 5")
            posts = [l for v, l in server.lines if v == "post"][before:]
            check("reloaded: back by POST, readings flow, still player 3",
                  any(l.startswith("back,") for l in posts) and not any(l.startswith("hello,") for l in posts)
                  and phone.state()["player"] == 3, str(posts[:2]))
        server.refuse_sockets = False

    print(f"{len(failures)} failed" if failures else "all passed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
