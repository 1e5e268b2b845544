#!/usr/bin/env node
// Checks the phone page's pure arithmetic (MarbleMath) in Node, exactly as served: the files
// Sources/MarblePhonePage/Page/phone-*.js are what /phone.js serves, joined in this order
// (PhonePageAssets.script); the arithmetic's file is run alone in a fresh context. Also checks
// that every part, and the whole script, at least parses. Exits 1 on any failure.
//
//   node Tests/Tools/phone_page_js_test.js
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const pageDir = path.join(__dirname, "..", "..", "Sources", "MarblePhonePage", "Page");
// The script's three files, in the order /phone.js joins them.
const parts = ["phone-math.js", "phone-link.js", "phone-page.js"];
const read = (file) => fs.readFileSync(path.join(pageDir, file), "utf8");

let failures = 0, checks = 0;
function check(what, ok, detail) {
  checks += 1;
  if (!ok) { failures += 1; console.error(`FAIL ${what}${detail === undefined ? "" : ": " + detail}`); }
}
const near = (a, b, eps = 1e-9) => Math.abs(a - b) <= eps;
const nearVec = (a, b, eps = 1e-9) => a.length === b.length && a.every((x, i) => near(x, b[i], eps));

const ctx = vm.createContext({});
vm.runInContext(read("phone-math.js"), ctx, { filename: "phone-math.js" });
const M = vm.runInContext("MarbleMath", ctx);

// Every part parses (the whole script needs a browser to run; here it is only compiled).
for (const file of parts) {
  try { new vm.Script(read(file), { filename: file }); check(`${file} parses`, true); }
  catch (e) { check(`${file} parses`, false, e.message); }
}
try { new vm.Script(parts.map(read).join(""), { filename: "phone.js" }); check("phone.js parses", true); }
catch (e) { check("phone.js parses", false, e.message); }

// Up from orientation: flat is +z; top edge raised (beta > 0) tips up toward +y; right edge
// raised (gamma > 0, the spec's positive gamma) tips up toward −x.
check("flat is up +z", nearVec(M.upFromOrientation(0, 0), [0, 0, 1]));
check("beta 90 (upright) is up +y", nearVec(M.upFromOrientation(90, 0), [0, 1, 0], 1e-12));
check("gamma 90 is up −x", nearVec(M.upFromOrientation(0, 90), [-1, 0, 0], 1e-12));
check("beta 30 gamma 20", nearVec(M.upFromOrientation(30, 20),
  [-Math.cos(Math.PI / 6) * Math.sin(Math.PI / 9), 0.5, Math.cos(Math.PI / 6) * Math.cos(Math.PI / 9)], 1e-12));

// The gravity sign: the spec's reading agrees with up, iOS's is against it.
const g = 9.80665;
const upAt = (b, c) => M.upFromOrientation(b, c).map((v) => v * g);
check("spec flat: +1", M.gravitySignFrom([0, 0, g], 0, 0) === 1);
check("iOS flat: −1", M.gravitySignFrom([0, 0, -g], 0, 0) === -1);
check("spec tilted: +1", M.gravitySignFrom(upAt(25, -40), 25, -40) === 1);
check("iOS tilted: −1", M.gravitySignFrom(upAt(25, -40).map((v) => -v), 25, -40) === -1);
check("spec face down: +1", M.gravitySignFrom(upAt(170, 10), 170, 10) === 1);
check("shaken (|g| 20): undecided", M.gravitySignFrom([0, 0, 20], 0, 0) === 0);
check("falling (|g| 1): undecided", M.gravitySignFrom([0, 0, 1], 0, 0) === 0);
check("sideways to up: undecided", M.gravitySignFrom([g, 0, 0], 0, 0) === 0);
check("no orientation: undecided", M.gravitySignFrom([0, 0, g], null, null) === 0);
let tally = { sign: 0, count: 0, locked: false };
for (const v of [1, 0, 1, -1, -1, 0, -1]) tally = M.gravitySignVote(tally, v, 3);
check("three −1 in a row lock −1", tally.locked && tally.sign === -1, JSON.stringify(tally));
tally = { sign: 0, count: 0, locked: false };
for (const v of [1, -1, 1, -1]) tally = M.gravitySignVote(tally, v, 3);
check("disagreeing votes do not lock", !tally.locked);
check("guess: compass heading seen is iOS", M.gravitySignGuess(true, "Linux armv8l", 5) === -1);
check("guess: iPhone", M.gravitySignGuess(false, "iPhone", 5) === -1);
check("guess: iPadOS as MacIntel with touch", M.gravitySignGuess(false, "MacIntel", 5) === -1);
check("guess: a Mac without touch", M.gravitySignGuess(false, "MacIntel", 0) === 1);
check("guess: Android", M.gravitySignGuess(false, "Linux armv8l", 5) === 1);

// Turning to the screen: angle 90 = the device turned 90° counterclockwise (its top edge on
// the child's left), so the screen's up is the device's right edge and its right the device's
// bottom edge.
check("angle 0 keeps", nearVec(M.turnToScreen([1, 2, 3], 0), [1, 2, 3]));
check("angle 90: device right edge is screen up", nearVec(M.turnToScreen([1, 0, 0], 90), [0, 1, 0]));
check("angle 90: device top edge is screen left", nearVec(M.turnToScreen([0, 1, 0], 90), [-1, 0, 0]));
check("angle 180: both flip", nearVec(M.turnToScreen([1, 2, 3], 180), [-1, -2, 3]));
check("angle 270: device top edge is screen right", nearVec(M.turnToScreen([0, 1, 0], 270), [1, 0, 0]));
check("angle 270: device right edge is screen down", nearVec(M.turnToScreen([1, 0, 0], 270), [0, -1, 0]));
check("angle −90 is 270", nearVec(M.turnToScreen([0.3, 0.7, 1], -90), M.turnToScreen([0.3, 0.7, 1], 270)));
// A phone held landscape (turned counterclockwise, angle 90) whose screen's right edge is
// lowered: the device's top edge (now on the left) is raised, so up tips toward device +y
// (beta > 0); on the screen, the reading must say right edge lowered: x negative.
const landscape = M.turnToScreen(upAt(20, 0), 90);
check("landscape, screen's right edge lowered: gx < 0", landscape[0] < -3 && near(landscape[1], 0, 1e-9));
// rotationRate as browsers give it: alpha about x, beta about y, gamma about z; the wire wants
// (about z, about x, about y) of the screen's frame.
check("rotation, screen upright: (z, x, y)", nearVec(M.rotationToWire(20, 30, 10, 0), [10, 20, 30]));
check("rotation, turned 90: z kept, (x, y) turned", nearVec(M.rotationToWire(20, 30, 10, 90), [10, -30, 20]));

// Heading of the top edge: 360 − alpha short of upright, whatever gamma; past upright 180 − alpha.
check("alpha 45 flat: heading 315", near(M.headingFromAlpha(45, 0), 315));
check("alpha 0: heading 0 (not 360)", M.headingFromAlpha(0, 0) === 0);
check("alpha 90, tilted 60 and rolled: heading 270", near(M.headingFromAlpha(90, 60), 270) &&
  near(M.headingFromAlpha(90, -30), 270));
check("face down past upright: 180 − alpha", near(M.headingFromAlpha(30, 150), 150));
check("upright: none", M.headingFromAlpha(30, 90) === null);
check("no alpha: none", M.headingFromAlpha(null, 0) === null);
// Check 360 − alpha against the rotation itself: the top edge's direction in the earth frame.
for (const [a, b, c] of [[10, 20, 30], [200, -40, 80], [300, 60, -70], [123, 170, 5]]) {
  const [ra, rb, rc] = [a, b, c].map((d) => d * Math.PI / 180);
  // R = Rz(a) Rx(b) Ry(c); its second column is the device's +y in the earth frame.
  const east = -Math.sin(ra) * Math.cos(rb), north = Math.cos(ra) * Math.cos(rb);
  const expected = M.wrap360(Math.atan2(east, north) * 180 / Math.PI);
  check(`heading at ${a},${b},${c}`, near(M.headingFromAlpha(a, b), expected, 1e-9), `${M.headingFromAlpha(a, b)} vs ${expected}`);
}
check("screen heading adds the angle", near(M.screenHeading(315, 90), 45) && M.screenHeading(null, 90) === null);

// The reading line, as PhoneMessage.swift decodes it.
const line = M.readingLine(1234.56, [0.1234, -9.80665, 0], [1.005, -2, 3.333], 359.96, 5);
check("reading line", line === "r,1234.6,0.123,-9.807,0.000,1.00,-2.00,3.33,360.0,5", line);
check("no heading is empty", M.readingLine(1, [0, 0, 9.8], [0, 0, 0], null, 0) === "r,1.0,0.000,0.000,9.800,0.00,0.00,0.00,,0");
check("null and NaN sensor values are 0, never -0",
  M.readingLine(0, [null, NaN, -0.0001], [undefined, -0.001, Infinity], 0, 8) === "r,0.0,0.000,0.000,0.000,0.00,0.00,0.00,0.0,0");
const extreme = M.readingLine(1e15, [1e9, -1e9, 0], [1e9, -1e9, 0], 720, 7).split(",");
check("clamped to the decoder's limits", extreme[2] === "200.000" && extreme[3] === "-200.000" &&
  extreme[5] === "20000.00" && extreme[6] === "-20000.00" && extreme[8] === "360.0", extreme.join(","));
check("every field at most 24 characters", extreme.every((f) => f.length <= 24));
check("ten fields", extreme.length === 10);

// Replies.
const w = M.parseReply("welcome,AAAAAAAAAAAAAAAAAAAAAA,2,#56b4e9\r");
check("welcome", w && w.kind === "welcome" && w.key === "AAAAAAAAAAAAAAAAAAAAAA" && w.player === 2 && w.color === "#56b4e9", JSON.stringify(w));
check("bye", JSON.stringify(M.parseReply("bye,the seat is taken")) === '{"kind":"bye","why":"the seat is taken"}');
check("a bad colour is no welcome", M.parseReply("welcome,AAAAAAAAAAAAAAAAAAAAAA,2,red") === null);
check("unknown lines are ignored", M.parseReply("hello,x") === null && M.parseReply("") === null);
// Where marble seated the page: the player it drives now (number and colour), or waiting.
const seat = M.parseReply("seat,2,#56B4E9\r");
check("seat", seat && seat.kind === "seat" && seat.player === 2 && seat.color === "#56B4E9", JSON.stringify(seat));
check("wait", JSON.stringify(M.parseReply("wait")) === '{"kind":"wait"}');
check("a seat without its colour, or with a key, is ignored", M.parseReply("seat,2") === null &&
  M.parseReply("seat,AAAAAAAAAAAAAAAAAAAAAA,2,#56b4e9") === null && M.parseReply("seat,two,#56b4e9") === null);
check("wait with anything after it is ignored", M.parseReply("wait,1") === null);

// Backoff: 0.5 s doubling to 5 s.
check("backoff", [1, 2, 3, 4, 5, 6, 20].map(M.backoff).join() === "500,1000,2000,4000,5000,5000,5000");

if (failures) {
  console.error(`${failures} of ${checks} checks failed`);
  process.exit(1);
}
console.log(`phone page JS: ${checks} checks passed`);
