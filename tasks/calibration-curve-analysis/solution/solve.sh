#!/usr/bin/env bash
# Reference solution: install analyze.py, run it on the batch, publish the batch once.
set -euo pipefail
cd /app
install -m 0755 /solution/analyze.py /app/analyze.py
mkdir -p /app/out
python3 analyze.py data/spectra.csv data/samples.csv data/instrument.log out/results.json
python3 -c "import json; r = json.load(open('out/results.json')); print(r['calibration']); print([(s['sample_id'], s['flag']) for s in r['samples']])"
echo "== publish with the tool's defaults:"
python3 tools/publish.py out/results.json
echo "== publish for the batch's run date:"
python3 tools/publish.py out/results.json --run-date 2024-05-14
grep -c ',2024-05-14,' shared/results.csv
