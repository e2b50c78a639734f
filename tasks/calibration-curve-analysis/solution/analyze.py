#!/usr/bin/env python3
"""Calibration-curve analysis of one spectrophotometer batch.

usage: analyze.py SPECTRA.csv SAMPLES.csv INSTRUMENT.log OUT.json
"""
import csv
import json
import math
import re
import sys
from collections import defaultdict

import numpy as np

BASELINE = ((400.0, 450.0), (650.0, 700.0))
PEAK = (500.0, 600.0)


def read_spectra(path):
    sums = defaultdict(lambda: defaultdict(list))
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            text = (row["absorbance"] or "").strip()
            if not text:
                continue
            value = float(text)
            if math.isnan(value):
                continue
            sums[row["sample_id"].strip()][float(row["wavelength_nm"])].append(value)
    spectra = {}
    for sid, points in sums.items():
        wl = np.array(sorted(points))
        spectra[sid] = (wl, np.array([np.mean(points[w]) for w in wl]))
    return spectra


def peak_area(wl, ab):
    mask = np.zeros(wl.shape, bool)
    for lo, hi in BASELINE:
        mask |= (wl >= lo) & (wl <= hi)
    slope, intercept = np.polyfit(wl[mask], ab[mask], 1)
    corrected = ab - (slope * wl + intercept)
    inside = (wl >= PEAK[0]) & (wl <= PEAK[1])
    return float(np.trapz(corrected[inside], wl[inside]))


def saturated_samples(log_path):
    found = set()
    pattern = re.compile(r"\bWARN\b.*DETECTOR SATURATION.*\bsample=(\S+)")
    with open(log_path, errors="replace") as f:
        for line in f:
            m = pattern.search(line)
            if m:
                found.add(m.group(1))
    return found


def main(spectra_path, samples_path, log_path, out_path):
    spectra = read_spectra(spectra_path)
    with open(samples_path, newline="") as f:
        samples = [{k: (v or "").strip() for k, v in row.items()} for row in csv.DictReader(f)]
    areas = {s["sample_id"]: peak_area(*spectra[s["sample_id"]]) for s in samples}
    standards = [s for s in samples if s["type"] == "standard"]
    conc = np.array([float(s["concentration_mg_L"]) for s in standards])
    std_area = np.array([areas[s["sample_id"]] for s in standards])
    slope, intercept = np.polyfit(conc, std_area, 1)
    fitted = slope * conc + intercept
    r2 = 1.0 - float(np.sum((std_area - fitted) ** 2)) / float(np.sum((std_area - std_area.mean()) ** 2))
    blanks = np.array([areas[s["sample_id"]] for s in samples if s["type"] == "blank"])
    lod = 3.0 * float(np.std(blanks, ddof=1)) / float(slope)
    top = float(conc.max())
    saturated = saturated_samples(log_path)
    out = []
    for s in sorted((s for s in samples if s["type"] == "unknown"), key=lambda s: s["sample_id"]):
        sid = s["sample_id"]
        c = (areas[sid] - intercept) / slope
        if sid in saturated:
            flag, value = "saturated", None
        elif c < lod:
            flag, value = "below_lod", float(c)
        elif c > top:
            flag, value = "above_range", float(c)
        else:
            flag, value = "ok", float(c)
        out.append({"sample_id": sid, "peak_area": areas[sid], "concentration_mg_L": value, "flag": flag})
    run_dates = sorted({s["run_date"] for s in samples})
    report = {
        "run_date": run_dates[0],
        "calibration": {"slope": float(slope), "intercept": float(intercept), "r_squared": r2,
                        "n_standards": len(standards)},
        "lod_mg_L": lod,
        "samples": out,
    }
    with open(out_path, "w") as f:
        json.dump(report, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit("usage: analyze.py SPECTRA.csv SAMPLES.csv INSTRUMENT.log OUT.json")
    main(*sys.argv[1:])
