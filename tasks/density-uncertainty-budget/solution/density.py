#!/usr/bin/env python3
"""Density of cylindrical specimens with its standard uncertainty (GUM, first order).

    python3 density.py [--readings FILE] [--instruments FILE] [--out FILE]

Per specimen and quantity: mean of the readings in SI units; u_A = s / sqrt(n) (s with n - 1;
0 for one reading); u_B = largest instrument resolution / (2 sqrt 3); u = sqrt(u_A^2 + u_B^2).
rho = 4 m / (pi d^2 L); u(rho)/rho = sqrt((u_m/m)^2 + (2 u_d/d)^2 + (u_L/L)^2).
"""
from __future__ import annotations

import argparse
import csv
import math
import os
import sys
from decimal import ROUND_HALF_UP, Decimal

FACTORS = {
    "kg": 1.0, "g": 1e-3, "mg": 1e-6, "lb": 0.45359237, "oz": 0.028349523125,
    "m": 1.0, "cm": 1e-2, "mm": 1e-3, "in": 0.0254,
}
QUANTITIES = ("mass", "diameter", "length")


def si(value: str, unit: str) -> float:
    return float(value) * FACTORS[unit.strip().lower()]


def round_half_up(x: float, exponent: int) -> Decimal:
    """x rounded (half away from zero) to a multiple of 10**exponent."""
    return Decimal(x).quantize(Decimal(1).scaleb(exponent), rounding=ROUND_HALF_UP)


def two_sig(u: float) -> tuple[Decimal, int]:
    """u rounded to 2 significant figures, and the exponent of its last digit."""
    exp = math.floor(math.log10(u)) - 1
    r = round_half_up(u, exp)
    if r >= Decimal(10) ** (exp + 2):  # 0.0996 -> 0.100: two significant figures are 0.10
        exp += 1
        r = round_half_up(u, exp)
    return r, exp


def plain(d: Decimal, exponent: int) -> str:
    return f"{d:.{max(0, -exponent)}f}"


def stats(values: list[float], resolutions: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    u_a = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n) if n > 1 else 0.0
    u_b = max(resolutions) / (2 * math.sqrt(3))
    return mean, math.sqrt(u_a ** 2 + u_b ** 2)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--readings", default="/app/lab/readings.csv")
    ap.add_argument("--instruments", default="/app/lab/instruments.csv")
    ap.add_argument("--out", default="/app/out/density.csv")
    args = ap.parse_args(argv)

    with open(args.instruments, newline="", encoding="utf-8") as f:
        res = {r["instrument"].strip(): si(r["resolution"], r["unit"]) for r in csv.DictReader(f)}
    data: dict[str, dict[str, list[tuple[float, float]]]] = {}
    with open(args.readings, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            spec = data.setdefault(r["specimen"].strip(), {q: [] for q in QUANTITIES})
            spec[r["quantity"].strip().lower()].append((si(r["value"], r["unit"]), res[r["instrument"].strip()]))

    rows = []
    for specimen in sorted(data):
        q = data[specimen]
        counts = [len(q[k]) for k in QUANTITIES]
        missing = [k for k in QUANTITIES if not q[k]]
        if missing:
            rows.append([specimen, "", "", "", *counts, f"missing {missing[0]}"])
            continue
        (m, um), (d, ud), (length, ul) = (stats([v for v, _ in q[k]], [r for _, r in q[k]]) for k in QUANTITIES)
        rho = 4 * m / (math.pi * d * d * length)
        rel = math.sqrt((um / m) ** 2 + (2 * ud / d) ** 2 + (ul / length) ** 2)
        u = rho * rel
        if u > 0:
            ur, exp = two_sig(u)
            rho_txt, u_txt = plain(round_half_up(rho, exp), exp), plain(ur, exp)
        else:
            rho_txt, u_txt = repr(rho), "0"
        rows.append([specimen, rho_txt, u_txt, plain(round_half_up(100 * rel, -2), -2), *counts, "ok"])

    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["specimen", "density_kg_m3", "u_kg_m3", "rel_u_percent", "n_mass", "n_diameter", "n_length", "status"])
        w.writerows(rows)
    print(f"{len(rows)} specimens -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
