#!/usr/bin/env python3
"""A phone's browser for tests: headless Chromium driven over the DevTools protocol, its motion
sensors played by the test (see ../../../shared/guides/BROWSER-TESTS.md for what was checked).

    with PhoneBrowser("https://127.0.0.1:8443/#TOKEN") as phone:
        phone.tap("start")
        phone.set_motion(gravity=(0, 0, 9.80665), heading=90)
        phone.wait_for("window.marblePhone.sent > 10")
        print(phone.state())

Each PhoneBrowser is a browser of its own (its own profile and DevTools port): the tabs of one
browser share its virtual sensors. Only 127.0.0.1. Needs `chromium` (Debian's) and
websocket-client (`pip install websocket-client`).

CLI, for looking by hand:
    phone_browser.py URL [--tap start] [--gravity X,Y,Z] [--heading DEG] [--seconds S]
                         [--screenshot PNG] [--landscape]
"""
import argparse, base64, json, math, os, shutil, signal, socket, subprocess, tempfile, time
import urllib.request
from urllib.parse import urlsplit

from devtools_client import DevTools

G = 9.80665
SENSORS = ["accelerometer", "gyroscope", "linear-acceleration", "gravity",
           "absolute-orientation", "relative-orientation"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def orientation_quaternion(alpha, beta, gamma):
    """The rotation from the device's axes to the earth's (x east, y north, z up) for the spec's
    Z-X'-Y'' angles in degrees: q = qz(alpha) qx(beta) qy(gamma), as (x, y, z, w)."""
    def axis(ax, deg):
        h = math.radians(deg) / 2
        v = [0.0, 0.0, 0.0]
        v[ax] = math.sin(h)
        return (v[0], v[1], v[2], math.cos(h))

    def mul(a, b):
        ax, ay, az, aw = a
        bx, by, bz, bw = b
        return (aw * bx + ax * bw + ay * bz - az * by,
                aw * by - ax * bz + ay * bw + az * bx,
                aw * bz + ax * by - ay * bx + az * bw,
                aw * bw - ax * bx - ay * by - az * bz)
    return mul(mul(axis(2, alpha), axis(0, beta)), axis(1, gamma))


def tilt_from_gravity(g):
    """beta, gamma (degrees) of a phone at rest whose spec-signed reading is g: the reading is
    up in the device frame, (−cos β sin γ, sin β, cos β cos γ)·|g|, gamma kept in −90..90."""
    n = math.sqrt(sum(v * v for v in g)) or 1.0
    ux, uy, uz = (v / n for v in g)
    if uz >= 0:
        return math.degrees(math.atan2(uy, math.hypot(ux, uz))), math.degrees(math.atan2(-ux, uz))
    return math.degrees(math.atan2(uy, -math.hypot(ux, uz))), math.degrees(math.atan2(ux, -uz))


class PhoneBrowser:
    def __init__(self, url, port=None, chromium="chromium"):
        self.url = url
        self.port = port or free_port()
        self.chromium = chromium
        self.proc = None
        self.profile = None
        self.page = None
        self.absolute_on = True

    # Starting and stopping

    def __enter__(self):
        try:
            self._start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def _start(self):
        split = urlsplit(self.url)
        if split.hostname not in ("127.0.0.1",):
            raise ValueError("PhoneBrowser opens pages on 127.0.0.1 only")
        self.profile = tempfile.mkdtemp(prefix="phone-browser-")
        self.log = open(os.path.join(self.profile, "chromium.log"), "wb")
        self.proc = subprocess.Popen(
            [self.chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--ignore-certificate-errors",
             "--no-first-run", "--no-default-browser-check", f"--user-data-dir={self.profile}",
             "--remote-debugging-address=127.0.0.1", f"--remote-debugging-port={self.port}", "about:blank"],
            stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        targets = self._wait_for_devtools()
        page = next(t for t in targets if t.get("type") == "page")
        self.page = DevTools(page["webSocketDebuggerUrl"])
        origin = f"{split.scheme}://{split.netloc}"
        # Browser.grantPermissions on the browser's own endpoint, for the page's origin.
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/version", timeout=5) as r:
            browser = DevTools(json.load(r)["webSocketDebuggerUrl"])
        try:
            browser.call("Browser.grantPermissions", permissions=["sensors"], origin=origin)
        finally:
            browser.close()
        self.page.call("Page.enable")
        self.page.call("Network.enable")  # Network.webSocketCreated shows the sockets opened
        self.page.call("Runtime.enable")
        self.page.call("Emulation.setFocusEmulationEnabled", enabled=True)  # sensors pause unfocused
        for t in SENSORS:
            self.page.call("Emulation.setSensorOverrideEnabled", enabled=True, type=t)
        self.page.call("Page.navigate", url=self.url)
        self.page.wait_event("Page.loadEventFired")

    def _wait_for_devtools(self):
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json", timeout=2) as r:
                    targets = json.load(r)
                if any(t.get("type") == "page" for t in targets):
                    return targets
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.log.flush()
                tail = open(os.path.join(self.profile, "chromium.log"), "rb").read()[-2000:]
                raise RuntimeError("chromium did not start: " + tail.decode(errors="replace"))
            time.sleep(0.1)

    def close(self):
        if self.page:
            self.page.close()
            self.page = None
        if self.proc and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)  # its own session: its helpers too
                self.proc.wait(5)
            except (subprocess.TimeoutExpired, ProcessLookupError):
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.proc.wait(5)
        if getattr(self, "log", None):
            self.log.close()
        if self.profile:
            shutil.rmtree(self.profile, ignore_errors=True)
            self.profile = None

    # The page

    def evaluate(self, js, timeout=30):
        """The value of a JavaScript expression (promises awaited), as JSON makes it."""
        r = self.page.call("Runtime.evaluate", timeout=timeout, expression=js, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{js}: {r['exceptionDetails'].get('exception', r['exceptionDetails'])}")
        return r["result"].get("value")

    def state(self):
        """window.marblePhone, copied."""
        return self.evaluate("window.marblePhone ? JSON.parse(JSON.stringify(window.marblePhone)) : null")

    def wait_for(self, js, timeout=10):
        """Waits until a JavaScript expression is truthy; returns its value."""
        deadline = time.monotonic() + timeout
        while True:
            v = self.evaluate(js)
            if v:
                return v
            if time.monotonic() > deadline:
                raise TimeoutError(f"not true in {timeout} s: {js} (state {self.state()})")
            self.page.pump(0.05)

    def centre(self, element_id):
        xy = self.evaluate(f"(() => {{ const e = document.getElementById({json.dumps(element_id)});"
                           " if (!e) return null; const r = e.getBoundingClientRect();"
                           " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        if xy is None:
            raise LookupError(f"no element #{element_id}")
        return xy

    def _mouse(self, kind, x, y):
        self.page.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left",
                       buttons=1 if kind == "mousePressed" else 0, clickCount=1, pointerType="mouse")

    def tap(self, element_id):
        """A real press and release at the element's centre (a user gesture)."""
        x, y = self.centre(element_id)
        self._mouse("mouseMoved", x, y)
        self._mouse("mousePressed", x, y)
        self._mouse("mouseReleased", x, y)

    def press(self, element_id):
        x, y = self.centre(element_id)
        self._mouse("mouseMoved", x, y)
        self._mouse("mousePressed", x, y)

    def release(self, element_id):
        x, y = self.centre(element_id)
        self._mouse("mouseReleased", x, y)

    def set_motion(self, gravity=(0.0, 0.0, G), rotation_deg=(0.0, 0.0, 0.0), heading=None, ios=False):
        """The phone at rest reading `gravity` (m/s², the spec's sign: flat screen up is +z),
        turning at `rotation_deg` (alpha about z, beta about x, gamma about y, deg/s: the wire's
        order; the gyroscope gets x = beta, y = gamma, z = alpha, in rad/s), its top
        edge towards `heading` (degrees, None: no absolute orientation). The orientation
        sensors get the tilt that gravity implies (so a page can compare them) with
        alpha = 360 − heading. ios=True reports the accelerometer and gravity sensor with iOS's
        inverted sign (the orientation unchanged)."""
        beta, gamma = tilt_from_gravity(gravity)
        alpha = (360.0 - heading) % 360.0 if heading is not None else 0.0
        sign = -1.0 if ios else 1.0
        g = {"x": sign * gravity[0], "y": sign * gravity[1], "z": sign * gravity[2]}
        ra, rb, rg = (math.radians(v) for v in rotation_deg)
        self._reading("accelerometer", {"xyz": g})
        self._reading("gravity", {"xyz": g})
        self._reading("linear-acceleration", {"xyz": {"x": 0.0, "y": 0.0, "z": 0.0}})
        self._reading("gyroscope", {"xyz": {"x": rb, "y": rg, "z": ra}})
        x, y, z, w = orientation_quaternion(alpha, beta, gamma)
        q = {"quaternion": {"x": x, "y": y, "z": z, "w": w}}
        self._reading("relative-orientation", q)
        if (heading is not None) != self.absolute_on:  # no compass: the sensor goes away
            self.absolute_on = heading is not None
            self.page.call("Emulation.setSensorOverrideEnabled", enabled=False, type="absolute-orientation")
            self.page.call("Emulation.setSensorOverrideEnabled", enabled=True, type="absolute-orientation",
                           metadata={"available": self.absolute_on})
        if heading is not None:
            self._reading("absolute-orientation", q)

    def _reading(self, kind, reading):
        self.page.call("Emulation.setSensorOverrideReadings", type=kind, reading=reading)

    def set_viewport(self, width=390, height=844, scale=2, mobile=True, angle=0):
        """A phone-sized screen; angle 90 or 270 turns it landscape (screen.orientation.angle)."""
        kind = {0: "portraitPrimary", 180: "portraitSecondary", 90: "landscapePrimary", 270: "landscapeSecondary"}[angle]
        if angle in (90, 270):
            width, height = height, width
        self.page.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=scale,
                       mobile=mobile, screenOrientation={"type": kind, "angle": angle})

    def screenshot(self, path):
        data = self.page.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def sockets(self):
        """The URLs of the WebSockets the page opened so far."""
        self.page.pump(0.01)
        return [e["params"]["url"] for e in self.page.events if e["method"] == "Network.webSocketCreated"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("url")
    ap.add_argument("--tap", action="append", default=[], help="an element id to tap (again for more)")
    ap.add_argument("--gravity", default=f"0,0,{G}", help="X,Y,Z in m/s² (flat, screen up: 0,0,9.8)")
    ap.add_argument("--heading", type=float, help="the top edge's compass heading, degrees")
    ap.add_argument("--ios", action="store_true", help="report gravity with iOS's sign")
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--landscape", action="store_true")
    ap.add_argument("--screenshot", help="a PNG of the page at the end (390×844, mobile)")
    a = ap.parse_args()
    with PhoneBrowser(a.url) as phone:
        phone.set_viewport(angle=90 if a.landscape else 0)
        phone.set_motion(gravity=tuple(float(v) for v in a.gravity.split(",")), heading=a.heading, ios=a.ios)
        for element in a.tap:
            phone.tap(element)
        phone.page.pump(a.seconds)
        print(json.dumps(phone.state(), indent=1))
        print("sockets:", phone.sockets())
        if a.screenshot:
            phone.screenshot(a.screenshot)


if __name__ == "__main__":
    main()
