#!/usr/bin/env bash
# Computes the detection limit from the population standard deviation of the blanks (n in the denominator) instead of the sample standard deviation (n - 1).
set -euo pipefail
cd /app
python3 - <<'PY'
from pathlib import Path

src = Path("/solution/analyze.py").read_text()
old = "lod = 3.0 * float(np.std(blanks, ddof=1)) / float(slope)"
assert old in src, "the reference analyze.py changed: update this mutant"
Path("/app/analyze.py").write_text(src.replace(old, "lod = 3.0 * float(np.std(blanks)) / float(slope)"))
PY
chmod 0755 /app/analyze.py
mkdir -p /app/out
python3 analyze.py data/spectra.csv data/samples.csv data/instrument.log out/results.json
python3 tools/publish.py out/results.json --run-date 2024-05-14
