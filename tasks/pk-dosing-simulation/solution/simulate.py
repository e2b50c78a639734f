#!/usr/bin/env python3
"""Plasma concentrations for dosing regimens: one-compartment model with first-order absorption.

    python3 simulate.py [--regimens DIR] [--out DIR]

dA_gut/dt = -ka A_gut, dA_c/dt = ka A_gut - ke A_c, C = A_c / V (V = v_l_per_kg * weight_kg).
An oral dose adds F * amount to A_gut, an IV bolus adds the amount to A_c. The model is linear,
so the exact solution is the sum of each dose's response (with the ka == ke limit handled).
"""
from __future__ import annotations

import argparse
import csv
import glob
import json
import math
import os
import sys

STEP = 0.25


class Regimen:
    def __init__(self, spec: dict):
        m = spec["model"]
        self.patient = spec["patient"]
        self.ka, self.ke, self.f = float(m["ka_per_h"]), float(m["ke_per_h"]), float(m["f_oral"])
        self.v = float(m["v_l_per_kg"]) * float(spec["weight_kg"])
        self.horizon = float(spec["horizon_h"])
        self.mec = float(spec["mec_mg_l"])
        self.doses = sorted(
            (float(d["time_h"]), float(d["amount_mg"]), d["route"].strip().lower())
            for d in spec["doses"] if float(d["time_h"]) <= self.horizon
        )

    def _oral(self, s: float) -> float:
        """Concentration s hours after 1 mg reaches the gut."""
        ka, ke = self.ka, self.ke
        if math.isclose(ka, ke, rel_tol=1e-9):
            return ka * s * math.exp(-ke * s) / self.v
        return ka / (self.v * (ka - ke)) * (math.exp(-ke * s) - math.exp(-ka * s))

    def _oral_auc(self, s: float) -> float:
        ka, ke = self.ka, self.ke
        if math.isclose(ka, ke, rel_tol=1e-9):
            k = ke
            return ka / self.v * (1 - math.exp(-k * s) * (1 + k * s)) / (k * k)
        return ka / (self.v * (ka - ke)) * ((1 - math.exp(-ke * s)) / ke - (1 - math.exp(-ka * s)) / ka)

    def conc(self, t: float) -> float:
        """C(t), right-continuous: a dose given at t is included."""
        c = 0.0
        for tau, amount, route in self.doses:
            if tau > t:
                break
            s = t - tau
            if route == "iv":
                c += amount / self.v * math.exp(-self.ke * s)
            else:
                c += self.f * amount * self._oral(s)
        return c

    def auc(self) -> float:
        total = 0.0
        for tau, amount, route in self.doses:
            s = self.horizon - tau
            if route == "iv":
                total += amount / self.v * (1 - math.exp(-self.ke * s)) / self.ke
            else:
                total += self.f * amount * self._oral_auc(s)
        return total

    def time_above(self) -> float:
        """Measure of {t in [0, horizon]: C(t) > mec}: dense sampling between dose times plus bisection."""
        cuts = sorted({0.0, self.horizon, *(tau for tau, _, _ in self.doses)})
        above = 0.0
        for a, b in zip(cuts, cuts[1:]):
            n = max(1, int(math.ceil((b - a) / 0.01)))
            # inside (a, b) C is continuous; evaluate just after a (doses at a included)
            pts = [a + (b - a) * i / n for i in range(n + 1)]
            vals = [self.conc(p) for p in pts[:-1]] + [self.conc_left(b)]
            for (p0, v0), (p1, v1) in zip(zip(pts, vals), zip(pts[1:], vals[1:])):
                s0, s1 = v0 > self.mec, v1 > self.mec
                if s0 and s1:
                    above += p1 - p0
                elif s0 != s1:
                    x = self._cross(p0, p1, s0)
                    above += (x - p0) if s0 else (p1 - x)
        return above

    def conc_left(self, t: float) -> float:
        """C just before t (a dose given at t excluded)."""
        c = 0.0
        for tau, amount, route in self.doses:
            if tau >= t:
                break
            s = t - tau
            c += amount / self.v * math.exp(-self.ke * s) if route == "iv" else self.f * amount * self._oral(s)
        return c

    def _cross(self, lo: float, hi: float, above_at_lo: bool) -> float:
        for _ in range(80):
            mid = (lo + hi) / 2
            if (self.conc(mid) > self.mec) == above_at_lo:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--regimens", default="/app/regimens")
    ap.add_argument("--out", default="/app/out")
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    summary = []
    for path in sorted(glob.glob(os.path.join(args.regimens, "*.json"))):
        with open(path, encoding="utf-8") as f:
            r = Regimen(json.load(f))
        grid = [i * STEP for i in range(int(round(r.horizon / STEP)) + 1)]
        conc = [r.conc(t) for t in grid]
        with open(os.path.join(args.out, f"{r.patient}.csv"), "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(["time_h", "conc_mg_l"])
            w.writerows([f"{t:.2f}", f"{c:.6f}"] for t, c in zip(grid, conc))
        cmax = max(conc)
        tmax = grid[conc.index(cmax)]
        summary.append([r.patient, f"{cmax:.6f}", f"{tmax:.2f}", f"{r.auc():.4f}", f"{r.time_above():.4f}"])
    summary.sort(key=lambda row: row[0])
    with open(os.path.join(args.out, "summary.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["patient", "cmax_mg_l", "tmax_h", "auc_mg_h_l", "time_above_mec_h"])
        w.writerows(summary)
    print(f"{len(summary)} regimens -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
