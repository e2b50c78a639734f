#!/usr/bin/env bash
# analyze.py ignores its OUT.json argument and always writes /app/out/results.json, so this batch's results are right but a run on another batch leaves no output where it was asked for (and overwrites this batch's file).
set -euo pipefail
cd /app
python3 - <<'PY'
from pathlib import Path

src = Path("/solution/analyze.py").read_text()
old = "    with open(out_path, \"w\") as f:\n"
assert old in src, "the reference analyze.py changed: update this mutant"
Path("/app/analyze.py").write_text(src.replace(old, "    with open(\"/app/out/results.json\", \"w\") as f:\n"))
PY
chmod 0755 /app/analyze.py
mkdir -p /app/out
python3 analyze.py data/spectra.csv data/samples.csv data/instrument.log out/results.json
python3 tools/publish.py out/results.json --run-date 2024-05-14
