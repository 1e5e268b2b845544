// What tests (and a curious parent in the console) can read.
const phone = window.marblePhone = {
  state: "idle",        // idle | connecting | connected | posting | refused
  player: null,         // the player we drive: from the welcome, then any seat line
  color: null,          // and their colour, #rrggbb
  waiting: false,       // every player is taken: we drive nothing until a seat line
  sent: 0,              // readings handed to the socket or in a POST that went through
  transport: "socket",  // socket | post
  gravitySign: 1,       // 1, or −1 where the browser reports gravity inverted (iOS)
  last: "",             // the last reading line made
  why: "",              // the bye's words, when refused
};

// The one-time token is the address's #fragment (never sent to the server by the browser
// itself, so it stays out of logs); the key from the welcome lets this page come back after
// a drop or a reload of the tab (a used token cannot be used again).
const token = location.hash.slice(1);
const keyName = "marble.key." + token;
// Where marble last seated us, as its line: a reloaded tab shows it at once (a page on
// POST hears its welcome only once, and a seat line only when the seat changes).
const seatName = "marble.seat." + token;
const link = {
  key: null,
  socket: null,
  welcomed: false,   // the seat is ours: readings may go
  everOpened: false, // a socket ever opened (then a failed open is a drop, not a refusal)
  failedOpens: 0,    // sockets that never opened: two and we post instead (iOS refuses
                     // wss:// to a self-signed certificate that plain requests accept)
  failures: 0,       // tries in a row that failed, for the backoff
  timer: 0,
  queue: [],         // POST: readings waiting for the next batch
  posting: false,    // a POST is on its way (never two at once)
};
try { link.key = sessionStorage.getItem(keyName); } catch (e) { /* storage off: memory only */ }

// The first line of every socket and every POST batch: who we are.
function greeting() {
  return link.key ? "back," + link.key : "hello," + token;
}

function connect() {
  clearTimeout(link.timer);
  if (phone.state === "refused") return;
  if (!link.key && !/^[A-Za-z0-9_-]{22,64}$/.test(token)) {
    refuse("Scan the code again"); // opened without the QR code's token: no seat to ask for
    return;
  }
  if (phone.transport === "post") { postSoon(0); return; }
  if (link.socket) return; // still opening, or open
  setState("connecting");
  // wss:// on the real (HTTPS) page; ws:// only when a developer serves it over plain HTTP.
  const scheme = location.protocol === "http:" ? "ws://" : "wss://";
  let ws;
  try {
    ws = new WebSocket(scheme + location.host + "/socket");
  } catch (e) {
    socketGone(false);
    return;
  }
  link.socket = ws;
  let opened = false;
  ws.onopen = () => {
    opened = true;
    link.everOpened = true;
    ws.send(greeting());
  };
  ws.onmessage = (e) => { if (typeof e.data === "string") handleReplies(e.data); };
  ws.onclose = () => {
    if (link.socket !== ws) return;
    link.socket = null;
    link.welcomed = false;
    socketGone(opened);
  };
}

// A socket closed (or never opened): try again after the backoff, or post instead.
function socketGone(opened) {
  if (phone.state === "refused") return;
  if (!opened && !link.everOpened) link.failedOpens += 1;
  if (link.failedOpens >= 2) {
    phone.transport = "post";
    link.failures = 0;
    setState("connecting");
    postSoon(0);
    return;
  }
  setState("connecting");
  link.failures += 1;
  link.timer = setTimeout(connect, MarbleMath.backoff(link.failures));
}

// Back in front (a phone woken, a tab shown again): try at once, not at the backoff's end.
function comeBack() {
  if (phone.state === "idle" || phone.state === "refused") return;
  if (phone.transport === "post") { if (!link.posting) postSoon(0); return; }
  if (!link.socket) { link.failures = 0; connect(); }
}

// The server's lines: welcome (the seat is ours: show whose marble), seat (we drive this
// player now) or wait (no player free), bye (stop).
function handleReplies(text) {
  for (const line of text.split("\n")) {
    const reply = MarbleMath.parseReply(line);
    if (!reply) continue;
    if (reply.kind === "bye") { refuse(reply.why); return; }
    if (reply.kind === "seat" || reply.kind === "wait") { seated(reply); continue; }
    link.key = reply.key;
    try { sessionStorage.setItem(keyName, reply.key); } catch (e) { /* memory only */ }
    link.welcomed = true;
    link.failures = 0;
    setState(phone.transport === "post" ? "posting" : "connected");
    seated(reply);
  }
}

// Where marble seated us: a player (their number and colour), or waiting for one.
function seated(reply) {
  phone.waiting = reply.kind === "wait";
  if (!phone.waiting) {
    phone.player = reply.player;
    phone.color = reply.color;
  }
  const line = phone.waiting ? "wait" : "seat," + phone.player + "," + phone.color;
  try { sessionStorage.setItem(seatName, line); } catch (e) { /* memory only */ }
  showPlayer();
}

// The seat kept from before a reload of this tab, if it still has its key.
function keptSeat() {
  try { return link.key ? MarbleMath.parseReply(sessionStorage.getItem(seatName) || "") : null; }
  catch (e) { return null; }
}

// Let go or turned away: say so and never try again (the bye says why).
function refuse(why) {
  phone.why = why || "";
  link.welcomed = false;
  clearTimeout(link.timer);
  try { sessionStorage.removeItem(keyName); sessionStorage.removeItem(seatName); } catch (e) { /* nothing kept */ }
  setState("refused");
  const ws = link.socket;
  link.socket = null;
  if (ws) ws.close();
}

// One reading: over the socket at once, or into the next POST batch. Only while the seat
// is ours; a reading that cannot go now is dropped (an old tilt is of no use later).
function sendReading(line) {
  phone.last = line;
  if (!link.welcomed) return;
  if (phone.transport === "socket") {
    const ws = link.socket;
    // A socket far behind (weak Wi-Fi) drops readings instead of queueing seconds of them.
    if (!ws || ws.readyState !== WebSocket.OPEN || ws.bufferedAmount > 65536) return;
    ws.send(line);
    phone.sent += 1;
  } else {
    link.queue.push(line);
    if (link.queue.length > 200) link.queue.shift();
  }
}

function postSoon(ms) {
  clearTimeout(link.timer);
  link.timer = setTimeout(postBatch, ms);
}

// POST /readings every ~100 ms: the greeting, then the readings since the last batch. The
// answer holds reply lines, handled as the socket's are.
async function postBatch() {
  if (phone.state === "refused" || link.posting) return;
  if (document.visibilityState === "hidden") return; // comeBack() starts it again
  const lines = link.queue.splice(0, 250);
  link.posting = true;
  let ok = false;
  try {
    const res = await fetch("/readings", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: [greeting()].concat(lines).join("\n") + "\n",
      cache: "no-store",
    });
    handleReplies(await res.text());
    ok = res.ok;
  } catch (e) {
    ok = false;
  }
  link.posting = false;
  if (phone.state === "refused") return;
  if (ok && link.key) {
    phone.sent += lines.length; // queued only while the seat was ours
    link.welcomed = true;
    link.failures = 0;
    setState("posting");
    postSoon(100);
  } else {
    link.welcomed = false;
    link.failures += 1;
    setState("connecting");
    postSoon(MarbleMath.backoff(link.failures));
  }
}
