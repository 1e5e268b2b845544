"""A DevTools protocol connection for the tests' browsers (phone_browser.py): commands answered
by id, events kept in order. Needs websocket-client (`pip install websocket-client`)."""
import json, time

import websocket  # websocket-client


class DevTools:
    """One DevTools WebSocket: commands answered by id, events kept in order."""

    def __init__(self, url):
        self.ws = websocket.create_connection(url, suppress_origin=True, timeout=30)
        self.next_id = 0
        self.events = []

    def call(self, method, timeout=30, **params):
        self.next_id += 1
        mine = self.next_id
        self.ws.send(json.dumps({"id": mine, "method": method, "params": params}))
        deadline = time.monotonic() + timeout
        while True:
            self.ws.settimeout(max(0.01, deadline - time.monotonic()))
            msg = json.loads(self.ws.recv())
            if msg.get("id") == mine:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            if "method" in msg:
                self.events.append(msg)

    def pump(self, seconds):
        """Reads events for up to `seconds`."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.ws.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                msg = json.loads(self.ws.recv())
            except websocket.WebSocketTimeoutException:
                return
            if "method" in msg:
                self.events.append(msg)

    def wait_event(self, name, timeout=30):
        deadline = time.monotonic() + timeout
        seen = 0
        while True:
            for e in self.events[seen:]:
                if e["method"] == name:
                    self.events.remove(e)
                    return e.get("params", {})
            seen = len(self.events)
            if time.monotonic() > deadline:
                raise TimeoutError(f"no {name} in {timeout} s")
            self.pump(0.1)

    def close(self):
        try:
            self.ws.close()
        except Exception:
            pass
