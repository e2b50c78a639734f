#!/usr/bin/env python3
"""kvsh: a tiny key-value shell used by the support team (v1.0).

    python3 /app/kvsh/kvsh.py [--db FILE]

Commands (names case-insensitive): SET key value, GET key, DEL key, COUNT value,
BEGIN, ROLLBACK, COMMIT, END, KEYS. Lines are split like shlex.split (POSIX).
"""
import argparse
import json
import os
import shlex
import sys
import tempfile

ARITY = {"SET": 2, "GET": 1, "DEL": 1, "COUNT": 1, "BEGIN": 0, "ROLLBACK": 0, "COMMIT": 0, "END": 0, "KEYS": 0}
MISSING = object()


class Store:
    """Committed data plus a stack of transaction layers (key -> value, or MISSING for a delete)."""

    def __init__(self, data):
        self.data = dict(data)
        self.layers = []

    def get(self, key):
        for layer in reversed(self.layers):
            if key in layer:
                value = layer[key]
                return None if value is MISSING else value
        return self.data.get(key)

    def put(self, key, value):
        if self.layers:
            self.layers[-1][key] = value
        elif value is MISSING:
            self.data.pop(key, None)
        else:
            self.data[key] = value

    def view(self):
        merged = dict(self.data)
        for layer in self.layers:
            for key, value in layer.items():
                if value is MISSING:
                    merged.pop(key, None)
                else:
                    merged[key] = value
        return merged

    def commit(self):
        self.data = self.view()
        self.layers = []


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        return {}
    if not isinstance(data, dict):
        raise SystemExit(f"kvsh: {path} does not hold a JSON object")
    return {str(k): str(v) for k, v in data.items()}


def save(path, data):
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".kvsh-", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2, sort_keys=True, ensure_ascii=False)
        f.write("\n")
    os.replace(tmp, path)


def execute(store, words, out):
    """Run one command; False when the session ends."""
    name = words[0].upper()
    if name not in ARITY:
        out(f"ERR unknown command '{words[0]}'")
        return True
    if len(words) - 1 != ARITY[name]:
        out(f"ERR wrong number of arguments for '{name.lower()}'")
        return True
    if name == "SET":
        store.put(words[1], words[2])
    elif name == "GET":
        value = store.get(words[1])
        out("NULL" if value is None else value)
    elif name == "DEL":
        store.put(words[1], MISSING)
    elif name == "COUNT":
        out(str(sum(1 for v in store.view().values() if v == words[1])))
    elif name == "BEGIN":
        store.layers.append({})
    elif name == "ROLLBACK":
        if store.layers:
            store.layers.pop()
        else:
            out("NO TRANSACTION")
    elif name == "COMMIT":
        if store.layers:
            store.commit()
        else:
            out("NO TRANSACTION")
    elif name == "KEYS":
        for key in sorted(store.data):
            out(key)
    elif name == "END":
        return False
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(prog="kvsh")
    ap.add_argument("--db")
    args = ap.parse_args(argv)
    store = Store(load(args.db) if args.db else {})
    interactive = sys.stdin.isatty()

    def out(text):
        print(text, flush=True)

    while True:
        if interactive:
            depth = len(store.layers)
            sys.stdout.write(f"kv[{depth}]> " if depth else "kv> ")
            sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            break
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            words = shlex.split(line)
        except ValueError:
            out("ERR unbalanced quotes")
            continue
        if not words:
            continue
        if not execute(store, words, out):
            break
    if args.db:
        save(args.db, store.data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
