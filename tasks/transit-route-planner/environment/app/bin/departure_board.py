#!/usr/bin/env python3
"""Kiosk departure board: the fastest journey from this kiosk's stop to the popular destinations.

Runs on every station kiosk (cron, every minute). Reads /app/kiosk/board.ini and uses
find_route() from route.py next to this file. Do not change without the kiosk team.
"""
import configparser
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from route import find_route  # noqa: E402

cfg = configparser.ConfigParser()
cfg.read(os.environ.get("BOARD_CONFIG", "/app/kiosk/board.ini"))
board = cfg["board"]
data_dir = board.get("data", "/app/data")
with open(os.path.join(data_dir, "stops.csv"), newline="", encoding="utf-8") as f:
    names = {r["stop_id"]: r["name"] for r in csv.DictReader(f)}

origin = board["origin"]
print(f"Departures from {names[origin]}")
for dest in board["destinations"].split():
    journey = find_route(origin, dest, data_dir)
    if journey is None:
        print(f"  {names[dest]:<24} no service")
        continue
    via = " > ".join(leg["line"] for leg in journey["legs"])
    print(f"  {names[dest]:<24} {journey['minutes']:>3} min  {via}")
