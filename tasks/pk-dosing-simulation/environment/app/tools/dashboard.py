#!/usr/bin/env python3
"""Dosing dashboard feed: reads /app/out/summary.csv and prints the ward overview.

Run by the ward dashboard every 10 minutes. Exits 1 if the summary is missing or malformed.
"""
import csv
import sys

COLUMNS = ["patient", "cmax_mg_l", "tmax_h", "auc_mg_h_l", "time_above_mec_h"]
try:
    with open("/app/out/summary.csv", newline="") as f:
        reader = csv.DictReader(f)
        if reader.fieldnames != COLUMNS:
            sys.exit(f"dashboard: unexpected columns {reader.fieldnames}, expected {COLUMNS}")
        rows = list(reader)
except OSError as e:
    sys.exit(f"dashboard: {e}")
print(f"{'patient':<10}{'Cmax mg/L':>12}{'Tmax h':>9}{'AUC mg*h/L':>13}{'>MEC h':>9}")
for r in rows:
    try:
        vals = [float(r[c]) for c in COLUMNS[1:]]
    except (TypeError, ValueError):
        sys.exit(f"dashboard: bad number in row {r}")
    print(f"{r['patient']:<10}{vals[0]:>12.2f}{vals[1]:>9.2f}{vals[2]:>13.1f}{vals[3]:>9.2f}")
