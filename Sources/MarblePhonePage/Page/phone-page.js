// The latest orientation (for the gravity sign and the heading), and the sign's tally.
// Orientation events come only when the angles change (Chromium skips a still phone), so
// the latest values stand until the next event: they are not aged out.
const sense = {
  orient: null,          // {beta, gamma}
  heading: null,         // the top edge's heading, natural frame (null: none)
  headingFrom: "",       // compass (iOS) | absolute
  sawCompass: false,     // an iOS-only property was seen
  tally: { sign: 0, count: 0, locked: false },
  motions: 0,
  denied: false,         // a motion permission was refused
};

// The screen's turn from the device's natural orientation (see MarbleMath.turnToScreen);
// old iOS has only window.orientation (−90 is 270).
function screenAngle() {
  if (screen.orientation && typeof screen.orientation.angle === "number") return screen.orientation.angle;
  const o = Number(window.orientation);
  return Number.isFinite(o) ? (o + 360) % 360 : 0;
}

function onOrientation(e) {
  if (e.beta != null && e.gamma != null) sense.orient = { beta: e.beta, gamma: e.gamma };
  if (typeof e.webkitCompassHeading === "number") {
    // iOS: the top edge's compass heading; accuracy −1 means not calibrated: none.
    sense.sawCompass = true;
    sense.headingFrom = "compass";
    sense.heading = e.webkitCompassHeadingAccuracy >= 0 ? MarbleMath.wrap360(e.webkitCompassHeading) : null;
  } else if (e.absolute === true && sense.headingFrom !== "compass") {
    // Elsewhere the absolute orientation's alpha (a relative event's alpha means nothing).
    sense.headingFrom = "absolute";
    sense.heading = MarbleMath.headingFromAlpha(e.alpha, e.beta);
  }
}

function onMotion(e) {
  const a = e.accelerationIncludingGravity;
  if (!a || a.x == null || a.y == null || a.z == null) return;
  const now = performance.now();
  sense.motions += 1;
  const raw = [a.x, a.y, a.z];
  // The gravity sign: decided by agreeing with the orientation angles (three readings in
  // a row), else iOS's known behaviour until they arrive. See MarbleMath.gravitySignFrom.
  if (!sense.tally.locked) {
    const o = sense.orient;
    if (o) {
      sense.tally = MarbleMath.gravitySignVote(sense.tally, MarbleMath.gravitySignFrom(raw, o.beta, o.gamma), 3);
    }
    phone.gravitySign = sense.tally.locked ? sense.tally.sign :
      MarbleMath.gravitySignGuess(sense.sawCompass, navigator.platform, navigator.maxTouchPoints);
  }
  const s = phone.gravitySign, angle = screenAngle();
  const g = MarbleMath.turnToScreen([raw[0] * s, raw[1] * s, raw[2] * s], angle);
  const r = e.rotationRate || {};
  const rot = MarbleMath.rotationToWire(r.alpha, r.beta, r.gamma, angle);
  const h = MarbleMath.screenHeading(sense.heading, angle);
  sendReading(MarbleMath.readingLine(now, g, rot, h, takeButtons()));
  if (sense.motions === 1) render();
}

// The big buttons: bits of the reading. A press is latched until a reading carries it, so a
// quick tap between two readings still counts.
let held = 0, latched = 0;
function takeButtons() {
  const b = held | latched;
  latched = 0;
  return b;
}
function holdable(id, bit) {
  const el = document.getElementById(id);
  const pointers = new Set();
  el.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    pointers.add(e.pointerId);
    held |= bit;
    latched |= bit;
    el.classList.add("held");
    if (navigator.vibrate) navigator.vibrate(15);
  });
  const up = (e) => {
    pointers.delete(e.pointerId);
    if (pointers.size > 0) return;
    held &= ~bit;
    el.classList.remove("held");
  };
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) el.addEventListener(type, up);
  el.addEventListener("contextmenu", (e) => e.preventDefault()); // a long press is a hold, not a menu
}

// Keep the screen on while drawing; the browser lets go when the page is hidden.
let wakeLock = null;
async function keepAwake() {
  if (!navigator.wakeLock || document.visibilityState !== "visible") return;
  if (wakeLock && !wakeLock.released) return;
  try { wakeLock = await navigator.wakeLock.request("screen"); } catch (e) { /* battery saver */ }
}

// Start: the tap is the user gesture the motion permissions need (iOS, Chrome 151+). Both
// are asked before anything is awaited, so both are still inside the gesture.
function start() {
  if (phone.state !== "idle") return;
  const asks = [];
  for (const E of [window.DeviceMotionEvent, window.DeviceOrientationEvent]) {
    if (E && typeof E.requestPermission === "function") {
      asks.push(E.requestPermission().catch(() => "denied"));
    }
  }
  phone.state = "connecting";
  Promise.all(asks).then((answers) => {
    if (answers.some((a) => a !== "granted")) sense.denied = true;
    window.addEventListener("devicemotion", onMotion);
    window.addEventListener("deviceorientation", onOrientation);
    window.addEventListener("deviceorientationabsolute", onOrientation);
    render();
  });
  keepAwake();
  document.body.dataset.view = "play";
  connect();
  // No motion after a while: a sensorless browser, or permission refused; say so.
  setTimeout(render, 3000);
}

function setState(state) {
  phone.state = state;
  render();
}

// Whose marble: the number on the player's colour; waiting, an hourglass on the page's own.
const PAPER = "#f4efe6";
function showPlayer() {
  const color = phone.waiting ? PAPER : phone.color;
  document.getElementById("player").textContent = String(phone.player);
  document.body.dataset.waiting = phone.waiting ? "yes" : "no";
  document.body.style.background = color;
  document.querySelector('meta[name="theme-color"]').setAttribute("content", color);
  render();
}

// The status: a picture for each state and one or two words. "notilt" when no motion came;
// "waiting" while every player is taken.
const WORDS = { idle: "", connecting: "Connecting", connected: "Ready", posting: "Ready", notilt: "No tilt",
  waiting: "Wait", refused: "Stopped" };
function render() {
  let look = phone.state;
  if ((look === "connected" || look === "posting") && (sense.denied || sense.motions === 0)) {
    if (sense.denied || performance.now() - startedAt > 2500) look = "notilt";
  }
  if ((look === "connected" || look === "posting") && phone.waiting) look = "waiting";
  const status = document.getElementById("status");
  status.dataset.state = look;
  document.getElementById("words").textContent = WORDS[look];
  document.getElementById("why").textContent = phone.why; // under the big sad face
  document.body.dataset.state = phone.state;
}

let startedAt = 0;
document.getElementById("start").addEventListener("click", () => { startedAt = performance.now(); start(); });
holdable("pen", 1);
holdable("eraser", 2);
holdable("undo", 4);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState !== "visible" || phone.state === "idle") return;
  keepAwake();
  comeBack();
});
const kept = keptSeat();
if (kept) seated(kept); else render();
