#!/usr/bin/env python3
"""A hostile HTTP server on 127.0.0.1 for terminal-safety tests: every request gets one answer.

Usage: hostile_http.py STATUS REASON_HEX [HEADER_HEX ...]
REASON_HEX and each HEADER_HEX are hex-encoded bytes, so a test can put ESC, BEL or C1 controls
in a reason phrase or a header such as Location. Prints the port on stdout, then serves until
stdin closes (the test holds the pipe) or 60 s pass.
"""
import socket, sys, threading, time

status = int(sys.argv[1])
reason = bytes.fromhex(sys.argv[2])
headers = [bytes.fromhex(h) for h in sys.argv[3:]]
answer = b"HTTP/1.1 %d " % status + reason + b"\r\n" + b"".join(h + b"\r\n" for h in headers) \
    + b"DAV: 1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"

server = socket.socket()
server.bind(("127.0.0.1", 0))
server.listen(16)
server.settimeout(0.5)
print(server.getsockname()[1], flush=True)
stop = threading.Event()
threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
deadline = time.monotonic() + 60
while not stop.is_set() and time.monotonic() < deadline:
    try:
        conn, _ = server.accept()
    except socket.timeout:
        continue
    with conn:
        conn.settimeout(2)
        data = b""
        try:
            while b"\r\n\r\n" not in data:
                chunk = conn.recv(65536)
                if not chunk:
                    break
                data += chunk
            conn.sendall(answer)
        except OSError:
            pass
