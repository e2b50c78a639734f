#!/usr/bin/env python3
"""Explicit (FTCS) heat solver for the rod rig. Written for the 2023 rig by a summer student.

Usage: legacy_ftcs.py CONFIG OUT

Reads only nx, nt, t_end, length, alpha and the two end temperatures; the initial profile is
taken as 21 C everywhere (the sensor file was added later and never wired in). Both ends are
treated as fixed; the 'insulated' setting is ignored.
"""
import json
import sys

import numpy as np


def main() -> int:
    cfg = json.load(open(sys.argv[1]))
    nx, nt = cfg["nx"], cfg["nt"]
    dx = cfg["length"] / nx
    dt = cfg["t_end"] / nt
    r = cfg["alpha"] * dt / dx**2
    u = np.full(nx + 1, 21.0)
    u[0] = cfg["left"].get("value", 21.0)
    u[-1] = cfg["right"].get("value", 21.0)
    with np.errstate(all="ignore"):
        for _ in range(nt):
            u[1:-1] = u[1:-1] + r * (u[:-2] - 2 * u[1:-1] + u[2:])
    with open(sys.argv[2], "w") as out:
        out.write("x,u\n")
        for i, v in enumerate(u):
            out.write(f"{i * dx:.4f},{v:.4f}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
