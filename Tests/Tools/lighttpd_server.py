#!/usr/bin/env python3
"""A second real WebDAV server for the class folder's tests: lighttpd with mod_webdav and basic auth.

Apache's mod_dav (webdav_server.py) is one implementation; a transport tested against one
server only learns that server's habits. lighttpd's mod_webdav is another, written apart from
it: RFC 4918 locks kept in SQLite (a LOCK of an unmapped URL makes an empty file, where
Apache makes a lock-null resource that goes with its lock), its own PROPFIND answers, its own
MOVE. Same protocol as webdav_server.py: starts lighttpd in the foreground with a config of
its own in a folder of its own, on 127.0.0.1 only, prints one JSON line ({"port", "dir",
"pid"}) when it answers, and serves until its standard input closes or it gets SIGTERM or
SIGINT; then it stops lighttpd and, if it made the folder, removes it.

Paths served (user and password from the options):
  /class/   WebDAV with locks (webdav.sqlite-db-name), basic auth: the class folder.
  /nolock/  WebDAV without a lock database (class 1: LOCK is refused), basic auth: a server
            that cannot lock (the transport's claims are MKCOL, class 1, and work there too).
  /plain/   a plain web folder, no DAV.

Run as root (as in CI), lighttpd is told to serve as www-data (or nobody), and the folder is
handed to that user, as Apache's script does.
"""

import argparse
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile

# The parts every WebDAV test server shares (a free port, the serving user, handing it the
# folder, waiting for the port, stopping the process group) are webdav_server.py's.
from webdav_server import free_port, give_to, serving_user, stop, wait_until_answers


def quoted(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_config(folder, port, user, password, serve_as):
    for sub in ("run", "www/class", "www/nolock", "www/plain"):
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
    with open(os.path.join(folder, "www/plain/index.html"), "w") as f:
        f.write("<html><body>a plain web folder</body></html>\n")
    # mod_authn_file reads Apache's htpasswd files (bcrypt included); -b puts the password on a
    # command line, which in a throwaway test server is fine.
    subprocess.run(["htpasswd", "-bcB", os.path.join(folder, "users"), user, password],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    auth = ('  auth.require = ( "" => ( "method" => "basic", "realm" => "class", '
            '"require" => "valid-user" ) )')
    lines = [
        f"server.document-root = {quoted(folder + '/www')}",
        'server.bind = "127.0.0.1"',
        f"server.port = {port}",
        f"server.errorlog = {quoted(folder + '/error.log')}",
        f"server.upload-dirs = ( {quoted(folder + '/run')} )",
        # mod_webdav before the others that answer requests; mod_auth before it checks first.
        'server.modules = ( "mod_auth", "mod_authn_file", "mod_webdav" )',
        # Twenty children handing in at once: lighttpd is one process, events not threads.
        "server.max-connections = 256",
        'mimetype.assign = ( ".png" => "image/png", ".html" => "text/html", "" => "application/octet-stream" )',
        'auth.backend = "htpasswd"',
        f"auth.backend.htpasswd.userfile = {quoted(folder + '/users')}",
        '$HTTP["url"] =~ "^/class($|/)" {',
        '  webdav.activate = "enable"',
        '  webdav.is-readonly = "disable"',
        f"  webdav.sqlite-db-name = {quoted(folder + '/run/webdav.db')}",
        auth,
        "}",
        '$HTTP["url"] =~ "^/nolock($|/)" {',
        '  webdav.activate = "enable"',
        '  webdav.is-readonly = "disable"',
        auth,
        "}",
    ]
    if serve_as:
        lines += [f"server.username = {quoted(serve_as[0])}", f"server.groupname = {quoted(serve_as[1])}"]
    conf = os.path.join(folder, "lighttpd.conf")
    with open(conf, "w") as f:
        f.write("\n".join(lines) + "\n")
    give_to(folder, serve_as)
    return conf


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", help="the server's folder (default: a new temporary one, removed at the end)")
    parser.add_argument("--port", type=int, default=0, help="the port (default: a free one)")
    parser.add_argument("--user", default="teacher")
    parser.add_argument("--password", default="secret")
    args = parser.parse_args()
    lighttpd = shutil.which("lighttpd") or ("/usr/sbin/lighttpd" if os.path.exists("/usr/sbin/lighttpd") else None)
    if not lighttpd or not shutil.which("htpasswd"):
        sys.exit("lighttpd_server: lighttpd, lighttpd-mod-webdav and htpasswd are needed "
                 "(apt-get install lighttpd lighttpd-mod-webdav apache2-utils)")
    made = args.dir is None
    folder = tempfile.mkdtemp(prefix="marble-lighttpd-") if made else os.path.abspath(args.dir)
    port = args.port or free_port()
    conf = write_config(folder, port, args.user, args.password, serving_user())
    check = subprocess.run([lighttpd, "-tt", "-f", conf], capture_output=True, text=True)
    if check.returncode != 0:
        print(json.dumps({"error": "lighttpd refuses its config", "log": (check.stdout + check.stderr)[-2000:]}), flush=True)
        return 1
    # As webdav_server.py: a runner may start this script with signals blocked; unblock them,
    # and give lighttpd a process group of its own to stop at once.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    server = subprocess.Popen([lighttpd, "-D", "-f", conf], stdin=subprocess.DEVNULL, start_new_session=True)
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(1))
    signal.signal(signal.SIGINT, lambda *_: stopping.append(1))
    try:
        if not wait_until_answers(port, server):
            path = os.path.join(folder, "error.log")
            log = open(path).read() if os.path.exists(path) else ""
            print(json.dumps({"error": "lighttpd did not start", "log": log[-2000:]}), flush=True)
            return 1
        print(json.dumps({"port": port, "dir": folder, "pid": server.pid}), flush=True)
        while not stopping and server.poll() is None:
            try:
                ready, _, _ = select.select([sys.stdin], [], [], 0.2)
            except InterruptedError:
                continue
            if ready and not sys.stdin.buffer.read1(4096):
                break
        return 0
    finally:
        stop(server)
        if made:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
