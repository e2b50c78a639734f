#!/usr/bin/env bash
# Clamps negative concentrations to 0 before flagging, so a below-LOD unknown such as U03 is reported as 0 instead of its computed (negative) value.
set -euo pipefail
cd /app
python3 - <<'PY'
from pathlib import Path

src = Path("/solution/analyze.py").read_text()
old = "        c = (areas[sid] - intercept) / slope\n"
assert old in src, "the reference analyze.py changed: update this mutant"
Path("/app/analyze.py").write_text(src.replace(old, "        c = max(0.0, (areas[sid] - intercept) / slope)\n"))
PY
chmod 0755 /app/analyze.py
mkdir -p /app/out
python3 analyze.py data/spectra.csv data/samples.csv data/instrument.log out/results.json
python3 tools/publish.py out/results.json --run-date 2024-05-14
