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
  {"do": "raw", "port": P, "data": "POST … \r\n\r\nbody"}           bytes in one TLS write, as no
                                                                browser would send them
  {"do": "posts", "port": P, "bodies": ["back,KEY\n…", …], "pace": 0.1}
                                                                POSTs on one kept-alive connection
  {"do": "strangers", "port": P, "seconds": 3, "token": T, "origin": O, "sockets": 20, "rate": 40, "threads": 4}
                                                                bad requests from strangers for a while

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


def raw_request(port, data, timeout=5):
    """`data` sent in one TLS write (headers and body together); the answer's status and body,
    and whether the server closed the connection after it."""
    s = context().wrap_socket(socket.create_connection((HOST, port), timeout=timeout), server_hostname=HOST)
    s.sendall(data)
    got = b""
    closed = False
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                closed = True
                break
            got += chunk
            head, sep, body = got.partition(b"\r\n\r\n")
            if sep:
                length = [int(l.split(b":", 1)[1]) for l in head.split(b"\r\n") if l.lower().startswith(b"content-length:")]
                if length and len(body) >= length[0]:
                    # Whether the server closes now, or keeps the connection for another request.
                    s.settimeout(0.3)
                    try:
                        closed = s.recv(1) == b""
                    except socket.timeout:
                        closed = False
                    break
    except (socket.timeout, ConnectionError, ssl.SSLError):
        closed = True
    finally:
        s.close()
    head, _, body = got.partition(b"\r\n\r\n")
    first = head.split(b"\r\n")[0].split()
    status = int(first[1]) if len(first) > 1 and first[1].isdigit() else 0
    return {"status": status, "body": body.decode("utf-8", "replace"), "closed": closed}


def raw(req):
    return raw_request(req["port"], req["data"].encode("utf-8"))


def posts(req):
    """Each body POSTed to /readings in turn on one kept-alive connection (as a page's fetch
    does), `pace` seconds apart: each answer's status and body."""
    port = req["port"]
    conn = http.client.HTTPSConnection(HOST, port, context=context(), timeout=5)
    answers = []
    for body in req["bodies"]:
        data = body.encode()
        try:
            conn.putrequest("POST", "/readings", skip_host=True, skip_accept_encoding=True)
            conn.putheader("Host", f"{HOST}:{port}")
            conn.putheader("Origin", req["origin"])
            conn.putheader("Content-Type", "text/plain")
            conn.putheader("Content-Length", str(len(data)))
            conn.endheaders(data)
            r = conn.getresponse()
            answers.append({"status": r.status, "body": r.read().decode("utf-8", "replace")})
        except Exception as e:
            answers.append({"status": 0, "error": f"{type(e).__name__}: {e}"})
            conn.close()
            conn = http.client.HTTPSConnection(HOST, port, context=context(), timeout=5)
        time.sleep(req.get("pace", 0))
    conn.close()
    return {"answers": answers}


def strangers(req):
    """Strangers on the network for `seconds`: sockets opened with the page's Origin that never
    say hello (`sockets` of them, held), and `rate` bad requests a second, each in one write
    with its body: a foreign Origin's POST and an unknown path's, both showing the seat's
    token, a wrong token's POST, and a foreign Host's. Counts what each got."""
    import random
    import threading
    port, token = req["port"], req["token"]
    held, got = [], {}
    lock = threading.Lock()

    def count(kind, status):
        with lock:
            got.setdefault(kind, {}).setdefault(str(status), 0)
            got[kind][str(status)] += 1

    def post(path, origin, host, body):
        b = body.encode()
        return (f"POST {path} HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin}\r\n"
                f"Content-Type: text/plain\r\nContent-Length: {len(b)}\r\n\r\n").encode() + b

    for _ in range(req.get("sockets", 0)):
        try:
            ws = websocket.create_connection(
                f"wss://{HOST}:{port}/socket", sslopt={"cert_reqs": ssl.CERT_NONE, "check_hostname": False},
                timeout=5, host=f"{HOST}:{port}", origin=req["origin"])
            held.append(ws)
            count("idle socket", "opened")
        except Exception:
            count("idle socket", "refused")
    kinds = [
        ("foreign Origin", lambda: post("/readings", "https://evil.example", f"{HOST}:{port}", f"hello,{token}\n")),
        ("unknown path", lambda: post("/other", req["origin"], f"{HOST}:{port}", f"hello,{token}\n")),
        ("foreign Host", lambda: post("/readings", req["origin"], "evil.example", f"hello,{token}\n")),
        ("wrong token", lambda: post("/readings", req["origin"], f"{HOST}:{port}", "hello,%032x\n" % random.getrandbits(128))),
    ]
    end = time.time() + req.get("seconds", 2)
    sent = [0]

    def send_for_a_while(first):
        # Each thread its own turn of the kinds, `rate` a second between them all.
        n = first
        while time.time() < end:
            kind, make = kinds[n % len(kinds)]
            n += 1
            with lock:
                sent[0] += 1
            try:
                count(kind, raw_request(port, make(), timeout=2)["status"])
            except Exception as e:
                count(kind, type(e).__name__)
            time.sleep(req.get("threads", 4) / req.get("rate", 40))

    threads = [threading.Thread(target=send_for_a_while, args=(i,)) for i in range(req.get("threads", 4))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    n = sent[0]
    for ws in held:
        try:
            ws.close()
        except Exception:
            pass
    return {"sent": n, "got": got}


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
        elif do == "raw":
            out = raw(req)
        elif do == "posts":
            out = posts(req)
        elif do == "strangers":
            out = strangers(req)
        else:
            out = {"error": f"unknown request {do}"}
    except Exception as e:
        out = {"error": f"{type(e).__name__}: {e}"}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
