extension PhonePageAssets {
    /// `/`: the page a child's phone opens from the QR code. For children who read little:
    /// pictures first, a word at most. The style is inline (the CSP allows it); every script is
    /// in `/phone.js` (it allows no inline script). Nothing is fetched from another host.
    static let pageHTML = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no, viewport-fit=cover">
    <meta name="theme-color" content="#f4efe6">
    <meta name="apple-mobile-web-app-capable" content="yes">
    <title>Marble</title>
    <link rel="icon" href="/icon.svg" type="image/svg+xml">
    <style>
    html, body { height: 100%; margin: 0; overflow: hidden; overscroll-behavior: none; }
    body {
      background: #f4efe6; color: #222; font: 700 20px/1.2 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
      display: flex; flex-direction: column; transition: background .4s;
      -webkit-user-select: none; user-select: none; -webkit-touch-callout: none;
      -webkit-tap-highlight-color: transparent; touch-action: manipulation;
      padding: env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left);
      box-sizing: border-box;
    }
    button { font: inherit; color: inherit; border: 0; cursor: pointer; touch-action: none; }
    svg { display: block; }

    /* The status: a picture and a word, top centre. */
    #status {
      align-self: center; margin-top: 14px; min-height: 44px; padding: 6px 18px 6px 10px;
      display: flex; align-items: center; gap: 10px; border-radius: 999px;
      background: rgba(255, 255, 255, .85); font-size: 22px; box-shadow: 0 2px 8px rgba(0, 0, 0, .12);
    }
    #status[data-state="idle"] { visibility: hidden; }
    #status .i { width: 34px; height: 34px; display: none; }
    #status[data-state="connecting"] .i-wait, #status[data-state="connected"] .i-ok,
    #status[data-state="posting"] .i-ok, #status[data-state="refused"] .i-sad, #status[data-state="waiting"] .i-wait,
    #status[data-state="notilt"] .i-notilt { display: block; }
    .i-wait circle { animation: blink 1.2s infinite; }
    .i-wait circle:nth-child(2) { animation-delay: .2s; }
    .i-wait circle:nth-child(3) { animation-delay: .4s; }
    @keyframes blink { 0%, 100% { opacity: .2; } 40% { opacity: 1; } }

    main { flex: 1; display: flex; align-items: center; justify-content: center; min-height: 0; }
    section { display: none; flex-direction: column; align-items: center; justify-content: space-evenly;
      width: 100%; height: 100%; box-sizing: border-box; padding: 12px; }
    body[data-view="start"] #intro, body[data-view="play"] #play { display: flex; }
    body[data-state="refused"] #play { display: none; }
    body[data-state="refused"] #sad { display: flex; }

    /* Start: one big marble to press. */
    #intro { justify-content: center; gap: 7vh; }
    #tilt { width: min(72vw, 36vh); height: auto; }
    #start {
      width: min(64vw, 34vh); height: min(64vw, 34vh); border-radius: 50%;
      background: radial-gradient(circle at 34% 30%, #ffd98a 0 12%, #e69f00 48%, #b87400 100%);
      box-shadow: 0 10px 0 #8a5700, 0 16px 28px rgba(0, 0, 0, .25);
      display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 4px;
      color: #fff; font-size: min(9vw, 5vh); text-shadow: 0 2px 3px rgba(0, 0, 0, .35);
    }
    #start svg { width: 46%; height: 46%; filter: drop-shadow(0 3px 2px rgba(0, 0, 0, .3)); }
    #start:active { transform: translateY(8px); box-shadow: 0 2px 0 #8a5700, 0 6px 14px rgba(0, 0, 0, .25); }

    /* Playing: whose marble (the number on the player's colour), then the three buttons. */
    #badge {
      width: min(56vw, 32vh); height: min(56vw, 32vh); border-radius: 50%; background: #fff;
      display: flex; align-items: center; justify-content: center;
      box-shadow: inset 0 -10px 0 rgba(0, 0, 0, .08), 0 8px 24px rgba(0, 0, 0, .2);
      font-size: min(38vw, 22vh); line-height: 1; color: #222;
    }
    #buttons { display: flex; gap: min(5vw, 24px); }
    #buttons button {
      width: min(27vw, 17vh); height: min(27vw, 17vh); border-radius: 28px; background: #fff;
      box-shadow: 0 8px 0 rgba(0, 0, 0, .22); display: flex; align-items: center; justify-content: center;
      transition: transform .05s;
    }
    #buttons button svg { width: 80%; height: 80%; }
    /* Held: pushed in and ringed, the picture kept as it is. */
    #buttons button.held { transform: translateY(7px); box-shadow: 0 1px 0 rgba(0, 0, 0, .22), inset 0 0 0 6px #222; background: #fff3c4; }
    body[data-state="connecting"] #badge { opacity: .45; }
    /* Waiting for a free player: an hourglass for the number, the buttons faded. */
    #hourglass { display: none; width: 62%; height: 62%; }
    body[data-waiting="yes"] #player { display: none; }
    body[data-waiting="yes"] #hourglass { display: block; }
    body[data-waiting="yes"] #buttons { opacity: .35; }

    #sad svg { width: min(60vw, 36vh); height: auto; }
    #why { font-size: 30px; text-align: center; max-width: 90vw; }

    @media (orientation: landscape) {
      #play { flex-direction: row; }
      #intro { flex-direction: row; }
      #badge { width: min(32vw, 56vh); height: min(32vw, 56vh); font-size: min(22vw, 38vh); }
      #buttons button { width: min(17vw, 27vh); height: min(17vw, 27vh); }
      #start { width: min(34vw, 64vh); height: min(34vw, 64vh); }
    }
    </style>
    </head>
    <body data-view="start" data-state="idle">
    <div id="status" data-state="idle" role="status" aria-live="polite">
      <svg class="i i-wait" viewBox="0 0 36 36" aria-hidden="true"><circle cx="7" cy="18" r="5" fill="#0072b2"/><circle cx="18" cy="18" r="5" fill="#0072b2"/><circle cx="29" cy="18" r="5" fill="#0072b2"/></svg>
      <svg class="i i-ok" viewBox="0 0 36 36" aria-hidden="true"><circle cx="18" cy="18" r="17" fill="#009e73"/><path d="M9 19l6 6 12-13" fill="none" stroke="#fff" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/></svg>
      <svg class="i i-sad" viewBox="0 0 36 36" aria-hidden="true"><circle cx="18" cy="18" r="17" fill="#f0c419"/><circle cx="12" cy="14" r="2.6" fill="#222"/><circle cx="24" cy="14" r="2.6" fill="#222"/><path d="M10 27q8-7 16 0" fill="none" stroke="#222" stroke-width="3" stroke-linecap="round"/></svg>
      <svg class="i i-notilt" viewBox="0 0 36 36" aria-hidden="true"><rect x="10" y="3" width="16" height="30" rx="3" fill="#fff" stroke="#222" stroke-width="2.5"/><path d="M5 31L31 5" stroke="#d55e00" stroke-width="4" stroke-linecap="round"/></svg>
      <span id="words"></span>
    </div>
    <main>
      <section id="intro">
        <!-- A phone tilting, the marble rolling: what the child will do. -->
        <svg id="tilt" viewBox="0 0 120 90" aria-hidden="true">
          <path d="M20 78 Q60 88 100 78" fill="none" stroke="#c9bfae" stroke-width="3" stroke-linecap="round"/>
          <g transform="rotate(-14 60 46)">
            <rect x="16" y="28" width="88" height="40" rx="8" fill="#333"/>
            <rect x="22" y="32" width="76" height="32" rx="4" fill="#fffdf8"/>
            <path d="M30 56 Q46 40 62 50" fill="none" stroke="#56b4e9" stroke-width="4" stroke-linecap="round"/>
            <circle cx="70" cy="50" r="8" fill="#e69f00"/><circle cx="67" cy="47" r="2.5" fill="#ffe2a6"/>
          </g>
          <path d="M96 14 a16 16 0 0 1 10 22" fill="none" stroke="#0072b2" stroke-width="4" stroke-linecap="round"/>
          <path d="M101 36 l6 2 l1-7" fill="none" stroke="#0072b2" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
        </svg>
        <button id="start" aria-label="Start">
          <svg viewBox="0 0 64 64" aria-hidden="true"><path d="M20 10 L54 32 L20 54 Z" fill="#fff" stroke="#fff" stroke-width="6" stroke-linejoin="round"/></svg>
          <span>Start</span>
        </button>
      </section>
      <section id="play">
        <div id="badge" aria-label="Your marble"><span id="player">?</span>
          <svg id="hourglass" viewBox="0 0 64 64" aria-label="Wait for a free marble">
            <path d="M16 6 H48 M16 58 H48" stroke="#222" stroke-width="5" stroke-linecap="round"/>
            <path d="M20 8 C20 24 30 26 30 32 C30 38 20 40 20 56 H44 C44 40 34 38 34 32 C34 26 44 24 44 8 Z" fill="#fffdf8" stroke="#222" stroke-width="3.5" stroke-linejoin="round"/>
            <path d="M25 16 H39 C37 23 33 25 32 29 C31 25 27 23 25 16 Z M24 53 C26 44 30 43 32 41 C34 43 38 44 40 53 Z" fill="#e69f00"/>
          </svg>
        </div>
        <div id="buttons">
          <button id="pen" aria-label="Lift the pen (hold)">
            <svg viewBox="0 0 64 64" aria-hidden="true">
              <path d="M6 57 H58" stroke="#999" stroke-width="4" stroke-linecap="round" stroke-dasharray="2 7"/>
              <rect x="20" y="4" width="14" height="26" rx="2" fill="#f0c419" stroke="#222" stroke-width="2.5"/>
              <rect x="20" y="4" width="14" height="6" rx="2" fill="#cc79a7" stroke="#222" stroke-width="2.5"/>
              <path d="M20 30 L34 30 L27 44 Z" fill="#f5deb3" stroke="#222" stroke-width="2.5" stroke-linejoin="round"/>
              <path d="M24.5 39 L29.5 39 L27 44 Z" fill="#222"/>
              <path d="M49 46 V14 M40 23 L49 13 L58 23" fill="none" stroke="#0072b2" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>
            </svg>
          </button>
          <button id="eraser" aria-label="Eraser (hold)">
            <svg viewBox="0 0 64 64" aria-hidden="true">
              <g transform="rotate(-35 32 32)">
                <rect x="8" y="22" width="48" height="22" rx="4" fill="#cc79a7" stroke="#222" stroke-width="2.5"/>
                <rect x="8" y="22" width="18" height="22" rx="4" fill="#fff" stroke="#222" stroke-width="2.5"/>
              </g>
              <path d="M30 58 H58" stroke="#999" stroke-width="4" stroke-linecap="round"/>
              <circle cx="12" cy="56" r="2.5" fill="#999"/><circle cx="20" cy="59" r="2" fill="#999"/>
            </svg>
          </button>
          <button id="undo" aria-label="Undo">
            <svg viewBox="0 0 64 64" aria-hidden="true">
              <path d="M22 22 H40 A13 13 0 0 1 40 48 H24" fill="none" stroke="#d55e00" stroke-width="7" stroke-linecap="round"/>
              <path d="M6 22 L24 8 L24 36 Z" fill="#d55e00" stroke="#d55e00" stroke-width="3" stroke-linejoin="round"/>
            </svg>
          </button>
        </div>
      </section>
      <section id="sad">
        <svg viewBox="0 0 36 36" aria-hidden="true"><circle cx="18" cy="18" r="17" fill="#f0c419"/><circle cx="12" cy="14" r="2.6" fill="#222"/><circle cx="24" cy="14" r="2.6" fill="#222"/><path d="M10 27q8-7 16 0" fill="none" stroke="#222" stroke-width="3" stroke-linecap="round"/></svg>
        <div id="why"></div>
      </section>
    </main>
    <script src="/phone.js"></script>
    </body>
    </html>

    """#
}
