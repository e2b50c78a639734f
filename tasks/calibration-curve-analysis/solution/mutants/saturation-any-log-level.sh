#!/usr/bin/env bash
# Marks a sample as saturated whenever a log line mentions saturation for it, whatever its level, so the routine "INFO ... saturation check ok" lines flag every sample.
set -euo pipefail
cd /app
python3 - <<'PY'
from pathlib import Path

src = Path("/solution/analyze.py").read_text()
old = 'pattern = re.compile(r"\\bWARN\\b.*DETECTOR SATURATION.*\\bsample=(\\S+)")'
assert old in src, "the reference analyze.py changed: update this mutant"
Path("/app/analyze.py").write_text(src.replace(old, 'pattern = re.compile(r"saturation.*\\bsample=(\\S+)", re.I)'))
PY
chmod 0755 /app/analyze.py
mkdir -p /app/out
python3 analyze.py data/spectra.csv data/samples.csv data/instrument.log out/results.json
python3 tools/publish.py out/results.json --run-date 2024-05-14
