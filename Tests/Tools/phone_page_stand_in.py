#!/usr/bin/env python3
"""A TEST STAND-IN for marble's phone page server (the real one is MarblePhonePage, on
libwebsockets): HTTPS on 127.0.0.1 with a throwaway self-signed certificate, serving the page's
files straight out of Sources/MarblePhonePage/Page (the script's three parts joined as
/phone.js, as PhonePageAssets does), a WebSocket at /socket and POST /readings,
speaking the page's protocol (Sources/MarbleKit/Phones/Browser/PhoneMessage.swift and
PhonePageReply.swift): hello,TOKEN or back,KEY → welcome,KEY,PLAYER,#RRGGBB or bye,WHY (a
POST's back, which starts every batch, gets nothing, as from marble).

It checks only what the page's tests need; it is no model of the real server's rules (rates,
Host and Origin checks beyond the basics, limits). Standard library and openssl only.

    with StandIn(seats=[(token, 1, "#e69f00")]) as server:   # server.url(token) to open
        ...; server.lines (every line received: (via, line)); server.drop_sockets()
        server.refuse_sockets = True  (the upgrade answered 403, as iOS's wss failure looks)

CLI: phone_page_stand_in.py [--port 8443] [--no-socket]   (prints the page's address)
"""
import argparse, asyncio, base64, hashlib, os, secrets, shutil, ssl, struct, subprocess, tempfile, threading

PAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources", "MarblePhonePage", "Page")
CSP = "default-src 'self'; img-src 'self' data:"
GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


def page_file(name):
    with open(os.path.join(PAGE, name), encoding="utf-8") as f:
        return f.read()


def assets():
    script = "".join(page_file(f"phone-{p}.js") for p in ("math", "link", "page"))
    return {"/": ("text/html; charset=utf-8", page_file("phone.html")),
            "/phone.css": ("text/css; charset=utf-8", page_file("phone.css")),
            "/phone.js": ("text/javascript; charset=utf-8", script),
            "/icon.svg": ("image/svg+xml", page_file("icon.svg"))}


class StandIn:
    def __init__(self, seats=None, port=0):
        self.seats = {t: (p, c) for t, p, c in (seats or [(self.new_token(), 1, "#e69f00")])}
        self.used = set()
        self.keys = {}            # key -> seat token
        self.lines = []           # (via, line) in order
        self.refuse_sockets = False
        self.sockets = set()
        self.port = port
        self.files = assets()

    @staticmethod
    def new_token():
        return base64.urlsafe_b64encode(secrets.token_bytes(16)).rstrip(b"=").decode()

    def url(self, token=None):
        return f"https://127.0.0.1:{self.port}/#{token or next(iter(self.seats))}"

    # Running on a thread of its own

    def __enter__(self):
        self.dir = tempfile.mkdtemp(prefix="phone-stand-in-")
        key, cert = os.path.join(self.dir, "key.pem"), os.path.join(self.dir, "cert.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                        "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                        "-keyout", key, "-out", cert], check=True, capture_output=True)
        self.tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.tls.load_cert_chain(cert, key)
        self.loop = asyncio.new_event_loop()
        started = threading.Event()

        async def serve():
            self.server = await asyncio.start_server(self.client, "127.0.0.1", self.port, ssl=self.tls)
            self.port = self.server.sockets[0].getsockname()[1]
            started.set()
        self.thread = threading.Thread(target=lambda: (self.loop.run_until_complete(serve()), self.loop.run_forever()),
                                       daemon=True)
        self.thread.start()
        started.wait(10)
        return self

    def __exit__(self, *exc):
        def stop():
            self.server.close()
            for w in list(self.sockets):
                w.close()
            self.loop.stop()
        self.loop.call_soon_threadsafe(stop)
        self.thread.join(5)
        shutil.rmtree(self.dir, ignore_errors=True)
        return False

    def drop_sockets(self):
        """Closes every open socket at once, as a Wi-Fi drop does (no close frame)."""
        self.loop.call_soon_threadsafe(lambda: [w.transport.abort() for w in list(self.sockets)])

    # The protocol

    def answer(self, lines, via, seat):
        """The reply lines to some received lines, and the seat they hold from now on."""
        out = []
        for line in lines:
            self.lines.append((via, line))
            kind, _, rest = line.partition(",")
            if kind == "hello":
                if rest not in self.seats:
                    return out + ["bye,That code is not ours"], None
                if rest in self.used:
                    return out + ["bye,That code was used: scan the new one"], None
                self.used.add(rest)
                key = self.new_token()
                self.keys[key] = rest
                seat = key
            elif kind == "back":
                if rest not in self.keys:
                    return out + ["bye,Scan the code again"], None
                seat = rest
                if via == "post":
                    # As marble's server: every POST batch starts with its back, so only a
                    # socket's back is welcomed again.
                    continue
            elif kind == "r" and seat is None:
                return out + ["bye,Say hello first"], None
            else:
                continue
            player, color = self.seats[self.keys[seat]]
            out.append(f"welcome,{seat},{player},{color}")
        return out, seat

    async def client(self, reader, writer):
        try:
            head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
            request, *fields = head.split("\r\n")
            method, path, _ = request.split(" ", 2)
            headers = {k.strip().lower(): v.strip() for k, _, v in (f.partition(":") for f in fields if f)}
            if path == "/socket" and headers.get("upgrade", "").lower() == "websocket":
                origin_ok = headers.get("origin") == f"https://{headers.get('host')}"
                if self.refuse_sockets or not origin_ok:
                    return self.respond(writer, 403, "text/plain", "no socket\n")
                return await self.socket(reader, writer, headers["sec-websocket-key"])
            if method == "POST" and path == "/readings":
                body = (await reader.readexactly(int(headers.get("content-length", "0")))).decode()
                out, _ = self.answer([l for l in body.split("\n") if l], "post", None)
                return self.respond(writer, 200, "text/plain", "".join(l + "\n" for l in out))
            if method == "GET" and path in self.files:
                kind, text = self.files[path]
                return self.respond(writer, 200, kind, text)
            self.respond(writer, 404, "text/plain", "not here\n")
        except (asyncio.IncompleteReadError, ConnectionError, ssl.SSLError, ValueError):
            pass
        finally:
            await asyncio.sleep(0)
            if writer not in self.sockets:
                writer.close()

    def respond(self, writer, status, kind, text):
        body = text.encode()
        writer.write(f"HTTP/1.1 {status} X\r\nContent-Type: {kind}\r\nContent-Length: {len(body)}\r\n"
                     f"Content-Security-Policy: {CSP}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n".encode()
                     + body)

    async def socket(self, reader, writer, key):
        accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
        writer.write(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Accept: {accept}\r\n\r\n").encode())
        self.sockets.add(writer)
        seat = None
        try:
            while True:
                b0, b1 = await reader.readexactly(2)
                n = b1 & 127
                if n == 126:
                    n = struct.unpack(">H", await reader.readexactly(2))[0]
                elif n == 127:
                    n = struct.unpack(">Q", await reader.readexactly(8))[0]
                mask = await reader.readexactly(4) if b1 & 128 else b"\0\0\0\0"
                data = bytes(c ^ mask[i % 4] for i, c in enumerate(await reader.readexactly(n)))
                opcode = b0 & 15
                if opcode == 8:
                    writer.write(b"\x88\x00")
                    break
                if opcode == 9:
                    writer.write(bytes([0x8A, len(data)]) + data)
                    continue
                if opcode != 1:
                    continue
                out, seat = self.answer([l for l in data.decode().split("\n") if l], "socket", seat)
                for line in out:
                    self.send_text(writer, line)
                if seat is None and out:
                    writer.write(b"\x88\x00")
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            self.sockets.discard(writer)
            writer.close()

    @staticmethod
    def send_text(writer, text):
        b = text.encode()
        head = bytes([0x81, len(b)]) if len(b) < 126 else bytes([0x81, 126]) + struct.pack(">H", len(b))
        writer.write(head + b)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--port", type=int, default=8443)
    ap.add_argument("--no-socket", action="store_true", help="refuse every socket (the POST fallback's case)")
    a = ap.parse_args()
    with StandIn(port=a.port) as server:
        server.refuse_sockets = a.no_socket
        print(server.url(), flush=True)
        seen = 0
        try:
            while True:
                threading.Event().wait(0.5)
                for via, line in server.lines[seen:]:
                    print(via, line, flush=True)
                seen = len(server.lines)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
