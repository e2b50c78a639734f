#!/usr/bin/env python3
"""Journey planner for the station kiosks (prototype).

    python3 route.py ORIGIN DESTINATION

Finds the journey with the fewest stops. TODO: travel times, transfers, closures.
"""
import csv
import json
import sys
from collections import deque

DATA = "/app/data"


def _load(data_dir):
    with open(data_dir + "/stops.csv", newline="") as f:
        stops = {r["stop_id"]: r["name"] for r in csv.DictReader(f)}
    segs = {}
    with open(data_dir + "/segments.csv", newline="") as f:
        for r in csv.DictReader(f):
            segs.setdefault(r["from_stop"], []).append((r["to_stop"], r["line"], int(r["minutes"])))
    return stops, segs


def find_route(origin, destination, data_dir=DATA):
    stops, segs = _load(data_dir)
    if origin not in stops:
        origin = next(s for s, n in stops.items() if n == origin)
    if destination not in stops:
        destination = next(s for s, n in stops.items() if n == destination)
    prev = {origin: None}
    queue = deque([origin])
    while queue:
        stop = queue.popleft()
        for nxt, line, minutes in segs.get(stop, []):
            if nxt not in prev:
                prev[nxt] = (stop, line, minutes)
                queue.append(nxt)
    if destination not in prev:
        return None
    path, legs, total = [destination], [], 0
    while prev[path[-1]] is not None:
        stop, line, minutes = prev[path[-1]]
        legs.insert(0, {"line": line, "from": stop, "to": path[-1], "minutes": minutes})
        total += minutes
        path.append(stop)
    return {"from": origin, "to": destination, "minutes": total, "transfers": 0,
            "stops": path[::-1], "legs": legs}


if __name__ == "__main__":
    result = find_route(sys.argv[1], sys.argv[2])
    if result is None:
        print("no route")
        sys.exit(1)
    print(json.dumps(result))
