"use strict";
// The page's arithmetic, kept pure so that it can be checked in Node.
//
// Frames. The browser reports motion in the device's natural (portrait) frame: x to the
// right edge, y to the top edge, z out of the screen. At rest, the spec's
// accelerationIncludingGravity points UP (the reaction to gravity): flat, screen up,
// it reads (0, 0, +9.8); right edge lowered, x goes negative.
const MarbleMath = {
  // The up direction in the device frame that deviceorientation's beta and gamma (degrees,
  // the spec's Z-X'-Y'' angles) describe; times g it is the spec's at-rest reading:
  // R = Rz(alpha) Rx(beta) Ry(gamma) takes device to earth, so up in the device frame is
  // Rᵀ·(0,0,1) = (−cos β sin γ, sin β, cos β cos γ). Alpha (the turn about up) drops out.
  upFromOrientation(beta, gamma) {
    const b = beta * Math.PI / 180, c = gamma * Math.PI / 180;
    return [-Math.cos(b) * Math.sin(c), Math.sin(b), Math.cos(b) * Math.cos(c)];
  },

  // The gravity sign rule. iOS reports accelerationIncludingGravity with the opposite sign
  // to the spec and Android (flat, screen up: z ≈ −9.8). Rather than trusting the user
  // agent, compare the reading with the up direction that deviceorientation's beta and
  // gamma give at the same moment (iOS's orientation angles follow the spec):
  //   +1  the reading points along up (the spec's sign; keep it),
  //   −1  it points against up (iOS; multiply gravity by −1),
  //    0  cannot tell: the phone is being shaken or falling (|g| not near 9.8), or the
  //       reading is too far from both up and down (within about 45° of either is needed).
  // The page locks the sign once a few readings in a row agree (see gravitySignVote).
  gravitySignFrom(g, beta, gamma) {
    const n = Math.hypot(g[0], g[1], g[2]);
    if (!(n > 6 && n < 14) || beta == null || gamma == null) return 0;
    const u = MarbleMath.upFromOrientation(beta, gamma);
    const cos = (g[0] * u[0] + g[1] * u[1] + g[2] * u[2]) / n;
    return cos > 0.7 ? 1 : cos < -0.7 ? -1 : 0;
  },

  // Votes in a row: returns the new tally ({sign, count}); locked when count reaches need.
  gravitySignVote(tally, vote, need) {
    if (vote === 0) return tally;
    const count = vote === tally.sign ? tally.count + 1 : 1;
    return { sign: vote, count: count, locked: count >= need };
  },

  // Without orientation angles, what iOS is known to do: Safari on iPhone and iPad inverts.
  // Seen by an iOS-only property (webkitCompassHeading on deviceorientation), or by the
  // platform (iPadOS calls itself MacIntel but has touch points).
  gravitySignGuess(sawCompassHeading, platform, maxTouchPoints) {
    const ios = sawCompassHeading || /iPhone|iPad|iPod/.test(platform || "") ||
      (platform === "MacIntel" && maxTouchPoints > 1);
    return ios ? -1 : 1;
  },

  // Screen rotation. screen.orientation.angle is how far the user has turned the device
  // counterclockwise from its natural orientation (90: turned left, the top edge now on the
  // child's left). The screen's frame (x right, y up the screen as the child sees it) is
  // then the device's turned by +angle about z:
  //   sx = dx cos θ − dy sin θ,   sy = dx sin θ + dy cos θ,   sz = dz.
  // Check at θ = 90: the screen's up is the device's right edge (sy = dx) and the screen's
  // right is the device's bottom edge (sx = −dy).
  turnToScreen(v, angle) {
    const q = (((Math.round(angle / 90) % 4) + 4) % 4);
    const c = [1, 0, -1, 0][q], s = [0, 1, 0, -1][q];
    return [v[0] * c - v[1] * s, v[0] * s + v[1] * c, v[2]];
  },

  // rotationRate's three rates, deg/s, as browsers give them: alpha about the device's x
  // axis, beta about y, gamma about z (the spec's current text, and what Chromium does:
  // checked with its gyroscope override; older texts said alpha about z). The wire's RA, RB, RG are the rates about the
  // screen's z, x and y (alpha, beta, gamma as deviceorientation's angles turn), so the
  // vector (x, y, z) is turned to the screen as any vector is, then reordered.
  rotationToWire(rateAlpha, rateBeta, rateGamma, angle) {
    const w = MarbleMath.turnToScreen([rateAlpha, rateBeta, rateGamma], angle);
    return [w[2], w[0], w[1]];
  },

  // The compass heading (degrees clockwise from north) of the device's top edge, from
  // deviceorientationabsolute's angles. With Z-X'-Y'' angles the top edge (device +y)
  // points east = −sin α cos β, north = cos α cos β: its heading is 360 − α while
  // cos β > 0 (any tilt short of upright, whatever gamma), and 180 − α past upright
  // (face down, cos β < 0). Upright (cos β = 0) the top edge points at the sky: none.
  headingFromAlpha(alpha, beta) {
    if (alpha == null) return null;
    const cb = beta == null ? 1 : Math.cos(beta * Math.PI / 180);
    if (Math.abs(cb) < 1e-3) return null;
    return MarbleMath.wrap360((cb > 0 ? 360 : 180) - alpha);
  },

  // The heading of the screen's top edge as the child sees it: the device's top-edge
  // heading plus the screen angle (the screen's up is the device's direction θ clockwise
  // from its top edge, seen from above a phone lying screen up).
  screenHeading(heading, angle) {
    return heading == null ? null : MarbleMath.wrap360(heading + angle);
  },

  wrap360(d) {
    const w = ((d % 360) + 360) % 360;
    return w === 360 ? 0 : w;
  },

  // A reading line, as PhoneMessage.swift decodes it: r,T,GX,GY,GZ,RA,RB,RG,H,B. Numbers
  // clamped within its limits (gravity ±200 m/s², rotation ±20000 deg/s, heading 0–360)
  // and never NaN: a sensor's null becomes 0.
  readingLine(t, g, r, heading, buttons) {
    const num = (v, lim, digits) => {
      const x = Number.isFinite(v) ? Math.max(-lim, Math.min(lim, v)) : 0;
      const s = x.toFixed(digits);
      return Number(s) === 0 ? (0).toFixed(digits) : s; // never "-0.000"
    };
    const h = heading == null || !Number.isFinite(heading) ? "" :
      Math.max(0, Math.min(360, heading)).toFixed(1);
    return ["r", Math.max(0, t).toFixed(1),
      num(g[0], 200, 3), num(g[1], 200, 3), num(g[2], 200, 3),
      num(r[0], 20000, 2), num(r[1], 20000, 2), num(r[2], 20000, 2),
      h, String(buttons & 7)].join(",");
  },

  // The server's reply lines (PhonePageReply.swift): welcome,KEY,PLAYER,#RRGGBB;
  // seat,PLAYER,#RRGGBB (the player the page drives now); wait (every player is taken);
  // bye,WHY. Anything else is ignored (null).
  parseReply(line) {
    const f = line.replace(/\r$/, "").split(",");
    const player = (p, c) => /^[0-9]+$/.test(p) && /^#[0-9a-fA-F]{6}$/.test(c);
    if (f[0] === "welcome" && f.length === 4 && /^[A-Za-z0-9_-]{22,64}$/.test(f[1]) && player(f[2], f[3])) {
      return { kind: "welcome", key: f[1], player: Number(f[2]), color: f[3] };
    }
    if (f[0] === "seat" && f.length === 3 && player(f[1], f[2])) {
      return { kind: "seat", player: Number(f[1]), color: f[2] };
    }
    if (f[0] === "wait" && f.length === 1) return { kind: "wait" };
    if (f[0] === "bye") return { kind: "bye", why: f.slice(1).join(",") };
    return null;
  },

  // The wait before the next try after `failures` failed ones: 0.5 s doubling to 5 s.
  backoff(failures) {
    return Math.min(5000, 500 * Math.pow(2, Math.max(0, failures - 1)));
  },
};
