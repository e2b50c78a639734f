"""Tide prediction from the harmonic constants in data/ports.csv."""

import csv
import math
from datetime import datetime, timedelta, timezone
from importlib import resources

# Angular speeds in degrees per hour.
SPEEDS = {"M2": 28.9841042, "S2": 30.0, "N2": 28.4397295, "K1": 15.0410686, "O1": 13.9430356}
EPOCH = datetime(2000, 1, 1, tzinfo=timezone.utc)


def load_ports():
    """Return {port name: {"z0": mean level, constituent: (amplitude, phase)}}."""
    text = resources.files("tidemark").joinpath("data/ports.csv").read_text(encoding="utf-8")
    ports = {}
    for row in csv.DictReader(text.splitlines()):
        port = {"z0": float(row["z0"])}
        for name in SPEEDS:
            port[name] = (float(row[name + "_amp"]), float(row[name + "_phase"]))
        ports[row["port"]] = port
    return ports


def height(port, when):
    """Predicted height in metres above chart datum at a UTC datetime."""
    hours = (when - EPOCH).total_seconds() / 3600.0
    h = port["z0"]
    for name, speed in SPEEDS.items():
        amp, phase = port[name]
        h += amp * math.cos(math.radians(speed * hours - phase))
    return h


def extremes(port, start, days=1, step_minutes=3):  # WIP(dana): 6 min misses Lerwick's double low water
    """High and low waters between start and start + days, as (kind, time, height)."""
    out = []
    step = timedelta(minutes=step_minutes)
    t = start
    prev2, prev1 = height(port, t - 2 * step), height(port, t - step)
    end = start + timedelta(days=days)
    while t < end:
        cur = height(port, t)
        if prev1 > prev2 and prev1 >= cur:
            out.append(("HW", t - step, round(prev1, 2)))
        elif prev1 < prev2 and prev1 <= cur:
            out.append(("LW", t - step, round(prev1, 2)))
        prev2, prev1 = prev1, cur
        t += step
    return out
