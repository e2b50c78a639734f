#!/bin/bash
# Reference solution: peaks.py (despike, polynomial baseline with clipping, Savitzky-Golay smoothing,
# find_peaks at 8 sigma, centroid and trapezoid area over centre +- 1.5 FWHM with noise-propagated
# errors), run on the eight spectra into /app/results/peaks.tsv.
set -euo pipefail
cd /app

# 1. A look at the exports: comment lines, the header, bench B's high-to-low order.
head -n 4 spectra/S01.csv spectra/S05.csv

# 2. The peak picker.
install -m 0755 /solution/peaks.py /app/peaks.py

# 3. The results table for S01 to S08.
mkdir -p /app/results
python3 /app/peaks.py spectra/S01.csv spectra/S02.csv spectra/S03.csv spectra/S04.csv \
    spectra/S05.csv spectra/S06.csv spectra/S07.csv spectra/S08.csv > /app/results/peaks.tsv

# 4. Check: peaks per spectrum, and every band's area positive with a finite error.
python3 - <<'PY'
import csv
rows = list(csv.DictReader(open("/app/results/peaks.tsv"), delimiter="\t"))
per = {}
for r in rows:
    per[r["spectrum"]] = per.get(r["spectrum"], 0) + 1
    assert float(r["area"]) > 0 and float(r["area_err"]) > 0, r
print(per)
PY
