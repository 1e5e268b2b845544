#!/usr/bin/env python3
"""A real WebDAV server for the class folder's tests: Apache httpd with mod_dav_fs and basic auth.

Starts apache2 in the foreground with a config of its own in a folder of its own, listening on
127.0.0.1 only, prints one JSON line ({"port", "dir", "pid"}) when it answers, and serves until
its standard input closes (the test that started it ended or closed the pipe), or until it gets
SIGTERM or SIGINT. Then it stops apache and, if it made the folder, removes it.

Paths served (user and password from the options):
  /class/   WebDAV (Dav On), basic auth: the class folder.
  /plain/   a plain web folder, no DAV: the "not a WebDAV folder" case.
  /open/    WebDAV without auth.
While the file DIR/full exists, every PUT and MKCOL is answered 507 Insufficient Storage (a
full server); remove it and the server takes files again.

With --tls-cert and --tls-key (PEM files), it speaks https:// (mod_ssl) instead of http://.
With --log-auth, each request's method, path and Authorization header go to DIR/auth.log
(a test checks what a server was sent; never do this on a real server).

Stopping and starting again on the same port plays a server that goes away:
  webdav_server.py --dir DIR --port PORT    (the same DIR keeps the files)
  webdav_server.py --stop DIR               (stops the server serving DIR, by its pid file)

Run as root (as in CI), apache refuses to serve as root: it serves as www-data (or nobody),
and the folder is handed to that user.
"""

import argparse
import json
import os
import pwd
import grp
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

MODULES = "/usr/lib/apache2/modules"
LOADED = [
    ("mpm_event_module", "mod_mpm_event.so"),
    ("authz_core_module", "mod_authz_core.so"),
    ("authz_user_module", "mod_authz_user.so"),
    ("authn_core_module", "mod_authn_core.so"),
    ("authn_file_module", "mod_authn_file.so"),
    ("auth_basic_module", "mod_auth_basic.so"),
    ("dav_module", "mod_dav.so"),
    ("dav_fs_module", "mod_dav_fs.so"),
    ("mime_module", "mod_mime.so"),
    ("setenvif_module", "mod_setenvif.so"),
    ("alias_module", "mod_alias.so"),
    ("dir_module", "mod_dir.so"),
    ("rewrite_module", "mod_rewrite.so"),
]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serving_user():
    """Who the server serves as: None for the current user; a (user, group) when we are root.

    Shared with lighttpd_server.py, as are free_port, give_to, wait_until_answers and stop."""
    if os.geteuid() != 0:
        return None
    for user in ("www-data", "nobody"):
        try:
            entry = pwd.getpwnam(user)
            return user, grp.getgrgid(entry.pw_gid).gr_name
        except KeyError:
            continue
    sys.exit("a WebDAV test server: running as root and neither www-data nor nobody exists to serve as")


def tls_lines(cert, key):
    """mod_ssl's lines for a server of this certificate and key (copied into the folder)."""
    return [f"LoadModule ssl_module {MODULES}/mod_ssl.so",
            f"LoadModule socache_shmcb_module {MODULES}/mod_socache_shmcb.so",
            "SSLEngine on", f'SSLCertificateFile "{cert}"', f'SSLCertificateKeyFile "{key}"']


def write_config(folder, port, user, password, serve_as, tls=None, log_auth=False):
    for sub in ("run", "www/class", "www/plain", "www/open"):
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
    with open(os.path.join(folder, "www/plain/index.html"), "w") as f:
        f.write("<html><body>a plain web folder</body></html>\n")
    # htpasswd -bc puts the password on a command line; in a throwaway test server that is fine.
    subprocess.run(["htpasswd", "-bcB", os.path.join(folder, "users"), user, password],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    lines = [f'ServerRoot "{folder}"', f"Listen 127.0.0.1:{port}" + (" https" if tls else ""), "ServerName 127.0.0.1",
             f'PidFile "{folder}/run/httpd.pid"', f'DefaultRuntimeDir "{folder}/run"',
             f'ErrorLog "{folder}/error.log"', "LogLevel warn"]
    if serve_as:
        lines += [f"User {serve_as[0]}", f"Group {serve_as[1]}"]
    lines += [f"LoadModule {name} {MODULES}/{file}" for name, file in LOADED]
    if tls:
        for name, source in zip(("server.pem", "server.key"), tls):
            shutil.copyfile(source, os.path.join(folder, name))
        lines += tls_lines(os.path.join(folder, "server.pem"), os.path.join(folder, "server.key"))
    if log_auth:
        lines += ['LogFormat "%m %U auth=%{Authorization}i" auth', f'CustomLog "{folder}/auth.log" auth']
    lines += [
        # Twenty children handing in at once must each get a worker.
        "StartServers 1", "ServerLimit 2", "ThreadsPerChild 32", "MaxRequestWorkers 64",
        "MinSpareThreads 1", "MaxSpareThreads 64",
        "Timeout 20", "KeepAlive On",
        "TypesConfig /etc/mime.types",
        f'DavLockDB "{folder}/run/davlock"',
        f'DocumentRoot "{folder}/www"',
        "RewriteEngine On",
        f'RewriteCond "{folder}/full" -f',
        "RewriteCond %{REQUEST_METHOD} ^(PUT|MKCOL)$",
        "RewriteRule ^ - [R=507]",
        f'<Directory "{folder}/www">', "  Require all granted", "  Options None",
        "  AllowOverride None", "</Directory>",
        f'<Directory "{folder}/www/class">', "  Dav On", "  AuthType Basic", '  AuthName "class"',
        f'  AuthUserFile "{folder}/users"', "  Require valid-user", "</Directory>",
        f'<Directory "{folder}/www/open">', "  Dav On", "</Directory>",
    ]
    conf = os.path.join(folder, "httpd.conf")
    with open(conf, "w") as f:
        f.write("\n".join(lines) + "\n")
    give_to(folder, serve_as)
    return conf


def give_to(folder, serve_as):
    """Makes everything in `folder` the serving user's (root's servers drop to it)."""
    if not serve_as:
        return
    uid = pwd.getpwnam(serve_as[0]).pw_uid
    gid = grp.getgrnam(serve_as[1]).gr_gid
    for root, dirs, files in os.walk(folder):
        for name in [root] + [os.path.join(root, n) for n in dirs + files]:
            os.chown(name, uid, gid)


def wait_until_answers(port, server, seconds=10.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            return False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return True
        except OSError:
            time.sleep(0.05)
    return False


def stop(server):
    """Stops a server and its children: they are a process group of their own (see main)."""
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
    # A child that outlived its parent would keep the port: none may.
    try:
        os.killpg(server.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    server.wait()


def stop_folder(folder):
    try:
        with open(os.path.join(folder, "run/httpd.pid")) as f:
            pid = int(f.read().strip())
    except (OSError, ValueError):
        return 1
    try:
        os.killpg(pid, signal.SIGTERM)  # apache leads a process group of its own (see main)
    except ProcessLookupError:
        return 0
    for _ in range(100):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return 0
        time.sleep(0.05)
    return 1


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", help="the server's folder (default: a new temporary one, removed at the end)")
    parser.add_argument("--port", type=int, default=0, help="the port (default: a free one)")
    parser.add_argument("--user", default="teacher")
    parser.add_argument("--password", default="secret")
    parser.add_argument("--stop", metavar="DIR", help="stop the server serving DIR and exit")
    parser.add_argument("--tls-cert", metavar="PEM", help="serve https:// with this certificate (and --tls-key)")
    parser.add_argument("--tls-key", metavar="PEM", help="the certificate's private key")
    parser.add_argument("--log-auth", action="store_true", help="log each request's Authorization header to DIR/auth.log")
    args = parser.parse_args()
    if args.stop:
        return stop_folder(args.stop)
    if not shutil.which("apache2") or not shutil.which("htpasswd"):
        sys.exit("webdav_server: apache2 and htpasswd are needed (apt-get install apache2 apache2-utils)")
    made = args.dir is None
    folder = tempfile.mkdtemp(prefix="marble-webdav-") if made else os.path.abspath(args.dir)
    port = args.port or free_port()
    if bool(args.tls_cert) != bool(args.tls_key):
        sys.exit("webdav_server: --tls-cert and --tls-key go together")
    tls = (args.tls_cert, args.tls_key) if args.tls_cert else None
    conf = write_config(folder, port, args.user, args.password, serving_user(), tls, args.log_auth)
    # A test runner may start this script with signals blocked (the mask is inherited through
    # exec): apache would then never see SIGTERM and its children would outlive it, holding
    # the port. Unblock them all, and give apache a process group of its own to stop at once.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    apache = subprocess.Popen(["apache2", "-f", conf, "-DFOREGROUND"], stdin=subprocess.DEVNULL,
                              start_new_session=True)
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(1))
    signal.signal(signal.SIGINT, lambda *_: stopping.append(1))
    try:
        if not wait_until_answers(port, apache):
            log = open(os.path.join(folder, "error.log")).read() if os.path.exists(os.path.join(folder, "error.log")) else ""
            print(json.dumps({"error": "apache did not start", "log": log[-2000:]}), flush=True)
            return 1
        print(json.dumps({"port": port, "dir": folder, "pid": apache.pid}), flush=True)
        while not stopping and apache.poll() is None:
            try:
                ready, _, _ = select.select([sys.stdin], [], [], 0.2)
            except InterruptedError:
                continue
            if ready and not sys.stdin.buffer.read1(4096):
                break
        return 0
    finally:
        stop(apache)
        if made:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
