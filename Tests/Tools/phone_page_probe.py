#!/usr/bin/env python3
"""Probes the phone page's server as a browser (or an attacker) would, on 127.0.0.1 only.

One JSON request on the command line, one JSON answer on stdout; the Swift tests
(MarblePhonePageTests) start the server and ask this for each case:

  {"do": "get", "port": P, "path": "/", "host": "127.0.0.1:P", "origin": null}
  {"do": "post", "port": P, "path": "/readings", "body": "hello,TOKEN\n", "origin": "https://…"}
  {"do": "plain", "port": P, "path": "/"}                       plain HTTP on the TLS port
  {"do": "socket", "port": P, "path": "/socket", "origin": "https://…", "host": …,
   "send": ["hello,TOKEN", …], "wait": 1.0, "hold": 0}          a WebSocket's life
  {"do": "flood", "port": P, "count": 300}                      connections opened at once

Needs websocket-client (pip install websocket-client), which `make test` installs.
"""
import http.client
import json
import socket
import ssl
import sys
import time

import websocket  # websocket-client

HOST = "127.0.0.1"


def context():
    c = ssl.create_default_context()
    c.check_hostname = False
    c.verify_mode = ssl.CERT_NONE
    return c


def get(req, method="GET", body=None):
    port = req["port"]
    conn = http.client.HTTPSConnection(HOST, port, context=context(), timeout=5)
    conn.putrequest(method, req.get("path", "/"), skip_host=True, skip_accept_encoding=True)
    conn.putheader("Host", req.get("host", f"{HOST}:{port}"))
    if req.get("origin"):
        conn.putheader("Origin", req["origin"])
    data = body.encode() if body is not None else None
    if data is not None:
        conn.putheader("Content-Type", "text/plain")
        conn.putheader("Content-Length", str(req.get("length", len(data))))
    conn.endheaders(data)
    r = conn.getresponse()
    text = r.read().decode("utf-8", "replace")
    out = {"status": r.status, "body": text[:200000], "headers": {k.lower(): v for k, v in r.getheaders()}}
    conn.close()
    return out


def plain(req):
    s = socket.create_connection((HOST, req["port"]), timeout=5)
    s.sendall(f"GET {req.get('path', '/')} HTTP/1.1\r\nHost: {HOST}:{req['port']}\r\n\r\n".encode())
    data = b""
    try:
        while b"\r\n\r\n" not in data:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
    except socket.timeout:
        pass
    s.close()
    head = data.split(b"\r\n\r\n")[0].decode("latin-1")
    lines = head.split("\r\n")
    status = int(lines[0].split()[1]) if lines and len(lines[0].split()) > 1 else 0
    headers = {l.split(":", 1)[0].lower(): l.split(":", 1)[1].strip() for l in lines[1:] if ":" in l}
    return {"status": status, "headers": headers}


def sock(req):
    port = req["port"]
    url = f"wss://{HOST}:{port}{req.get('path', '/socket')}"
    headers = []
    out = {"opened": False, "replies": [], "closed": False}
    try:
        ws = websocket.create_connection(
            url, sslopt={"cert_reqs": ssl.CERT_NONE, "check_hostname": False}, timeout=5,
            host=req.get("host", f"{HOST}:{port}"), origin=req.get("origin"),
            suppress_origin=req.get("origin") is None, header=headers)
    except Exception as e:  # refused at the handshake
        out["error"] = f"{type(e).__name__}: {e}"
        return out
    out["opened"] = True
    for line in req.get("send", []):
        if isinstance(line, dict) and "binary" in line:
            ws.send_binary(line["binary"].encode())
        elif isinstance(line, dict) and "repeat" in line:
            ws.send(line["repeat"] * line["times"])
        else:
            ws.send(line)
        if req.get("pace"):
            time.sleep(req["pace"])
    deadline = time.time() + req.get("wait", 1.0)
    ws.settimeout(0.2)
    while time.time() < deadline:
        try:
            op, data = ws.recv_data(control_frame=False)
            if op == websocket.ABNF.OPCODE_CLOSE:
                out["closed"] = True
                break
            out["replies"].append(data.decode("utf-8", "replace"))
        except websocket.WebSocketTimeoutException:
            continue
        except Exception:
            out["closed"] = True
            break
    time.sleep(req.get("hold", 0))
    try:
        ws.close()
    except Exception:
        pass
    return out


def flood(req):
    opened, refused = [], 0
    for _ in range(req["count"]):
        try:
            s = socket.create_connection((HOST, req["port"]), timeout=2)
            opened.append(s)
        except OSError:
            refused += 1
    # A connection the server closed at once reads end-of-file: wait half a second for all
    # of them together, then count those.
    import select
    closed = 0
    deadline = time.time() + 0.5
    pending = list(opened)
    while pending and time.time() < deadline:
        readable, _, _ = select.select(pending, [], [], max(0, deadline - time.time()))
        for s in readable:
            try:
                if s.recv(1) == b"":
                    closed += 1
            except OSError:
                closed += 1
            pending.remove(s)
    for s in opened:
        s.close()
    return {"opened": len(opened), "refused": refused, "closedAtOnce": closed}


def main():
    req = json.loads(sys.argv[1])
    do = req["do"]
    try:
        if do == "get":
            out = get(req)
        elif do == "post":
            out = get(req, "POST", req.get("body", ""))
        elif do == "plain":
            out = plain(req)
        elif do == "socket":
            out = sock(req)
        elif do == "flood":
            out = flood(req)
        else:
            out = {"error": f"unknown request {do}"}
    except Exception as e:
        out = {"error": f"{type(e).__name__}: {e}"}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
