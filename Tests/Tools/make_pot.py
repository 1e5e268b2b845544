#!/usr/bin/env python3
"""Writes po/marble.pot from every tr("…") and tr(one: "…", other: "…", count:) call in Sources.

xgettext has no Swift parser, so this reads the calls itself: comments and other string
literals are skipped, a message must be one plain string literal (no interpolation), and
Swift's escapes (\\n, \\t, \\", \\\\, \\u{…}) are decoded. Messages with {name} placeholders
get `#, python-brace-format`, so `msgfmt -c` checks that a translation keeps them.

    Tests/Tools/make_pot.py            write po/marble.pot
    Tests/Tools/make_pot.py --check    exit 1 (and say why) when po/marble.pot is not current
    Tests/Tools/make_pot.py --merge    write it, then bring each po/LL.po up to it (msgmerge: new
                                       messages untranslated, never guessed as fuzzy; gone ones obsolete)
"""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
POT = os.path.join(ROOT, "po", "marble.pot")
HEADER = '''# The words of Marble's window and voice.
# Made by Tests/Tools/make_pot.py from the tr(...) calls in Sources: do not edit it by hand.
msgid ""
msgstr ""
"Project-Id-Version: marble\\n"
"Report-Msgid-Bugs-To: \\n"
"Language: \\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"
'''
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


class Problem(Exception):
    pass


def swift_literal(src, i, where):
    """The string literal starting at src[i] (a quote): (its value, the index after it)."""
    if src.startswith('"""', i) or src[i] != '"':
        raise Problem(f"{where}: a tr message must be one plain string literal")
    out, i = [], i + 1
    while i < len(src):
        c = src[i]
        if c == '"':
            return "".join(out), i + 1
        if c == "\n":
            break
        if c == "\\":
            e = src[i + 1]
            if e == "(":
                raise Problem(f"{where}: a tr message has no interpolation: use a {{name}} placeholder")
            simple = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "'": "'", "\\": "\\", "0": "\0"}
            if e in simple:
                out.append(simple[e])
                i += 2
                continue
            if e == "u" and src[i + 2] == "{":
                end = src.index("}", i)
                out.append(chr(int(src[i + 3:end], 16)))
                i = end + 1
                continue
            raise Problem(f"{where}: unknown escape \\{e}")
        out.append(c)
        i += 1
    raise Problem(f"{where}: unterminated string")


def skip_space(src, i):
    while i < len(src) and src[i] in " \t\r\n":
        i += 1
    return i


def calls(path, rel):
    """Each (line, msgid, plural or None) called with tr in the file."""
    src = open(path, encoding="utf-8").read()
    found, i, n = [], 0, len(src)
    while i < n:
        if src.startswith("//", i):
            i = src.find("\n", i)
            i = n if i < 0 else i
        elif src.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if src.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif src.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif src.startswith('"""', i):
            end = src.find('"""', i + 3)
            i = n if end < 0 else end + 3
        elif src[i] == '"':
            # Any other string literal: skipped, escapes and interpolations included.
            i += 1
            depth = 0
            while i < n:
                if src[i] == "\\":
                    if src[i + 1] == "(":
                        depth += 1
                    i += 2
                    continue
                if depth and src[i] == ")":
                    depth -= 1
                elif not depth and src[i] in '"\n':
                    break
                i += 1
            i += 1
        elif src.startswith("tr(", i) and (i == 0 or not (src[i - 1].isalnum() or src[i - 1] in "_.")) \
                and not src[max(0, i - 5):i] == "func ":
            line = src.count("\n", 0, i) + 1
            where = f"{rel}:{line}"
            j = skip_space(src, i + 3)
            if src.startswith("one:", j):
                one, j = swift_literal(src, skip_space(src, j + 4), where)
                j = skip_space(src, j)
                if not src.startswith(",", j):
                    raise Problem(f"{where}: tr(one:other:count:) wants other: next")
                j = skip_space(src, j + 1)
                if not src.startswith("other:", j):
                    raise Problem(f"{where}: tr(one:other:count:) wants other: next")
                other, j = swift_literal(src, skip_space(src, j + 6), where)
                found.append((line, one, other))
            elif src.startswith("_", j) or src.startswith(")", j):
                j = i + 3  # the declaration `tr(_ message:` itself, or a reference to the function
            else:
                msgid, j = swift_literal(src, j, where)
                found.append((line, msgid, None))
            i = j
        else:
            i += 1
    return found


def po_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def catalogue():
    messages = {}  # (msgid, plural) -> [references]
    sources = os.path.join(ROOT, "Sources")
    for folder, dirs, files in os.walk(sources):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, ROOT)
            for line, msgid, plural in calls(path, rel):
                if msgid == "":
                    raise Problem(f"{rel}:{line}: an empty message (it would read the catalogue's header)")
                # The file, not the line: moving a line is not a change of the template.
                refs = messages.setdefault((msgid, plural), [])
                if rel not in refs:
                    refs.append(rel)
    singles = {m for m, p in messages if p is None}
    for m, p in messages:
        if p is not None and m in singles:
            raise Problem(f"{messages[(m, p)][0]}: \"{m}\" is both a plain message and a plural's singular")
    out = [HEADER.rstrip("\n")]
    for (msgid, plural), refs in messages.items():
        out.append("")
        out.append("#: " + " ".join(refs))
        if PLACEHOLDER.search(msgid) or (plural and PLACEHOLDER.search(plural)):
            out.append("#, python-brace-format")
        out.append("msgid " + po_string(msgid))
        if plural is None:
            out.append('msgstr ""')
        else:
            out.append("msgid_plural " + po_string(plural))
            out.append('msgstr[0] ""')
            out.append('msgstr[1] ""')
    return "\n".join(out) + "\n", len(messages)


def main():
    try:
        text, count = catalogue()
    except Problem as e:
        print(f"make_pot: {e}", file=sys.stderr)
        return 2
    if "--check" in sys.argv[1:]:
        try:
            current = open(POT, encoding="utf-8").read()
        except OSError:
            current = None
        if current != text:
            print(f"make_pot: {os.path.relpath(POT, ROOT)} is not current with the tr calls in Sources: run Tests/Tools/make_pot.py",
                  file=sys.stderr)
            return 1
        print(f"make_pot: {os.path.relpath(POT, ROOT)} is current ({count} messages)")
        return 0
    os.makedirs(os.path.dirname(POT), exist_ok=True)
    with open(POT, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"make_pot: wrote {os.path.relpath(POT, ROOT)} ({count} messages)")
    if "--merge" in sys.argv[1:]:
        for po in sorted(glob.glob(os.path.join(ROOT, "po", "*.po"))):
            subprocess.run(["msgmerge", "--quiet", "--update", "--backup=none", "--no-fuzzy-matching", po, POT], check=True)
            stats = subprocess.run(["msgfmt", "--statistics", "-o", "/dev/null", po], capture_output=True, text=True)
            print(f"make_pot: {os.path.relpath(po, ROOT)}: {stats.stderr.strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
