#!/usr/bin/env python3
"""Despike bridge accelerometer recordings (Hampel filter) and compute per-second AC RMS of az.

    python3 despike.py [--data DIR] [--out DIR]
"""
from __future__ import annotations

import argparse
import csv
import glob
import math
import os
import statistics
import sys

K = 5            # half window, in samples
N_SIGMA = 3.0
MAD_SCALE = 1.4826
MIN_SAMPLES = 50
AXES = ("ax", "ay", "az")


def number(text: str) -> float | None:
    try:
        v = float(text)
    except (TypeError, ValueError):
        return None
    return v if math.isfinite(v) else None


def hampel(x: list[float]) -> tuple[list[float], int]:
    n, out, count = len(x), list(x), 0
    for i in range(n):
        window = x[max(0, i - K): min(n, i + K + 1)]
        m = statistics.median(window)
        mad = statistics.median(abs(v - m) for v in window)
        if abs(x[i] - m) > N_SIGMA * MAD_SCALE * mad:
            out[i] = m
            count += 1
    return out, count


def process(path: str, out_dir: str) -> list[str]:
    name = os.path.basename(path)[: -len(".csv")]
    times, cols, total = [], {a: [] for a in AXES}, 0
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            total += 1
            vals = [number(row.get(a)) for a in AXES]
            if any(v is None for v in vals):
                continue
            times.append(row["t_s"].strip())
            for a, v in zip(AXES, vals):
                cols[a].append(v)
    clean, outliers = {}, {}
    for a in AXES:
        clean[a], outliers[a] = hampel(cols[a])
    with open(os.path.join(out_dir, f"{name}.clean.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["t_s", *AXES])
        for i, t in enumerate(times):
            w.writerow([t, *(f"{clean[a][i]:.6f}" for a in AXES)])
    seconds: dict[int, list[float]] = {}
    for t, z in zip(times, clean["az"]):
        seconds.setdefault(math.floor(float(t)), []).append(z)
    rms_rows, peak = [], None
    if times:
        for k in range(math.floor(float(times[0])), math.floor(float(times[-1])) + 1):
            zs = seconds.get(k, [])
            if len(zs) >= MIN_SAMPLES:
                mean = sum(zs) / len(zs)
                rms = math.sqrt(sum((z - mean) ** 2 for z in zs) / len(zs))
                rms_rows.append([k, len(zs), f"{rms:.6f}", "ok"])
                if peak is None or rms > peak[0]:
                    peak = (rms, k)
            else:
                rms_rows.append([k, len(zs), "", "gap"])
    with open(os.path.join(out_dir, f"{name}.rms.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["second", "samples", "rms_az", "status"])
        w.writerows(rms_rows)
    return [name, total, total - len(times), outliers["ax"], outliers["ay"], outliers["az"],
            f"{peak[0]:.6f}" if peak else "", peak[1] if peak else ""]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="/app/data")
    ap.add_argument("--out", default="/app/out")
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    rows = [process(p, args.out) for p in sorted(glob.glob(os.path.join(args.data, "*.csv")))]
    rows.sort(key=lambda r: r[0])
    with open(os.path.join(args.out, "summary.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["recording", "rows", "dropped_rows", "outliers_ax", "outliers_ay", "outliers_az", "peak_rms_az", "peak_second"])
        w.writerows(rows)
    print(f"{len(rows)} recordings -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
