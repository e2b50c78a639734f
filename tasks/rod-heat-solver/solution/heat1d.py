#!/usr/bin/env python3
"""heat1d.py CONFIG OUT: 1-D heat equation u_t = alpha u_xx, Crank-Nicolson, on the rod rig's config."""
import json
import os
import sys

import numpy as np


class ConfigError(Exception):
    pass


def read_sensors(path):
    """Position (m) -> temperature, from the logger's CSV (mm, comments, NA, re-reads averaged)."""
    readings = {}
    with open(path) as f:
        header_seen = False
        for raw in f:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if not header_seen:
                header_seen = True
                if line.replace(" ", "").lower().startswith("position_mm"):
                    continue
            pos, _, temp = (p.strip() for p in line.partition(","))
            if temp in ("", "NA"):
                continue
            readings.setdefault(float(pos), []).append(float(temp))
    if len(readings) < 2:
        raise ConfigError(f"{path}: fewer than two usable sensor readings")
    xs = np.array(sorted(readings)) / 1000.0
    ts = np.array([sum(readings[k]) / len(readings[k]) for k in sorted(readings)])
    return xs, ts


def load(path):
    try:
        cfg = json.load(open(path))
    except (OSError, ValueError) as e:
        raise ConfigError(f"cannot read {path}: {e}")
    try:
        length, alpha = float(cfg["length"]), float(cfg["alpha"])
        nx, nt, t_end = int(cfg["nx"]), int(cfg["nt"]), float(cfg["t_end"])
        ends = [cfg["left"], cfg["right"]]
        initial = cfg["initial"]
    except (KeyError, TypeError, ValueError) as e:
        raise ConfigError(f"{path}: missing or bad key: {e}")
    if length <= 0 or alpha <= 0 or t_end <= 0:
        raise ConfigError("length, alpha and t_end must be positive")
    if nx < 2 or nt < 1:
        raise ConfigError("nx must be at least 2 and nt at least 1")
    for end in ends:
        if end.get("type") not in ("fixed", "insulated"):
            raise ConfigError(f"unknown boundary type: {end.get('type')!r}")
        if end["type"] == "fixed":
            end["value"] = float(end["value"])
    sensors = os.path.join(os.path.dirname(os.path.abspath(path)), initial)
    try:
        xs, ts = read_sensors(sensors)
    except (OSError, ValueError) as e:
        raise ConfigError(f"cannot read the sensor file {sensors}: {e}")
    return length, alpha, nx, nt, t_end, ends, xs, ts


def solve(length, alpha, nx, nt, t_end, ends, xs, ts):
    x = np.linspace(0.0, length, nx + 1)
    u = np.interp(x, xs, ts)  # linear inside, the nearest reading outside the sensors' range
    dx, dt = length / nx, t_end / nt
    r = alpha * dt / dx**2
    n = nx + 1
    # L u: second difference; an insulated end mirrors its neighbour (u[-1] = u[1]).
    lap = np.zeros((n, n))
    for i in range(1, n - 1):
        lap[i, i - 1 : i + 2] = (1.0, -2.0, 1.0)
    lap[0, 0:2] = (-2.0, 2.0)
    lap[-1, -2:] = (2.0, -2.0)
    a = np.eye(n) - 0.5 * r * lap
    b = np.eye(n) + 0.5 * r * lap
    for k, end in ((0, ends[0]), (n - 1, ends[1])):
        if end["type"] == "fixed":
            a[k, :] = 0.0
            a[k, k] = 1.0
            b[k, :] = 0.0
            b[k, k] = 1.0
            u[k] = end["value"]
    step = np.linalg.solve(a, b)  # one step: u <- A^-1 B u (fixed rows of both are identity)
    for _ in range(nt):
        u = step @ u
    return x, u


def main(argv):
    if len(argv) != 3:
        print("usage: heat1d.py CONFIG OUT", file=sys.stderr)
        return 2
    try:
        params = load(argv[1])
    except ConfigError as e:
        print(f"heat1d: {e}", file=sys.stderr)
        return 2
    x, u = solve(*params)
    with open(argv[2], "w") as out:
        out.write("x,u\n")
        for xi, ui in zip(x, u):
            out.write(f"{xi:.6f},{ui:.6f}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
