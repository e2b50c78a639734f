#!/usr/bin/env python3
"""kvsh: a tiny key-value shell used by the support team (v0.3).

    python3 /app/kvsh/kvsh.py [--db FILE]

Reads commands from stdin, one per line: SET key value, GET key, DEL key, END.
TODO (KV-41): transactions, COUNT, quoted values, the JSON store, no prompt when piped.
"""
import argparse
import sys


def load(path):
    data = {}
    try:
        for line in open(path):
            if "=" in line:
                k, v = line.strip().split("=")
                data[k] = v
    except FileNotFoundError:
        pass
    return data


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--db")
    args = ap.parse_args()
    data = load(args.db) if args.db else {}
    while True:
        sys.stdout.write("kv> ")
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            break
        parts = line.split()
        if not parts:
            continue
        cmd = parts[0].upper()
        if cmd == "SET":
            data[parts[1]] = parts[2]
        elif cmd == "GET":
            print(data.get(parts[1], "NULL"))
        elif cmd == "DEL":
            del data[parts[1]]
        elif cmd == "END":
            break
        else:
            print("unknown command")
    if args.db:
        with open(args.db, "w") as f:
            for k, v in data.items():
                f.write(f"{k}={v}\n")


if __name__ == "__main__":
    main()
