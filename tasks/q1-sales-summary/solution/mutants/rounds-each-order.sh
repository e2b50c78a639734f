#!/usr/bin/env bash
# Rounds every order's revenue to cents before adding it up instead of summing the exact line revenues and rounding only the reported totals.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path

src = Path("/solution/build_summary.py").read_text()
old = '            "revenue": revenue,\n'
assert old in src, "the reference build_summary.py changed: update this mutant"
Path("/app/build_summary.py").write_text(
    src.replace(old, '            "revenue": revenue.quantize(CENT, rounding=ROUND_HALF_UP),\n'))
PY
mkdir -p /app/out
python3 /app/build_summary.py /app/data/sales_q1.xlsx /app/out/q1_summary.xlsx
