#!/bin/bash
# Tidies /app/lab/readings.csv in place (units lower-cased, spaces stripped) before computing, so the raw readings kept for audits are modified.
set -euo pipefail
python3 - <<'PY'
import csv
from pathlib import Path
path = Path("/app/lab/readings.csv")
rows = list(csv.reader(path.open(newline="")))
tidy = [rows[0]] + [r[:3] + [r[3].strip().lower()] + r[4:] for r in rows[1:]]
assert tidy != rows, "readings.csv has nothing to tidy: update this mutant"
with path.open("w", newline="") as f:
    csv.writer(f, lineterminator="\n").writerows(tidy)
PY
install -D -m 0755 /solution/density.py /app/bin/density.py
python3 /app/bin/density.py
