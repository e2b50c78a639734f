#!/usr/bin/env python3
"""Journey planner: the fastest journey between two stops of the network export.

    python3 route.py [--data DIR] [--via STOP] ORIGIN DESTINATION

Cost of a journey = sum of segment minutes + transfer_minutes per change of line.
Ties: fewer transfers, then the smaller stop-id sequence, then the smaller line sequence.
Standard library only (the kiosks run a bare Python).
"""
from __future__ import annotations

import argparse
import csv
import heapq
import json
import os
import sys

DEFAULT_DATA = "/app/data"


class ClosedStop(Exception):
    """The origin, destination or via stop is closed."""


def load_network(data_dir: str) -> dict:
    with open(os.path.join(data_dir, "stops.csv"), newline="", encoding="utf-8") as f:
        stops = {row["stop_id"].strip(): row["name"].strip() for row in csv.DictReader(f)}
    out: dict[str, list[tuple[str, str, int]]] = {s: [] for s in stops}
    with open(os.path.join(data_dir, "segments.csv"), newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            a, b = row["from_stop"].strip(), row["to_stop"].strip()
            out.setdefault(a, []).append((b, row["line"].strip(), int(row["minutes"])))
    closed: set[str] = set()
    with open(os.path.join(data_dir, "settings.json"), encoding="utf-8") as f:
        transfer = int(json.load(f)["transfer_minutes"])
    minutes = {(a, b, line): m for a, edges in out.items() for b, line, m in edges}
    return {"stops": stops, "out": out, "closed": closed, "transfer": transfer, "minutes": minutes}


def resolve(net: dict, ref: str) -> str:
    """A stop id, or a stop name (case-insensitive, surrounding spaces ignored) -> the stop id."""
    ref = ref.strip()
    if ref in net["stops"]:
        return ref
    for sid, name in net["stops"].items():
        if name.casefold() == ref.casefold():
            return sid
    raise KeyError(f"unknown stop: {ref!r}")


def _search(net: dict, origin: str, dest: str):
    """Best key (minutes, transfers, stops, lines) from origin to dest, or None."""
    closed, transfer = net["closed"], net["transfer"]
    start = (0, 0, (origin,), ())
    best = {(origin, None): start}
    heap = [(start, origin, None)]
    while heap:
        key, stop, line = heapq.heappop(heap)
        if best.get((stop, line)) != key:
            continue
        if stop == dest:
            return key  # keys pop in order: the first arrival is the best journey
        minutes, transfers, stops, lines = key
        for nxt, nline, m in net["out"].get(stop, ()):
            if nxt in closed:
                continue
            change = line is not None and nline != line
            cand = (minutes + m + (transfer if change else 0), transfers + change, stops + (nxt,), lines + (nline,))
            state = (nxt, nline)
            if state not in best or cand < best[state]:
                best[state] = cand
                heapq.heappush(heap, (cand, nxt, nline))
    return None


def _best_key(net: dict, origin: str, dest: str):
    if origin == dest:
        return (0, 0, (origin,), ())
    return _search(net, origin, dest)


def _result(net: dict, origin: str, dest: str, key) -> dict:
    minutes, transfers, stops, lines = key
    legs: list[dict] = []
    for i, line in enumerate(lines):
        m = net["minutes"][(stops[i], stops[i + 1], line)]
        if legs and legs[-1]["line"] == line:
            legs[-1]["to"] = stops[i + 1]
            legs[-1]["minutes"] += m
        else:
            legs.append({"line": line, "from": stops[i], "to": stops[i + 1], "minutes": m})
    return {"from": origin, "to": dest, "minutes": minutes, "transfers": transfers, "stops": list(stops), "legs": legs}


def plan(net: dict, origin: str, dest: str, via: str | None = None) -> dict | None:
    """The best journey (dict) between two resolved stops, or None. Raises ClosedStop."""
    for s in (origin, dest) + ((via,) if via else ()):
        if s in net["closed"]:
            raise ClosedStop(s)
    if via is None:
        key = _best_key(net, origin, dest)
    else:
        first, second = _best_key(net, origin, via), _best_key(net, via, dest)
        key = None
        if first is not None and second is not None:
            # Join the halves; a change of line at the via stop is a transfer like any other.
            stops, lines = first[2] + second[2][1:], first[3] + second[3]
            transfers = sum(1 for a, b in zip(lines, lines[1:]) if a != b)
            minutes = sum(net["minutes"][(stops[i], stops[i + 1], l)] for i, l in enumerate(lines))
            key = (minutes + transfers * net["transfer"], transfers, stops, lines)
    return None if key is None else _result(net, origin, dest, key)


def find_route(origin: str, destination: str, data_dir: str = DEFAULT_DATA) -> dict | None:
    """The journey as printed by the CLI; None if there is none (closed stops included).

    Raises KeyError for an unknown stop. Imported by departure_board.py: keep this signature.
    """
    net = load_network(data_dir)
    o, d = resolve(net, origin), resolve(net, destination)
    try:
        return plan(net, o, d)
    except ClosedStop:
        return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Fastest journey between two stops.")
    ap.add_argument("--data", default=DEFAULT_DATA, help="network export folder (default /app/data)")
    ap.add_argument("--via", default=None, help="force the journey through this stop")
    ap.add_argument("origin")
    ap.add_argument("destination")
    args = ap.parse_args(argv)
    net = load_network(args.data)
    try:
        o, d = resolve(net, args.origin), resolve(net, args.destination)
        v = resolve(net, args.via) if args.via else None
    except KeyError as e:
        print(f"route: {e.args[0]}", file=sys.stderr)
        return 2
    try:
        res = plan(net, o, d, v)
    except ClosedStop as e:
        print(f"route: stop {e.args[0]} is closed", file=sys.stderr)
        return 3
    if res is None:
        print(f"route: no route from {o} to {d}", file=sys.stderr)
        return 1
    print(json.dumps(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
