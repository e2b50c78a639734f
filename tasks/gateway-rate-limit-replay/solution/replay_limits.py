#!/usr/bin/env python3
"""Replay an API gateway access log against proposed per-client rate limits (sliding window log).

    python3 replay_limits.py [--limits FILE] [--log FILE] [--out DIR]

A request of client c at instant t is allowed when fewer than `requests` of c's earlier *allowed*
requests lie in (t - window_seconds, t]; rejected requests do not count. Exempt clients are
always allowed and never counted. Requests are processed in time order (line order on ties).
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import re
import sys
import tomllib
from collections import defaultdict, deque
from datetime import datetime, timedelta, timezone

TS = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}:\d{2})")


def parse_ts(value) -> datetime | None:
    if not isinstance(value, str) or not TS.fullmatch(value):
        return None
    try:
        dt = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return dt.astimezone(timezone.utc)


def load_limits(path: str):
    with open(path, "rb") as f:
        cfg = tomllib.load(f)
    default = cfg["default"]
    limits = {}
    for client, over in cfg.get("clients", {}).items():
        limits[client] = (int(over.get("requests", default["requests"])),
                          int(over.get("window_seconds", default["window_seconds"])))
    exempt = set(cfg.get("exempt", {}).get("clients", []))
    return (int(default["requests"]), int(default["window_seconds"])), limits, exempt


def read_log(path: str):
    requests, malformed = [], []
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except ValueError:
            rec = None
        ts = parse_ts(rec.get("ts")) if isinstance(rec, dict) else None
        client = rec.get("client") if isinstance(rec, dict) else None
        if ts is None or not isinstance(client, str) or not client:
            malformed.append(number)
            continue
        requests.append((ts, number, client))
    requests.sort(key=lambda r: (r[0], r[1]))
    return requests, malformed


def replay(requests, default, limits, exempt):
    recent: dict[str, deque] = defaultdict(deque)
    decisions = []
    for ts, number, client in requests:
        if client in exempt:
            decisions.append((number, client, ts, "ALLOW"))
            continue
        quota, window = limits.get(client, default)
        q = recent[client]
        start = ts - timedelta(seconds=window)
        while q and q[0] <= start:  # (t - window, t]: exactly one window earlier is outside
            q.popleft()
        if len(q) < quota:
            q.append(ts)
            decisions.append((number, client, ts, "ALLOW"))
        else:
            decisions.append((number, client, ts, "REJECT"))
    return decisions


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limits", default="/app/gateway/limits.toml")
    ap.add_argument("--log", default="/app/logs/access.jsonl")
    ap.add_argument("--out", default="/app/out")
    args = ap.parse_args(argv)
    default, limits, exempt = load_limits(args.limits)
    requests, malformed = read_log(args.log)
    decisions = replay(requests, default, limits, exempt)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "decisions.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["line", "client", "utc", "decision"])
        for number, client, ts, decision in decisions:
            w.writerow([number, client, ts.strftime("%Y-%m-%dT%H:%M:%S.%fZ"), decision])
    clients: dict[str, dict[str, int]] = {}
    for _, client, _, decision in decisions:
        c = clients.setdefault(client, {"allowed": 0, "rejected": 0})
        c["allowed" if decision == "ALLOW" else "rejected"] += 1
    summary = {"malformed_lines": malformed, "clients": dict(sorted(clients.items()))}
    with open(os.path.join(args.out, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=2)
        f.write("\n")
    rejected = sum(c["rejected"] for c in clients.values())
    print(f"{len(decisions)} requests, {rejected} rejected, {len(malformed)} malformed lines -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
