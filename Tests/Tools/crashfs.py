"""What a power cut can leave on disk: a program's file system calls, recorded by strace, replayed
onto a model of the files, and every state a crash at any point could leave, built as folders.

The model (ALICE's, Pillai et al., OSDI 2014, for ext4's default mode, made stricter where the
POSIX promise is weaker than ext4's habits):

- Before the scenario runs, every file and folder under the work folder is durable.
- A file's content is made durable only by `fsync` or `fdatasync` of that file: all its writes
  and truncations up to that call. Its *name* is not: a create, rename, link or unlink is a
  change to a folder, made durable only by `fsync` of that folder (a rename by fsync of the
  folder it lands in). `sync` and `syncfs` make everything durable.
- After a crash, each file holds its durable content with, of the writes made to it since its
  last sync, any prefix in order, any subset of whole writes, or a prefix whose last write is
  torn (its first half; or its whole range as zeros, the size reached but not the data, as
  data=writeback ext4, XFS and a power cut mid-sector can give).
- Each folder holds its durable entries with any prefix, in order, of the changes made to it
  since its last sync (metadata is journalled in order). Folders are independent of each
  other and of file contents: a name can survive without its data, and data without its name.
  A file in a folder whose own name did not survive is gone with it.

`Trace.run(cmd, root)` records; `Model` replays the calls in order and, after each one, yields
`CrashPoint`s whose `states()` are the distinct trees (path -> bytes, and the folders) a cut just
after that call could leave. Python 3 standard library only.
"""

import hashlib
import os
import random
import re
import subprocess

SYSCALLS = ("open,openat,creat,write,pwrite64,writev,pwritev,pwritev2,ftruncate,truncate,fsync,fdatasync,"
            "sync,syncfs,rename,renameat,renameat2,unlink,unlinkat,mkdir,mkdirat,rmdir,link,linkat,"
            "close,lseek,dup,dup2,dup3,copy_file_range,sendfile")
LINE = re.compile(r"^(\d+)\s+(.*)$")
CALL = re.compile(r"^(\w+)\((.*)\)\s+=\s+(-?\d+|0x[0-9a-f]+|\?)(.*)$", re.S)
UNFINISHED = " <unfinished ...>"
RESUMED = re.compile(r"^<\.\.\. (\w+) resumed>(.*)$", re.S)
HEX = re.compile(r"\\x([0-9a-f]{2})")


class TraceError(Exception):
    pass


def run_traced(cmd, trace_path, env=None, cwd=None, timeout=600, stdin=None):
    """Runs `cmd` under `strace -f`, every write's data in full; returns the CompletedProcess."""
    full = ["strace", "-f", "-qq", "-y", "-xx", "-s", str(1 << 26), "-e", "signal=none",
            "-e", "trace=" + SYSCALLS, "-o", trace_path] + list(cmd)
    return subprocess.run(full, env=env, cwd=cwd, capture_output=True, timeout=timeout, stdin=stdin)


def unhex(s):
    return bytes(int(h, 16) for h in HEX.findall(s))


def split_args(text):
    """Top-level comma-separated arguments (quotes, brackets and fd paths kept whole)."""
    out, depth, cur, quoted = [], 0, [], False
    for ch in text:
        if quoted:
            cur.append(ch)
            if ch == '"':
                quoted = False
            continue
        if ch == '"':
            quoted = True
        elif ch in "[{<(":
            depth += 1
        elif ch in "]}>)":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
            continue
        cur.append(ch)
    if cur:
        out.append("".join(cur).strip())
    return out


def parse_trace(path):
    """The calls in the order they returned: (name, [args], result) with failed calls left out."""
    pending, calls = {}, []
    with open(path, "r", errors="replace") as f:
        for raw in f:
            m = LINE.match(raw.rstrip("\n"))
            if not m:
                continue
            pid, rest = m.group(1), m.group(2)
            if rest.endswith(UNFINISHED):
                pending[pid] = rest[: -len(UNFINISHED)]
                continue
            r = RESUMED.match(rest)
            if r:
                if pid not in pending:
                    continue
                rest = pending.pop(pid) + r.group(2)
            c = CALL.match(rest)
            if not c:
                continue
            name, args, result = c.group(1), c.group(2), c.group(3)
            if result == "?" or result.startswith("-"):
                continue
            calls.append((name, split_args(args), int(result, 0)))
    return calls


def fd_of(arg):
    """The fd number and its path from strace's `N<path>`."""
    m = re.match(r"^(-?\d+)(?:<(.*)>)?$", arg)
    if not m:
        return None, None
    return int(m.group(1)), (unhex(m.group(2)).decode("utf-8", "replace") if m.group(2) else None)


def string_arg(arg):
    return unhex(arg).decode("utf-8", "replace")


class Tree:
    """A file system state: folders, names to inodes, and inode contents."""

    def __init__(self, root, dirs, names, data):
        self.root = root
        self.dirs, self.names, self.data = set(dirs), dict(names), {k: bytes(v) for k, v in data.items()}

    def reachable(self):
        """(folders, path -> bytes) for what can be found from the root down."""
        def dir_ok(d):
            while d != self.root:
                if d not in self.dirs:
                    return False
                d = os.path.dirname(d)
            return True
        out = {}
        for path, ino in self.names.items():
            if dir_ok(os.path.dirname(path)):
                out[path] = self.data.get(ino, b"")
        dirs = {d for d in self.dirs if dir_ok(d)}
        return dirs, out


def apply_ns(names, dirs, op):
    """One folder change applied to a namespace (a change whose source is gone is skipped)."""
    kind = op[0]
    if kind == "create":
        names[op[1]] = op[2]
    elif kind == "mkdir":
        dirs.add(op[1])
    elif kind == "rmdir":
        dirs.discard(op[1])
    elif kind == "unlink":
        names.pop(op[1], None)
    elif kind == "link":
        if op[1] in names:
            names[op[2]] = names[op[1]]
    elif kind == "rename":
        src, dst = op[1], op[2]
        if src in names:
            names[dst] = names.pop(src)
        elif src in dirs:
            dirs.discard(src)
            dirs.add(dst)
            for p in [p for p in names if p.startswith(src + "/")]:
                names[dst + p[len(src):]] = names.pop(p)
            for d in [d for d in dirs if d.startswith(src + "/")]:
                dirs.discard(d)
                dirs.add(dst + d[len(src):])


def apply_data(content, op):
    kind = op[0]
    if kind == "w":
        off, b = op[1], op[2]
        if len(content) < off:
            content.extend(bytes(off - len(content)))
        content[off:off + len(b)] = b
    elif kind == "t":
        n = op[1]
        if n < len(content):
            del content[n:]
        else:
            content.extend(bytes(n - len(content)))


class Model:
    """The files under `root`, replayed call by call: what is in memory and what is durable."""

    def __init__(self, root, watch=lambda path: False):
        self.root = os.path.abspath(root)
        self.watch = watch
        self.next_ino = 1
        self.dirs, self.names, self.data = set([self.root]), {}, {}
        inode_of = {}
        for d, subdirs, files in os.walk(self.root):
            for s in subdirs:
                self.dirs.add(os.path.join(d, s))
            for fn in files:
                p = os.path.join(d, fn)
                st = os.lstat(p)
                if not os.path.isfile(p) or os.path.islink(p):
                    continue
                key = (st.st_dev, st.st_ino)
                if key not in inode_of:
                    inode_of[key] = self.new_ino()
                    with open(p, "rb") as fh:
                        self.data[inode_of[key]] = bytearray(fh.read())
                self.names[p] = inode_of[key]
        self.d_dirs, self.d_names = set(self.dirs), dict(self.names)
        self.d_data = {k: bytes(v) for k, v in self.data.items()}
        self.p_data, self.p_ns = {}, {}
        self.fds = {}
        self.acks = {}           # path -> its length when the program last confirmed it (see ack)
        self.exits = 0           # how many of the scenario's commands have exited
        self.index = 0

    def new_ino(self):
        self.next_ino += 1
        return self.next_ino

    def inside(self, path):
        return path is not None and (path == self.root or path.startswith(self.root + "/"))

    def resolve(self, dirfd_arg, path_arg):
        path = string_arg(path_arg)
        if path.startswith("/"):
            return os.path.normpath(path)
        if dirfd_arg is None or dirfd_arg.startswith("AT_FDCWD"):
            return None
        _, base = fd_of(dirfd_arg)
        return os.path.normpath(os.path.join(base, path)) if base else None

    def ns(self, folder, op):
        apply_ns(self.names, self.dirs, op)
        self.p_ns.setdefault(folder, []).append(op)

    def write(self, ino, op):
        apply_data(self.data.setdefault(ino, bytearray()), op)
        self.p_data.setdefault(ino, []).append(op)

    def sync_file(self, ino):
        content = bytearray(self.d_data.get(ino, b""))
        for op in self.p_data.pop(ino, []):
            apply_data(content, op)
        self.d_data[ino] = bytes(content)

    def sync_dir(self, folder):
        for op in self.p_ns.pop(folder, []):
            apply_ns(self.d_names, self.d_dirs, op)

    def sync_all(self):
        for ino in list(self.p_data):
            self.sync_file(ino)
        for folder in list(self.p_ns):
            self.sync_dir(folder)

    def step(self, call):
        """Applies one call; returns a description when it changed the model, else None."""
        name, a, result = call
        if name in ("open", "openat", "creat"):
            if name == "openat":
                path, flags = self.resolve(a[0], a[1]), a[2]
            else:
                path, flags = self.resolve(None, a[0]), (a[1] if name == "open" else "O_CREAT|O_TRUNC|O_WRONLY")
            if not self.inside(path):
                return None
            if "O_DIRECTORY" in flags or path in self.dirs:
                self.fds[result] = ["dir", path, 0, False]
                return None
            created = path not in self.names
            if created:
                if "O_CREAT" not in flags:
                    return None
                ino = self.new_ino()
                self.data[ino] = bytearray()
                self.ns(os.path.dirname(path), ("create", path, ino))
            ino = self.names[path]
            self.fds[result] = [ino, path, 0, "O_APPEND" in flags]
            if "O_TRUNC" in flags and not created and ("O_WRONLY" in flags or "O_RDWR" in flags):
                self.write(ino, ("t", 0))
                return "truncate " + path
            return ("create " + path) if created else None
        if name in ("close",):
            self.fds.pop(int(a[0].split("<")[0]), None)
            return None
        if name in ("dup", "dup2", "dup3"):
            fd, _ = fd_of(a[0])
            if fd in self.fds:
                self.fds[result] = self.fds[fd]
            return None
        if name == "lseek":
            fd, _ = fd_of(a[0])
            if fd in self.fds:
                self.fds[fd][2] = result
            return None
        if name in ("write", "pwrite64", "writev", "pwritev", "pwritev2"):
            fd, _ = fd_of(a[0])
            entry = self.fds.get(fd)
            if entry is None or entry[0] == "dir":
                return None
            if name in ("write", "pwrite64"):
                data = unhex(a[1])
            else:
                data = b"".join(unhex(m) for m in re.findall(r'iov_base="((?:\\x[0-9a-f]{2})*)"', a[1]))
            data = data[:result]
            if len(data) != result:
                raise TraceError("%s of %d bytes shows only %d (strace's -s too small?)" % (name, result, len(data)))
            ino, path = entry[0], entry[1]
            if name in ("pwrite64", "pwritev", "pwritev2"):
                off = int(a[3] if name == "pwrite64" else a[3])
            else:
                off = len(self.data.get(ino, b"")) if entry[3] else entry[2]
                entry[2] = off + result
            self.write(ino, ("w", off, data))
            return "write %s %d@%d" % (path, result, off)
        if name in ("ftruncate", "truncate"):
            if name == "ftruncate":
                fd, _ = fd_of(a[0])
                entry = self.fds.get(fd)
                if entry is None or entry[0] == "dir":
                    return None
                ino, path = entry[0], entry[1]
            else:
                path = self.resolve(None, a[0])
                if path not in self.names:
                    return None
                ino = self.names[path]
            self.write(ino, ("t", int(a[1])))
            return "truncate %s to %s" % (path, a[1])
        if name in ("fsync", "fdatasync"):
            fd, _ = fd_of(a[0])
            entry = self.fds.get(fd)
            if entry is None:
                return None
            if entry[0] == "dir":
                self.sync_dir(entry[1])
            else:
                self.sync_file(entry[0])
                if self.watch(entry[1]) and self.names.get(entry[1]) == entry[0]:
                    self.acks[entry[1]] = len(self.data.get(entry[0], b""))
            return "%s %s" % (name, entry[1])
        if name in ("sync", "syncfs"):
            self.sync_all()
            return name
        if name in ("rename", "renameat", "renameat2"):
            src, dst = (self.resolve(None, a[0]), self.resolve(None, a[1])) if name == "rename" else \
                (self.resolve(a[0], a[1]), self.resolve(a[2], a[3]))
            if not (self.inside(src) or self.inside(dst)):
                return None
            # One journalled change: a sync of either folder makes it durable, and a prefix of
            # either folder's changes that holds it applies it (the second time finds no source).
            self.ns(os.path.dirname(dst), ("rename", src, dst))
            if os.path.dirname(src) != os.path.dirname(dst):
                self.p_ns.setdefault(os.path.dirname(src), []).append(("rename", src, dst))
            return "rename %s -> %s" % (src, dst)
        if name in ("unlink", "unlinkat", "rmdir"):
            path = self.resolve(None, a[0]) if name != "unlinkat" else self.resolve(a[0], a[1])
            if not self.inside(path):
                return None
            is_dir = name == "rmdir" or (name == "unlinkat" and "AT_REMOVEDIR" in a[2])
            self.ns(os.path.dirname(path), ("rmdir" if is_dir else "unlink", path))
            return ("rmdir " if is_dir else "unlink ") + path
        if name in ("mkdir", "mkdirat"):
            path = self.resolve(None, a[0]) if name == "mkdir" else self.resolve(a[0], a[1])
            if not self.inside(path):
                return None
            self.ns(os.path.dirname(path), ("mkdir", path))
            return "mkdir " + path
        if name in ("link", "linkat"):
            src, dst = (self.resolve(None, a[0]), self.resolve(None, a[1])) if name == "link" else \
                (self.resolve(a[0], a[1]), self.resolve(a[2], a[3]))
            if not self.inside(dst):
                return None
            self.ns(os.path.dirname(dst), ("link", src, dst))
            return "link %s -> %s" % (src, dst)
        if name in ("copy_file_range", "sendfile"):
            fd, path = fd_of(a[1] if name == "copy_file_range" else a[0])
            if self.inside(path):
                raise TraceError("%s into %s: the model does not follow its data" % (name, path))
        return None

    def exit(self):
        """A command of the scenario has exited: what it wrote to watched files is confirmed."""
        self.exits += 1
        for p, ino in self.names.items():
            if self.watch(p):
                self.acks[p] = len(self.data.get(ino, b""))

    def point(self, description):
        return CrashPoint(self, description)


class CrashPoint:
    """A moment just after one call: the durable state and what was still pending."""

    def __init__(self, model, description):
        self.index = model.index
        self.description = description
        self.root = model.root
        self.d_dirs, self.d_names = set(model.d_dirs), dict(model.d_names)
        self.d_data = dict(model.d_data)
        self.p_data = {k: list(v) for k, v in model.p_data.items() if v}
        self.p_ns = {k: list(v) for k, v in model.p_ns.items() if v}
        self.acks = dict(model.acks)
        self.exits = model.exits
        # What was in memory, for the files a scenario watches (copying every file at every
        # point would cost gigabytes on a long trace).
        self.names = dict(model.names)
        self.watched = {p: bytes(model.data.get(i, b"")) for p, i in model.names.items() if model.watch(p)}

    def build(self, ns_prefix, data_choice):
        """The tree for one choice: a prefix length per folder, a list of ops per inode."""
        names, dirs = dict(self.d_names), set(self.d_dirs)
        for folder, ops in sorted(self.p_ns.items()):
            for op in ops[: ns_prefix.get(folder, len(ops))]:
                apply_ns(names, dirs, op)
        data = dict(self.d_data)
        for ino, ops in self.p_data.items():
            chosen = data_choice.get(ino, ops)
            content = bytearray(self.d_data.get(ino, b""))
            for op in chosen:
                apply_data(content, op)
            data[ino] = bytes(content)
        return Tree(self.root, dirs, names, data)

    def data_variants(self, ino, rng, subsets=3, limit=10):
        """Choices for one inode's pending writes: prefixes, torn last writes, subsets."""
        ops = self.p_data[ino]
        n = len(ops)
        cuts = list(range(n + 1)) if n + 1 <= limit else sorted(set([0, n, n - 1] + rng.sample(range(n + 1), limit - 3)))
        out = [ops[:j] for j in cuts]
        for j in cuts:
            if j < n and ops[j][0] == "w" and len(ops[j][2]) > 1:
                w = ops[j]
                out.append(ops[:j] + [("w", w[1], w[2][: len(w[2]) // 2])])
                out.append(ops[:j] + [("w", w[1], bytes(len(w[2])))])
        for _ in range(subsets if n > 1 else 0):
            out.append([op for op in ops if rng.random() < 0.5])
        return out

    def choices(self, rng, randoms=6):
        """(ns_prefix, data_choice) pairs: all, none, each folder's prefixes, each file's variants, random mixes."""
        none_ns = {f: 0 for f in self.p_ns}
        none_data = {i: [] for i in self.p_data}
        yield {}, {}
        yield none_ns, none_data
        for folder, ops in self.p_ns.items():
            for j in range(len(ops)):
                yield {folder: j}, {}
                yield {**none_ns, folder: j}, none_data
        variants = {ino: self.data_variants(ino, rng) for ino in self.p_data}
        for ino, vs in variants.items():
            for v in vs:
                yield {}, {ino: v}
                yield none_ns, {**none_data, ino: v}
        for _ in range(randoms):
            ns = {f: rng.randint(0, len(ops)) for f, ops in self.p_ns.items()}
            data = {ino: rng.choice(vs) for ino, vs in variants.items()}
            yield ns, data

    def states(self, rng, randoms=6):
        """The distinct trees a cut here can leave: (fingerprint, dirs, files)."""
        seen = set()
        for ns, data in self.choices(rng, randoms):
            dirs, files = self.build(ns, data).reachable()
            fp = fingerprint(dirs, files)
            if fp in seen:
                continue
            seen.add(fp)
            yield fp, dirs, files


def fingerprint(dirs, files):
    h = hashlib.sha1()
    for d in sorted(dirs):
        h.update(b"D" + d.encode() + b"\0")
    for p in sorted(files):
        h.update(b"F" + p.encode() + b"\0" + hashlib.sha1(files[p]).digest())
    return h.hexdigest()


def materialize(root, dirs, files, into):
    """Writes a state's tree under `into` (the model's `root` maps to `into`)."""
    def moved(p):
        return into if p == root else os.path.join(into, os.path.relpath(p, root))
    os.makedirs(into, mode=0o700, exist_ok=True)
    for d in sorted(dirs, key=len):
        os.makedirs(moved(d), mode=0o700, exist_ok=True)
    for p, b in files.items():
        q = moved(p)
        os.makedirs(os.path.dirname(q), mode=0o700, exist_ok=True)
        fd = os.open(q, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(b)


def replay(model, trace_paths):
    """Yields a CrashPoint after every call that changed the model's files and after each
    command's exit (`model` is made before the first traced command runs; one trace a command)."""
    yield model.point("before the scenario")
    for n, trace_path in enumerate(trace_paths):
        for call in parse_trace(trace_path):
            what = model.step(call)
            if what is not None:
                model.index += 1
                yield model.point(what)
        model.exit()
        model.index += 1
        yield model.point("command %d exited" % (n + 1))


def random_source(seed):
    return random.Random(seed)
