#!/usr/bin/env bash
# Ranks the Top Reps on the exact, unrounded revenue, so two reps who tie to the cent are ordered by fractions of a cent instead of by name.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path

src = Path("/solution/build_summary.py").read_text()
old = "key=lambda kv: (-kv[1].quantize(CENT, rounding=ROUND_HALF_UP), kv[0])"
assert old in src, "the reference build_summary.py changed: update this mutant"
Path("/app/build_summary.py").write_text(src.replace(old, "key=lambda kv: (-kv[1], kv[0])"))
PY
mkdir -p /app/out
python3 /app/build_summary.py /app/data/sales_q1.xlsx /app/out/q1_summary.xlsx
